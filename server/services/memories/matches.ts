/**
 * Fuzzy matches of a memory with their segments' metadata: shared by the memory query, segment
 * translation and the workbench's suggestions, so every caller shows a match the same way.
 */
import type { MemoryMatch } from '../../../src/api/schemas/memories.ts';
import type { Db } from '../../store/db.ts';
import { segmentMetadata } from '../../store/memories/segments.ts';
import type { MemoryRow } from '../../store/memories.ts';
import type { TmCache, TmLookup } from '../tm-cache.ts';
import { presentMatches } from './present.ts';

export type MatchOptions = { n: number; minScore?: number; caseSensitive?: boolean };

/** Queries a memory's index and adds each match's metadata from the database. */
export async function queryMemory(
  db: Db,
  tm: TmCache,
  memory: Pick<MemoryRow, 'id' | 'version'>,
  text: string,
  options: MatchOptions,
): Promise<MemoryMatch[]> {
  return lookupMatches(db, await tm.get(memory.id, memory.version), text, options);
}

/** Matches scoring 75 or more unless told otherwise, best first, with their metadata. */
export async function lookupMatches(
  db: Db,
  lookup: TmLookup,
  text: string,
  options: MatchOptions,
): Promise<MemoryMatch[]> {
  const matches = await lookup.query(text, {
    n: options.n,
    minScore: options.minScore ?? 75,
    caseSensitive: options.caseSensitive ?? false,
  });
  if (matches.length === 0) return [];
  // Read here unless the lookup read it with the segments (the database's does).
  const missing = matches.filter((m) => m.metadata === undefined).map((m) => m.id);
  const rows = missing.length > 0 ? await segmentMetadata(db, missing) : [];
  return presentMatches(matches, new Map(rows.map((r) => [r.id, r])));
}
