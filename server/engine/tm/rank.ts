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
  const { n, minScore, caseSensitive } = checkQuery(text, options);
  const { query, lower, queryVars, queryVarList, queryTags, pattern } = prepareQuery(text);
  let cased: Pattern | undefined;
  const casedDistance = (key: string, limit: number) => {
    cased ??= preparePattern(query.key);
    return boundedDistance(cased, key, limit);
  };

  const ranked: { score: number; id: number; segment: TmSegment; vars: string; tags: string; key: string }[] =
    [];
  const seen = new Set<number>();
  for (const segment of segments) {
    if (seen.has(segment.id)) continue;
    seen.add(segment.id);
    // The key alone first: most candidates are too far from the query to need more.
    const casedKey = normalizedKey(segment.source);
    const keyText = lowerSameLength(casedKey);
    const longest = Math.max(lower.length, keyText.length);
    const limit = maxDistance(longest, minScore);
    const d = keyText === lower ? 0 : boundedDistance(pattern, keyText, limit);
    if (d > limit) continue;
    let memberBase = baseScore(d, longest);
    let caseCostsMore = false;
    if (caseSensitive) {
      const dc = casedKey === query.key ? 0 : casedDistance(casedKey, limit);
      if (dc > limit) continue;
      memberBase = baseScore(dc, longest);
    } else if (casedKey !== keyText || query.key !== lower) {
      caseCostsMore = casedKey !== query.key && casedDistance(casedKey, d) > d;
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
        identical: text === segment.source,
      },
      DEFAULT_PENALTIES,
    );
    if (score >= minScore) ranked.push({ score, id: segment.id, segment, vars, tags, key: casedKey });
  }
  ranked.sort((a, b) => (ranksBefore(a, b) ? -1 : ranksBefore(b, a) ? 1 : 0));
  return ranked.slice(0, n).map((r) => {
    const match: TmMatch = { id: r.id, score: r.score, source: r.segment.source, target: r.segment.target };
    const sameKey = caseSensitive ? r.key === query.key : lowerSameLength(r.key) === lower;
    if (sameKey) {
      const fixed = adaptTarget(query, { vars: decodeVars(r.vars), tags: decodeVars(r.tags) }, match.target);
      if (fixed !== undefined) match.fixedTarget = fixed;
    }
    return match;
  });
}
