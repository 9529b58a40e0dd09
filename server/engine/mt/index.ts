/**
 * Machine translation: providers (offline pseudo-translation, OpenAI-compatible chat, LibreTranslate)
 * and the segment translation pipeline the `/v2/translate` route calls for its MT items.
 */

export type { WordSplit } from '../../../src/text/words.ts';
export { splitWords } from '../../../src/text/words.ts';
export { mtProvider } from './from-settings.ts';
export { libreTranslateProvider } from './libretranslate.ts';
export { offlineProvider } from './offline.ts';
export { openAiProvider } from './openai.ts';
export type { MtTranslation, TranslateOptions } from './pipeline.ts';
export { translateSegments } from './pipeline.ts';
export type { TagPosition } from './tags.ts';
export type { MtOutput, MtProvider, MtRequest, MtSegmentContext, MtTerm } from './types.ts';
export { MtError } from './types.ts';
