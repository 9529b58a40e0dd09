/**
 * The checks and defaults shared by creating, updating and regenerating content records;
 * present.ts shapes them for callers.
 */
import type { ContentPreferences, TemplateParams } from '../../../src/api/schemas/content.ts';
import { parseLanguageTag } from '../../../src/languages/iso639.ts';
import { badRequest } from '../../http/errors.ts';
import type { GenerationRequest } from './generator.ts';
import { templateOf } from './templates.ts';

/** Stored preference keys that are content fields, not preferences (PUT /v2/create/preferences). */
export const CONTENT_FIELDS = new Set(['name', 'language', 'template', 'templateParams']);

/** Longest a generation may run; stream.ts stops it there. */
export const MAX_GENERATION_MS = 10 * 60_000;

/** Recorded on a content whose generation died with its server process. */
export const INTERRUPTED = 'generation was interrupted: the server stopped before it finished';

/** `de`, `pt-BR`: the tag as the catalogue spells it, or a 400 naming the field. */
export function knownLanguage(tag: string, field: string): string {
  const parsed = parseLanguageTag(tag);
  if (!parsed) throw badRequest(`${field}: unknown language ${JSON.stringify(tag)}; see GET /v2/languages`);
  return parsed.locale ? `${parsed.lang}-${parsed.locale}` : parsed.lang;
}

/** The parameters with their `language` checked and spelled as the catalogue does. */
export function checkedParams(params: TemplateParams): TemplateParams {
  if (params.language === undefined) return params;
  return { ...params, language: knownLanguage(params.language, 'templateParams.language') };
}

/** What a generator is given for a record's fields. */
export function generationRequest(
  language: string,
  template: string,
  params: TemplateParams,
  preferences: ContentPreferences,
): GenerationRequest {
  const t = templateOf(template);
  return {
    language,
    template: t,
    params,
    preferences,
    contentLength: params.contentLength ?? t.defaultLength,
  };
}
