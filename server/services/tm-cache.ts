import {
  type ContainsOptions,
  type ContainsResult,
  createTmIndex,
  type TmIndex,
  type TmMatch,
  type TmQueryOptions,
  type TmSegment,
} from '../engine/tm/index.ts';
import type { Db } from '../store/db.ts';
import { type SegmentMetadata, segmentPage } from '../store/memories/segments.ts';

const PAGE = 10_000;

/**
 * One committed change of a memory's segments: what the bump to `version` did. Removed ids go
 * first, then added segments (an id in both is replaced).
 */
export interface TmChange {
  memoryId: number;
  version: number;
  removed: readonly number[];
  added: readonly TmSegment[];
}

/** A match, with what it shows beside its text when the lookup read that together with it. */
export interface TmLookupMatch extends TmMatch {
  metadata?: SegmentMetadata;
}

/** Fuzzy matches of one memory, as the memory was when it was asked for. */
export interface TmLookup {
  query(text: string, options?: TmQueryOptions): Promise<TmLookupMatch[]>;
  /**
   * Concordance through the in-process index (its trigram lists); absent where answers come from
   * the database, whose callers read the segments table instead.
   */
  containing?(fragment: string, options?: ContainsOptions): Promise<ContainsResult>;
}

/**
 * Where a process gets TM matches: on SQLite its own indexes (`indexedTm`), on PostgreSQL the
 * shared database (`databaseTm`). `isNext`/`apply`/`forget` keep an in-process copy in step; the
 * database has none, so there they do nothing.
 */
export interface TmCache {
  /**
   * Only where answers come from the shared database: a lookup of a memory by id alone, which
   * checks in its own first statement that the memory is `organizationId`'s and fails with
   * `MemoryNotOwned` when it is not (or does not exist). No version is needed and no row read
   * before: the access check costs no round trip of its own. In-process indexes have none; their
   * callers read the memory's row (its owner and version) first.
   */
  owned?(organizationId: number, memoryId: number): TmLookup;
  get(memoryId: number, version: number): Promise<TmLookup>;
  isNext(memoryId: number, version: number): boolean;
  apply(change: TmChange): void;
  forget(memoryId: number): void;
}

interface Entry {
  version: number;
  index: Promise<TmIndex>;
}

/**
 * In-process fuzzy-match indexes, one per memory, built from the database on first use and
 * rebuilt when the memory's version moved on (another process or request changed it). A change
 * this process made is applied to its index in place (`apply`), so confirming one segment does
 * not rebuild a memory of a million. Least recently used indexes are dropped beyond `maxMemories`.
 */
export function createTmCache(db: Db, maxMemories = 32) {
  const entries = new Map<number, Entry>();

  /** Caches an index; one that fails to build is dropped (unless a newer one took its place). */
  function keep(memoryId: number, entry: Entry): void {
    entry.index.catch(() => {
      if (entries.get(memoryId) === entry) entries.delete(memoryId);
    });
    entries.set(memoryId, entry);
  }

  async function build(memoryId: number): Promise<TmIndex> {
    const index = createTmIndex();
    let after = 0;
    for (;;) {
      const rows = await segmentPage(db, memoryId, after, PAGE);
      index.addMany(rows);
      if (rows.length < PAGE) return index;
      after = rows[rows.length - 1]!.id;
    }
  }

  return {
    /**
     * The index of a memory at `version` (the version read with the memory row), or at a later
     * one already here: a request that read the row just before a change gets the newer content
     * a moment later read would, instead of rebuilding the older one.
     */
    get(memoryId: number, version: number): Promise<TmIndex> {
      const entry = entries.get(memoryId);
      if (entry && entry.version >= version) {
        entries.delete(memoryId);
        entries.set(memoryId, entry);
        return entry.index;
      }
      const index = build(memoryId);
      keep(memoryId, { version, index });
      while (entries.size > maxMemories) entries.delete(entries.keys().next().value!);
      return index;
    },
    /** Whether a change to `version` would be applied (a cached index is at the version before). */
    isNext(memoryId: number, version: number): boolean {
      return entries.get(memoryId)?.version === version - 1;
    },
    /**
     * Applies a committed change to the cached index when it is the next one for it (the index
     * is at `version − 1`); otherwise the next `get` at the new version rebuilds, as for a change
     * made elsewhere. Call it after the change's transaction committed, never before.
     */
    apply(change: TmChange): void {
      const entry = entries.get(change.memoryId);
      if (entry?.version !== change.version - 1) return;
      // An index built while this change was committing may hold some of it already: removing
      // and adding by id are idempotent, so applying it again gives the same index.
      const index = entry.index.then((ix) => {
        for (const id of change.removed) ix.remove(id);
        ix.addMany(change.added);
        return ix;
      });
      keep(change.memoryId, { version: change.version, index });
    },
    forget(memoryId: number): void {
      entries.delete(memoryId);
    },
  };
}

export type TmIndexCache = ReturnType<typeof createTmCache>;

/** The TM of a process that keeps its own index per memory (SQLite, the embedded default). */
export function indexedTm(cache: TmIndexCache): TmCache {
  return {
    get: async (memoryId, version) => {
      const index = await cache.get(memoryId, version);
      return {
        query: async (text, options) => index.query(text, options),
        containing: async (fragment, options) => index.containing(fragment, options),
      };
    },
    isNext: (memoryId, version) => cache.isNext(memoryId, version),
    apply: (change) => cache.apply(change),
    forget: (memoryId) => cache.forget(memoryId),
  };
}
