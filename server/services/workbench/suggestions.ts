import type { MemoryMatch } from '../../../src/api/schemas/memories.ts';
import type { PluralForms } from '../../../src/formats/model.ts';
import { MtError, type MtProvider, type MtSegmentContext } from '../../engine/mt/index.ts';
import type { Db } from '../../store/db.ts';
import { termsForMt } from '../../store/memories/termbases.ts';
import type { MemoryRow } from '../../store/memories.ts';
import { queryMemory } from '../memories/matches.ts';
import { machineTranslateUnits } from '../mt-units.ts';
import { recordUsage } from '../segment-translation.ts';
import type { TmCache } from '../tm-cache.ts';

/** What the editor offers beside a segment: TM matches (best first) and the MT suggestion. */
export interface Suggestions {
  tm: MemoryMatch[];
  mt: string | PluralForms | undefined;
}

export interface SuggestionDeps {
  db: Db;
  now: () => number;
  tm: TmCache;
  mt: MtProvider;
  /** MT suggestions kept in this process (default 5,000), so reloading a page does not pay MT again. */
  cacheSize?: number;
}

export interface SuggestionSegment {
  id: number;
  source: string;
  sourcePlural: PluralForms | undefined;
  /** What MT is told of it (description, length limit, placeholder meanings). */
  context?: MtSegmentContext | undefined;
}

type Pair = { srclang: string; srclocale: string | null; trglang: string; trglocale: string | null };

/**
 * TM matches and MT suggestions for the segments shown on one editor page. Machine translation
 * runs once per page for the segments it has not seen, and is remembered by memory and source
 * (termbase edits show in suggestions once the entry is evicted). When MT fails, the page still
 * shows the TM matches and says why MT is missing.
 */
export function suggestionSource(deps: SuggestionDeps) {
  const { db, tm, mt } = deps;
  const cacheSize = deps.cacheSize ?? 5000;
  const cache = new Map<string, string | PluralForms>();
  const keyOf = (memoryId: number, s: SuggestionSegment) =>
    `${memoryId}\u0000${s.sourcePlural ? JSON.stringify(s.sourcePlural) : s.source}`;

  return async (
    organizationId: number,
    memory: MemoryRow,
    pair: Pair,
    segments: SuggestionSegment[],
  ): Promise<{ byId: Map<number, Suggestions>; mtProblem: string | undefined }> => {
    const byId = new Map<number, Suggestions>();
    for (const s of segments) {
      // The TM holds single strings; plural units get MT only (as pretranslation does).
      const matches = s.sourcePlural ? [] : await queryMemory(db, tm, memory, s.source, { n: 3 });
      byId.set(s.id, { tm: matches, mt: cache.get(keyOf(memory.id, s)) });
    }
    const missing = segments.filter((s) => byId.get(s.id)!.mt === undefined);
    let mtProblem: string | undefined;
    if (missing.length > 0) {
      try {
        const terms = await termsForMt(db, memory.id);
        const translated = await machineTranslateUnits(mt, missing, pair, { terms });
        const characters = missing.reduce(
          (n, s) => n + (s.sourcePlural ? Object.values(s.sourcePlural).join('') : s.source).length,
          0,
        );
        await recordUsage(db, organizationId, deps.now(), 'mt_characters', characters);
        for (const s of missing) {
          const result = translated.get(s.id);
          byId.get(s.id)!.mt = result;
          if (result === undefined) continue;
          cache.set(keyOf(memory.id, s), result);
          if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
        }
      } catch (err) {
        if (!(err instanceof MtError)) throw err;
        mtProblem = `Machine translation is unavailable: ${err.message}`;
      }
    }
    return { byId, mtProblem };
  };
}

export type SuggestionSource = ReturnType<typeof suggestionSource>;
