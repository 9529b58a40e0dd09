/** A memory's entries for exactly one source: what the memory holds for a segment, with who wrote it and when. */
import type { Db } from '../db.ts';
import { sourceHash } from '../memories.ts';

export interface SameSourceEntry {
  id: number;
  source: string;
  target: string;
  resource_name: string | null;
  user_email: string | null;
  import_id: number | null;
  created_at: number;
}

/** The visible entries of `memoryId` whose source is one of `sources`, newest first, at most `perSource` each. */
export async function entriesForSources(
  db: Db,
  memoryId: number,
  sources: readonly string[],
  perSource: number,
): Promise<SameSourceEntry[]> {
  const unique = [...new Set(sources)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('segments')
    .select(['id', 'source', 'target', 'resource_name', 'user_email', 'import_id', 'created_at'])
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .where('source_hash', 'in', unique.map(sourceHash))
    .where('source', 'in', unique)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const seen = new Map<string, number>();
  return rows.filter((r) => {
    const n = (seen.get(r.source) ?? 0) + 1;
    seen.set(r.source, n);
    return n <= perSource;
  });
}
