/**
 * How content records look to callers, and the checks and defaults shared by creating, updating
 * and regenerating them.
 */
import type { Selectable } from 'kysely';
import type { Content, ContentPreferences, TemplateParams } from '../../../src/api/schemas/content.ts';
import { badRequest } from '../../http/errors.ts';
import { parseLanguageTag } from '../../languages/iso639.ts';
import type { ContentsTable } from '../../store/schema.ts';
import type { GenerationRequest } from './generator.ts';
import { templateOf } from './templates.ts';

type Row = Selectable<ContentsTable>;

const iso = (ms: number) => new Date(ms).toISOString();
/** Stored preference keys that are content fields, not preferences (PUT /v2/create/preferences). */
export const CONTENT_FIELDS = new Set(['name', 'language', 'template', 'templateParams']);

export function presentContent(row: Row): Content {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    template: row.template,
    templateParams: JSON.parse(row.template_params) as Record<string, unknown>,
    preferences: JSON.parse(row.preferences) as Record<string, unknown>,
    status: row.status,
    content: row.result,
    ...(row.error === null ? {} : { error: row.error }),
    generator: row.generator,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

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
