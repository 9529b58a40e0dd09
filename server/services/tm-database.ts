import { chunkCandidates } from '../engine/tm/chunk-candidates.ts';
import { fragmentKey, innerGrams, isSafeFragment } from '../engine/tm/contains.ts';
import { BUCKETS, bucketOf } from '../engine/tm/length-buckets.ts';
import { CHUNK, decodeChunk } from '../engine/tm/posting-chunks.ts';
import { Ranking } from '../engine/tm/rank.ts';
import { checkQuery } from '../engine/tm/search.ts';
import { ranksBefore } from '../engine/tm/top-matches.ts';
import type { TmSettings } from '../settings.ts';
import type { PlatformDatabase } from '../store/db.ts';
import { candidateConcordance, scanConcordance } from '../store/memories/concordance.ts';
import { postingStore } from '../store/memories/postings.ts';
import { segmentsToScore } from '../store/memories/segments.ts';
import { sourceHash } from '../store/memories.ts';
import { createTmCache, indexedTm, type TmCache, type TmLookup } from './tm-cache.ts';

export interface DatabaseTmOptions {
  /** Postings a query reads at most, rarest lists first (default 200,000, as in process). */
  maxPostings?: number;
  /** Segments a query scores at most, the best gram counts first (default 400). */
  maxCandidates?: number;
}

/**
 * The longest key a candidate may have, where the in-process index knows its longest: the
 * length filter's upper end when the query asks for scores near 0.
 */
const LONGEST_KEY = 65_536;
/** Candidates read and scored first; the rest are read when they can still beat those. */
const FIRST_READ = 50;
const NO_EXACT = { hash: '', limit: 0 };
/** Postings a concordance search reads at most, rarest lists first. */
const CONCORDANCE_POSTINGS = 200_000;

/**
 * TM matches straight from PostgreSQL, shared by every server process (DESIGN §9): the
 * in-process index's candidate search over the posting lists of `tm_postings` (the query's
 * rarest grams within a posting budget, counted per segment against the count filter), then the
 * best-counted segments and the exact matches by hash are read and scored by today's scoring,
 * so scores and their order are the in-process index's. Nothing is kept per process: a change
 * committed by any process is in the next query of every other. A lookup for an organization
 * (`owned`) checks that the memory is its own in the lists read, the query's first statement.
 */
export function databaseTm(database: PlatformDatabase, options: DatabaseTmOptions = {}): TmCache {
  const { copyOut } = database;
  if (copyOut === undefined) throw new TypeError('[tm] the database TM needs PostgreSQL');
  const limits = {
    maxPostings: options.maxPostings ?? 200_000,
    maxCandidates: options.maxCandidates ?? 400,
  };
  /** `owner`: the organization whose memory it must be, when the caller did not check. */
  const lookup = (memoryId: number, owner?: number): TmLookup => ({
    async query(text, queryOptions = {}) {
      // A bad text or option fails before any database work.
      const { n, minScore } = checkQuery(text, queryOptions);
      const found = await chunkCandidates(
        postingStore(copyOut, memoryId, owner),
        text,
        limits,
        minScore,
        LONGEST_KEY,
      );
      // The best-counted first, with the exact matches; the rest only if they can still beat
      // the n-th best score so far (usually not: a good match stops the search there).
      // Each is scored as it arrives, while PostgreSQL reads the others.
      const ranking = new Ranking(text, queryOptions);
      const rows = await segmentsToScore(
        copyOut,
        memoryId,
        found.ids.slice(0, FIRST_READ),
        { hash: sourceHash(text), limit: n },
        (row) => ranking.add(row),
      );
      let matches = ranking.top();
      const nth = matches.length < n ? minScore : matches[n - 1]!.score;
      const canReach = found.canReach(nth);
      const read = new Set<number>();
      for (const row of rows) read.add(row.id);
      const more: number[] = [];
      for (let i = FIRST_READ; i < found.ids.length; i++) {
        if (canReach(i) && !read.has(found.ids[i]!)) more.push(found.ids[i]!);
      }
      if (more.length > 0) {
        // Only the rest is scored now, from the n-th best score: what scores below it cannot
        // enter the first n.
        const further = new Ranking(text, { ...queryOptions, minScore: nth });
        const rest = await segmentsToScore(copyOut, memoryId, more, NO_EXACT, (row) => further.add(row));
        for (const row of rest) rows.push(row);
        matches = [...matches, ...further.top()].sort((a, b) => (ranksBefore(a, b) ? -1 : 1)).slice(0, n);
      }
      return matches.map((match) => ({
        ...match,
        metadata: rows.find((row) => row.id === match.id)?.metadata(),
      }));
    },
    /**
     * Concordance as the in-process index finds it (contains.ts): the segments holding every gram
     * of the fragment's plain runs (the rarest lists within a budget) are the candidates, with
     * those whose source has a brace, tag or percent sign (where the fragment may sit inside a
     * token), verified by PostgreSQL. Targets, and fragments holding a digit or token character,
     * read the memory's rows.
     */
    async containing(fragment, options = {}) {
      const query = {
        fragment,
        field: options.field ?? 'source',
        order: options.order ?? 'recent',
        limit: options.limit ?? 20,
        offset: options.offset ?? 0,
      };
      const lower = fragmentKey(fragment);
      const { codes, longest } = innerGrams(lower);
      if (query.field !== 'source' || codes.length === 0 || !isSafeFragment(lower))
        return { ...(await scanConcordance(database.db, memoryId, query)), via: 'scan' as const };
      const lists = new Map<number, number[]>();
      const { sizes } = await postingStore(copyOut, memoryId, owner).read(
        codes,
        bucketOf(longest),
        BUCKETS - 1,
        CONCORDANCE_POSTINGS,
        (chunk) => {
          const out = new Int32Array(chunk.n + CHUNK);
          const end = decodeChunk(chunk.ids, out, 0);
          const list = lists.get(chunk.gram) ?? [];
          for (let i = 0; i < end; i++) list.push(out[i]!);
          lists.set(chunk.gram, list);
        },
      );
      // A gram no key holds: no candidate from the lists.
      let ids: number[] = [];
      if (codes.every((c) => sizes.has(c)) && lists.size > 0) {
        const read = [...lists.values()].sort((a, b) => a.length - b.length);
        let kept = new Set(read[0]);
        for (const list of read.slice(1)) {
          const next = new Set<number>();
          for (const id of list) if (kept.has(id)) next.add(id);
          kept = next;
        }
        ids = [...kept];
      }
      const found = await candidateConcordance(database.db, memoryId, ids, query);
      return { ...found, via: 'index' as const };
    },
  });
  return {
    owned: (organizationId, memoryId) => lookup(memoryId, organizationId),
    get: async (memoryId) => lookup(memoryId),
    isNext: () => false,
    apply: () => {},
    forget: () => {},
  };
}

/**
 * The TM a platform process uses: its own indexes on SQLite; the database on PostgreSQL, unless
 * the settings ask for per-process indexes there too (the former way, kept to compare in
 * benchmarks). PostgreSQL's lists are kept either way: they are written with the segments.
 */
export function tmFor(database: PlatformDatabase, settings: TmSettings = {}): TmCache {
  const mode = settings.index ?? (database.dialect === 'postgres' ? 'database' : 'memory');
  if (mode === 'memory') return indexedTm(createTmCache(database.db));
  if (database.dialect !== 'postgres') {
    throw new TypeError(
      'SVC_TM_INDEX=database needs PostgreSQL (--db postgres://…); SQLite keeps its own index',
    );
  }
  return databaseTm(database);
}
