import type { ContentSettings } from '../../settings.ts';
import type { ContentGenerator } from './generator.ts';
import { offlineGenerator } from './offline.ts';
import { openAiGenerator } from './openai.ts';

/** The generator the settings name (checked by `readSettings`), talking through `fetch`. */
export function contentGenerator(
  settings: ContentSettings,
  deps: { fetch?: typeof fetch } = {},
): ContentGenerator {
  if (settings.provider === 'offline') return offlineGenerator();
  const { provider: _, ...options } = settings;
  return openAiGenerator({ ...options, fetch: deps.fetch ?? globalThis.fetch });
}
