/**
 * How memories, their imports and their matches look to callers (spec, Memories): shaped from the
 * rows the service and the store read, without touching the database.
 */
import type { Memory, MemoryImport, MemoryMatch } from '../../../src/api/schemas/memories.ts';
import type { SegmentMetadata } from '../../store/memories/segments.ts';
import type { ImportRow, MemoryRow } from '../../store/memories.ts';
import type { TmLookupMatch } from '../tm-cache.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Memories with the names of their resources and their last import (from resourcesOf, lastImports). */
export function presentMemories(
  rows: MemoryRow[],
  resources: Map<number, string[]>,
  imports: Map<number, ImportRow>,
): Memory[] {
  return rows.map((r) => {
    const last = imports.get(r.id);
    return {
      id: r.id,
      name: r.name,
      srclang: r.srclang,
      trglang: r.trglang,
      srclocale: r.srclocale,
      trglocale: r.trglocale,
      is_processing: r.processing > 0,
      version: r.version,
      created_at: seconds(r.created_at),
      updated_at: seconds(r.updated_at),
      resources: resources.get(r.id) ?? [],
      last_import: last
        ? {
            name: last.name,
            status: last.status,
            error: last.error,
            added: last.added,
            skipped: last.skipped,
          }
        : null,
    };
  });
}

export function presentImport(row: ImportRow): MemoryImport {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    error: row.error,
    added: row.added,
    skipped: row.skipped,
    created_at: seconds(row.created_at),
    finished_at: row.finished_at === null ? null : seconds(row.finished_at),
  };
}

/** Matches with their segments' metadata: the lookup's own, else the one read for it by id. */
export function presentMatches(matches: TmLookupMatch[], read: Map<number, SegmentMetadata>): MemoryMatch[] {
  return matches.map((m) => {
    const row = m.metadata ?? read.get(m.id);
    return {
      source: m.source,
      target: m.fixedTarget ?? m.target,
      score: m.score,
      metadata: {
        segment_id: m.id,
        resource_name: row?.resource_name ?? null,
        user_email: row?.user_email ?? null,
        created_at: row ? seconds(row.created_at) : null,
        ...(row?.notes ? { notes: row.notes } : {}),
        ...(m.fixedTarget !== undefined ? { stored_target: m.target } : {}),
      },
    };
  });
}
