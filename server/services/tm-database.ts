import { rankSegments } from '../engine/tm/rank.ts';
import type { Db, PlatformDatabase } from '../store/db.ts';
import { trigramCandidates } from '../store/memories/candidates.ts';
import type { TmSettings } from '../settings.ts';
import { createTmCache, indexedTm, type TmCache } from './tm-cache.ts';

export interface DatabaseTmOptions {
  /** Candidates read per query, the most trigram-similar first (default 100). */
  pool?: number;
}

/**
 * Characters of a query the trigram search reads: a longer query is still scored in full, but
 * its candidates come from its beginning, so one request cannot make the database compare
 * thousands of trigrams with every row (a match needs 75 % of the query anyway).
 */
export const TRIGRAM_QUERY_CHARS = 500;

/**
 * TM matches straight from PostgreSQL, shared by every server process (DESIGN §9): pg_trgm picks
 * the `pool` nearest segments by trigrams (plus exact matches by hash) and today's scoring ranks them in
 * the app, so scores and their order are those of the in-process index. Nothing is kept per
 * process: a change committed by any process is in the next query of every other.
 */
export function databaseTm(db: Db, options: DatabaseTmOptions = {}): TmCache {
  const search = { limit: options.pool ?? 100 };
  return {
    get: async (memoryId) => ({
      async query(text, queryOptions = {}) {
        if (typeof text !== 'string') throw new TypeError('[tm] query text must be a string');
        const similar = text.slice(0, TRIGRAM_QUERY_CHARS);
        const rows = await trigramCandidates(db, memoryId, { exact: text, similar }, search);
        return rankSegments(text, rows, queryOptions);
      },
    }),
    isNext: () => false,
    apply: () => {},
    forget: () => {},
  };
}

/**
 * The TM a platform process uses: its own indexes on SQLite; the database on PostgreSQL, unless
 * the settings ask for per-process indexes there too (the former way, kept to compare in
 * benchmarks).
 */
export function tmFor(database: PlatformDatabase, settings: TmSettings = {}): TmCache {
  const mode = settings.index ?? (database.dialect === 'postgres' ? 'database' : 'memory');
  if (mode === 'memory') return indexedTm(createTmCache(database.db));
  if (database.dialect !== 'postgres') {
    throw new TypeError(
      'SVC_TM_INDEX=database needs PostgreSQL (--db postgres://…); SQLite keeps its own index',
    );
  }
  return databaseTm(database.db);
}
