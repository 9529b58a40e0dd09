/** How content records look to callers (spec, Content generation), shaped from their rows. */
import type { Content } from '../../../src/api/schemas/content.ts';
import type { ContentRow } from '../../store/content.ts';
import { INTERRUPTED, MAX_GENERATION_MS } from './records.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Whether a record still marked generating at `now` can no longer finish: it has been longer than
 * any generation runs (plus a margin for clocks), so the process running it died.
 */
export function interrupted(row: Pick<ContentRow, 'status' | 'updated_at'>, now: number): boolean {
  return row.status === 'generating' && row.updated_at < now - MAX_GENERATION_MS - 60_000;
}

/** The record as callers see it at `now` (a generation that died shows as failed). */
export function presentContent(found: ContentRow, now: number): Content {
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
