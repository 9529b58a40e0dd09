import { createTmIndex, type TmIndex } from '../engine/tm/index.ts';
import type { Db } from '../store/db.ts';

const PAGE = 10_000;

/**
 * In-process fuzzy-match indexes, one per memory, built from the database on first use and
 * rebuilt when the memory's version moved on (another process or request changed it). Least
 * recently used indexes are dropped beyond `maxMemories`.
 */
export function createTmCache(db: Db, maxMemories = 32) {
  const entries = new Map<number, { version: number; index: Promise<TmIndex> }>();

  async function build(memoryId: number): Promise<TmIndex> {
    const index = createTmIndex();
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('segments')
        .select(['id', 'source', 'target'])
        .where('memory_id', '=', memoryId)
        .where('visible', '=', 1)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      index.addMany(rows);
      if (rows.length < PAGE) return index;
      after = rows[rows.length - 1]!.id;
    }
  }

  return {
    /** The index of a memory at `version` (the version read with the memory row). */
    get(memoryId: number, version: number): Promise<TmIndex> {
      const entry = entries.get(memoryId);
      if (entry && entry.version === version) {
        entries.delete(memoryId);
        entries.set(memoryId, entry);
        return entry.index;
      }
      const index = build(memoryId);
      index.catch(() => entries.delete(memoryId));
      entries.set(memoryId, { version, index });
      while (entries.size > maxMemories) entries.delete(entries.keys().next().value!);
      return index;
    },
    forget(memoryId: number): void {
      entries.delete(memoryId);
    },
  };
}

export type TmCache = ReturnType<typeof createTmCache>;
