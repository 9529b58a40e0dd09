import type { MtTerm } from '../engine/mt/index.ts';
import type { Db } from '../store/db.ts';
import { listTerms } from '../store/memories/termbases.ts';
import type { MemoryRow } from '../store/memories.ts';

/** A memory's visible terms (the first 50,000), for MT to respect. */
export type TermCache = (memory: MemoryRow) => Promise<MtTerm[]>;

/** Terms per memory version, so a termbase is read once per change, not once per request. */
export function termCache(db: Db): TermCache {
  const cache = new Map<number, { version: number; terms: Promise<MtTerm[]> }>();
  return (memory: MemoryRow): Promise<MtTerm[]> => {
    const hit = cache.get(memory.id);
    if (hit && hit.version === memory.version) return hit.terms;
    const terms = listTerms(db, memory.id, 50_000).then((rows) =>
      rows.map(({ source, target }) => ({ source, target })),
    );
    cache.set(memory.id, { version: memory.version, terms });
    if (cache.size > 256) cache.delete(cache.keys().next().value!);
    return terms;
  };
}
