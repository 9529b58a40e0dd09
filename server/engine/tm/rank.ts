import { boundedDistance, type Pattern, preparePattern } from './distance.ts';
import { adaptTarget } from './fixup.ts';
import type { TmQueryOptions, TmSegment } from './index.ts';
import { lowerSameLength, normalizedKey, normalizeText } from './normalize.ts';
import { baseScore, DEFAULT_PENALTIES, finalScore, maxDistance, variableMismatches } from './score.ts';
import { checkQuery, prepareQuery, type TmMatch } from './search.ts';
import { decodeVars, encodeVars } from './tokens.ts';
import { ranksBefore } from './top-matches.ts';

/**
 * Scores a few candidate segments against `text` exactly as the index scores its segments (see
 * `search`): same normalisation, distances, penalties, order (score, then newer id) and fixed
 * targets, so `rankSegments(text, all)` is `createTmIndex()` over `all` queried exhaustively.
 * For candidates that come from elsewhere (PostgreSQL's trigram index): building an index for a
 * hundred segments would cost more than scoring them.
 */
export function rankSegments(
  text: string,
  segments: Iterable<TmSegment>,
  options: Omit<TmQueryOptions, 'exhaustive'> = {},
): TmMatch[] {
  const ranking = new Ranking(text, options);
  for (const segment of segments) ranking.add(segment);
  return ranking.top();
}

/**
 * `rankSegments` a segment at a time: each is scored as it is added (while the others may still
 * be on their way), and `top` gives the best `n` of those added so far.
 */
export class Ranking {
  private readonly text: string;
  private readonly n: number;
  private readonly minScore: number;
  private readonly caseSensitive: boolean;
  private readonly prepared: ReturnType<typeof prepareQuery>;
  private cased: Pattern | undefined;
  private readonly ranked: {
    score: number;
    id: number;
    segment: TmSegment;
    vars: string;
    tags: string;
    key: string;
  }[] = [];
  private readonly seen = new Set<number>();

  constructor(text: string, options: Omit<TmQueryOptions, 'exhaustive'> = {}) {
    const { n, minScore, caseSensitive } = checkQuery(text, options);
    this.text = text;
    this.n = n;
    this.minScore = minScore;
    this.caseSensitive = caseSensitive;
    this.prepared = prepareQuery(text);
  }

  private casedDistance(key: string, limit: number): number {
    this.cased ??= preparePattern(this.prepared.query.key);
    return boundedDistance(this.cased, key, limit);
  }

  add(segment: TmSegment): void {
    if (this.seen.has(segment.id)) return;
    this.seen.add(segment.id);
    const { query, lower, queryVars, queryVarList, queryTags, pattern } = this.prepared;
    const { minScore, caseSensitive } = this;
    // The key alone first: most candidates are too far from the query to need more.
    const casedKey = normalizedKey(segment.source);
    const keyText = lowerSameLength(casedKey);
    const longest = Math.max(lower.length, keyText.length);
    const limit = maxDistance(longest, minScore);
    const d = keyText === lower ? 0 : boundedDistance(pattern, keyText, limit);
    if (d > limit) return;
    let memberBase = baseScore(d, longest);
    let caseCostsMore = false;
    if (caseSensitive) {
      const dc = casedKey === query.key ? 0 : this.casedDistance(casedKey, limit);
      if (dc > limit) return;
      memberBase = baseScore(dc, longest);
    } else if (casedKey !== keyText || query.key !== lower) {
      caseCostsMore = casedKey !== query.key && this.casedDistance(casedKey, d) > d;
    }
    const norm = normalizeText(segment.source);
    const vars = encodeVars(norm.vars);
    const tags = encodeVars(norm.tags);
    const score = finalScore(
      memberBase,
      {
        variables: variableMismatches(queryVarList, queryVars, vars),
        tags: queryTags !== tags,
        caseCostsMore,
        spaces: query.ws !== norm.ws,
        identical: this.text === segment.source,
      },
      DEFAULT_PENALTIES,
    );
    if (score >= minScore) this.ranked.push({ score, id: segment.id, segment, vars, tags, key: casedKey });
  }

  /** The best `n` so far, best first, with fixed targets. */
  top(): TmMatch[] {
    const { query, lower } = this.prepared;
    const ranked = [...this.ranked].sort((a, b) => (ranksBefore(a, b) ? -1 : ranksBefore(b, a) ? 1 : 0));
    return ranked.slice(0, this.n).map((r) => {
      const match: TmMatch = { id: r.id, score: r.score, source: r.segment.source, target: r.segment.target };
      const sameKey = this.caseSensitive ? r.key === query.key : lowerSameLength(r.key) === lower;
      if (sameKey) {
        const fixed = adaptTarget(
          query,
          { vars: decodeVars(r.vars), tags: decodeVars(r.tags) },
          match.target,
        );
        if (fixed !== undefined) match.fixedTarget = fixed;
      }
      return match;
    });
  }
}
