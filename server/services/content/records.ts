/**
 * How content records look to callers, and the checks and defaults shared by creating, updating
 * and regenerating them.
 */
import type { Selectable } from 'kysely';
import type { Content, ContentPreferences, TemplateParams } from '../../../src/api/schemas/content.ts';
import { parseLanguageTag } from '../../../src/languages/iso639.ts';
import { badRequest } from '../../http/errors.ts';
import type { ContentsTable } from '../../store/schema.ts';
import type { GenerationRequest } from './generator.ts';
import { templateOf } from './templates.ts';

type Row = Selectable<ContentsTable>;

const iso = (ms: number) => new Date(ms).toISOString();
/** Stored preference keys that are content fields, not preferences (PUT /v2/create/preferences). */
export const CONTENT_FIELDS = new Set(['name', 'language', 'template', 'templateParams']);

/** Longest a generation may run; stream.ts stops it there. */
export const MAX_GENERATION_MS = 10 * 60_000;

/** Recorded on a content whose generation died with its server process. */
export const INTERRUPTED = 'generation was interrupted: the server stopped before it finished';

/**
 * Whether a record still marked generating at `now` can no longer finish: it has been longer than
 * any generation runs (plus a margin for clocks), so the process running it died.
 */
export function interrupted(row: Pick<Row, 'status' | 'updated_at'>, now: number): boolean {
  return row.status === 'generating' && row.updated_at < now - MAX_GENERATION_MS - 60_000;
}

/** The record as callers see it at `now` (a generation that died shows as failed). */
export function presentContent(found: Row, now: number): Content {
  const row = interrupted(found, now) ? { ...found, status: 'failed' as const, error: INTERRUPTED } : found;
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
