import {
  formatAlignment,
  type TranslateRequest,
  type TranslateResult,
  type TranslationItem,
} from '../../src/api/schemas/translate.ts';
import type { AuthContext } from '../auth/context.ts';
import { monotonicAlignment } from '../engine/mt/align.ts';
import { MtError, type MtProvider, splitWords, translateSegments } from '../engine/mt/index.ts';
import { HttpError } from '../http/errors.ts';
import type { Db } from '../store/db.ts';
import { addUsage } from '../store/usage.ts';
import { queryMemory } from './memories/matches.ts';
import type { MemoryService } from './memories/service.ts';
import type { TermCache } from './term-cache.ts';
import type { TmCache } from './tm-cache.ts';

export interface SegmentTranslationDeps {
  db: Db;
  now: () => number;
  tm: TmCache;
  terms: TermCache;
  memories: MemoryService;
  mt: MtProvider;
}

/** Records characters sent to MT per organization and day, for usage reporting. */
export async function recordUsage(
  db: Db,
  organizationId: number,
  now: number,
  metric: string,
  amount: number,
) {
  if (amount <= 0) return;
  const day = new Date(now).toISOString().slice(0, 10);
  await addUsage(db, organizationId, day, metric, amount);
}

/**
 * Translates one segment: TM matches (score ≥ 75) first, then MT (spec, Segment translation;
 * DESIGN §5). With `prefix`, only TM targets that start with it are offered and MT continues it;
 * `n` (deprecated) caps the number of translations.
 */
export function segmentTranslationService(deps: SegmentTranslationDeps) {
  const { db, now, tm, memories, mt, terms: termsOf } = deps;

  return async (
    auth: AuthContext,
    request: TranslateRequest,
    signal?: AbortSignal,
  ): Promise<TranslateResult> => {
    const memory = await memories.accessible(auth, request.memory_id);
    const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);
    const sourceSplit = splitWords(request.source, tag(memory.srclang, memory.srclocale));
    const limit = request.n ?? Number.POSITIVE_INFINITY;
    const items: TranslationItem[] = [];

    if (request.tm_matches) {
      const matches = await queryMemory(db, tm, memory, request.source, { n: Math.min(10, limit) });
      for (const match of matches) {
        if (request.prefix && !match.target.startsWith(request.prefix)) continue;
        const split = splitWords(match.target, tag(memory.trglang, memory.trglocale));
        items.push({
          target: match.target,
          targetWithTags: match.target,
          align: request.rich ? formatAlignment(monotonicAlignment(sourceSplit.words, split.words)) : '',
          provenance: 'TM',
          score: match.score,
          isTMMatch: true,
          targetDelimiters: split.delimiters,
          targetWords: split.words,
          metadata: match.metadata,
        });
      }
    }

    if (items.length < limit) {
      const terms = await termsOf(memory);
      let mtItem: TranslationItem;
      try {
        const [result] = await translateSegments(mt, [request.source], {
          srclang: memory.srclang,
          trglang: memory.trglang,
          srclocale: memory.srclocale ?? undefined,
          trglocale: memory.trglocale ?? undefined,
          terms,
          containsICUData: request.containsICUData,
          projectTags: request.project_tags,
          prefix: request.prefix,
          rich: request.rich,
          signal,
        });
        const { align, ...rest } = result!;
        mtItem = { ...rest, align: formatAlignment(align ?? []) };
      } catch (err) {
        if (err instanceof MtError)
          throw new HttpError(502, `machine translation failed: ${err.message}`, { cause: err });
        throw err;
      }
      await recordUsage(db, auth.organizationId, now(), 'mt_characters', request.source.length);
      items.push(mtItem);
    }

    return {
      untokenizedSource: request.source,
      tokenizedSource: sourceSplit.words.join(' '),
      sourceDelimiters: sourceSplit.delimiters,
      translation: items.slice(0, Number.isFinite(limit) ? limit : undefined),
    };
  };
}

export type SegmentTranslationService = ReturnType<typeof segmentTranslationService>;
