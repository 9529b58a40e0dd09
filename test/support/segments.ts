import type { Insertable } from 'kysely';
import type { SegmentsTable } from '../../server/store/schema.ts';

/**
 * A segment row as the store takes it, without its memory: visible, written directly (no import,
 * resource or author), `source_hash` the source itself unless `fields` say otherwise.
 */
export function segmentRow(
  source: string,
  target: string,
  fields: Partial<Omit<Insertable<SegmentsTable>, 'memory_id'>> = {},
): Omit<Insertable<SegmentsTable>, 'memory_id'> {
  return {
    source,
    target,
    source_hash: source,
    notes: null,
    resource_name: null,
    user_email: null,
    import_id: null,
    visible: 1,
    created_at: 0,
    ...fields,
  };
}
