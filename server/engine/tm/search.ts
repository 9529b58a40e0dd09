import { type CandidateLimits, type CandidateSource, generateCandidates } from './candidates.ts';
import { boundedDistance, type Pattern, preparePattern } from './distance.ts';
import { adaptTarget } from './fixup.ts';
import { lowerSameLength, normalizeText } from './normalize.ts';
import { baseScore, finalScore, maxDistance, type Penalties, variableMismatches } from './score.ts';
import type { SegmentSlots } from './segments.ts';
import { decodeVars, encodeVars } from './tokens.ts';
import { TopMatches } from './top-matches.ts';

/** One result of a TM lookup. */
export interface TmMatch {
  id: number;
  score: number;
  source: string;
  target: string;
  /**
   * The target with the query's numbers, placeholders and tags, when only those differ; without
   * the source's tags when the query has none (a plain string file gets no markup from the TM).
   */
  fixedTarget?: string;
}

export interface SearchSettings {
  n: number;
  minScore: number;
  caseSensitive: boolean;
  limits: CandidateLimits;
}

/** Everything a search reads. */
export interface SearchData extends CandidateSource {
  slots: SegmentSlots;
  penalties: Readonly<Penalties>;
}

/**
 * A query's text and options checked, with the defaults filled in (n 10, minScore 75, case
 * insensitive): the one check of every way a memory is queried. Throws a TypeError naming the
 * bad value.
 */
export function checkQuery(
  text: unknown,
  options: { n?: number; minScore?: number; caseSensitive?: boolean },
): { n: number; minScore: number; caseSensitive: boolean } {
  const fail = (message: string): never => {
    throw new TypeError(`[tm] ${message}`);
  };
  if (typeof text !== 'string') fail('query text must be a string');
  const { n = 10, minScore = 75, caseSensitive = false } = options;
  if (!Number.isSafeInteger(n) || n < 1) fail(`n must be a positive integer, got ${String(n)}`);
  if (typeof minScore !== 'number' || !(minScore >= 0 && minScore <= 100)) {
    fail(`minScore must be between 0 and 100, got ${String(minScore)}`);
  }
  return { n, minScore, caseSensitive: caseSensitive === true };
}

/** What scoring reads of a query, prepared once (the index's search and `rankSegments`). */
export function prepareQuery(text: string) {
  const query = normalizeText(text);
  const lower = lowerSameLength(query.key);
  const queryVars = encodeVars(query.vars);
  return {
    query,
    lower,
    queryVars,
    queryVarList: queryVars === '' ? [] : queryVars.split('\u0000'),
    queryTags: encodeVars(query.tags),
    pattern: preparePattern(lower),
  };
}

/**
 * Answers one query (see `createTmIndex` for the contract). Keys are verified once — the exact
 * key found by hash, then the candidates of the trigram index — and each verified key's segments
 * are scored with the penalties that set them apart.
 */
export function search(data: SearchData, text: string, settings: SearchSettings): TmMatch[] {
  const { slots, keys, penalties } = data;
  const { n, minScore, caseSensitive } = settings;
  const { query, lower, queryVars, queryVarList, queryTags, pattern } = prepareQuery(text);
  let cased: Pattern | undefined;
  // Distance from the case-preserving query key to each case-preserving segment key seen. A value
  // above the limit it was computed under stays valid: limits only shrink as the threshold rises
  // (and all segments with one cased key share the key, hence the length and the limit).
  const casedDistances = new Map<string, number>();
  const casedDistance = (key: string, limit: number) => {
    let d = casedDistances.get(key);
    if (d === undefined) {
      cased ??= preparePattern(query.key);
      d = boundedDistance(cased, key, limit);
      casedDistances.set(key, d);
    }
    return d;
  };
  const top = new TopMatches(n);
  const threshold = () => (top.full ? Math.max(minScore, top.worstScore) : minScore);
  const exactKey = keys.find(lower);

  const verify = (key: number): void => {
    const keyText = keys.texts[key]!;
    const longest = Math.max(lower.length, keyText.length);
    const d = key === exactKey ? 0 : boundedDistance(pattern, keyText, maxDistance(longest, threshold()));
    if (d > maxDistance(longest, threshold())) return;
    const base = baseScore(d, longest);
    for (let slot = keys.firstSlot[key]!; slot !== -1; slot = keys.nextSlot[slot]!) {
      // No segment of this key scores above its base: once the kept ones all beat it, stop.
      if (top.full && top.worstScore > base) break;
      const casedKey = slots.casedKeys[slot]!;
      let memberBase = base;
      let caseCostsMore = false;
      if (caseSensitive) {
        const limit = maxDistance(longest, threshold());
        const dc = casedKey === query.key ? 0 : casedDistance(casedKey, limit);
        if (dc > limit) continue;
        memberBase = baseScore(dc, longest);
      } else if (casedKey !== keyText || query.key !== lower) {
        caseCostsMore = casedKey !== query.key && casedDistance(casedKey, d) > d;
      }
      const score = finalScore(
        memberBase,
        {
          variables: variableMismatches(queryVarList, queryVars, slots.vars[slot]!),
          tags: queryTags !== slots.tags[slot],
          caseCostsMore,
          spaces: query.ws !== slots.spaces[slot],
          identical: text === slots.sources[slot],
        },
        penalties,
      );
      if (score >= minScore) top.offer({ score, id: slots.ids[slot]!, slot });
    }
  };

  if (exactKey >= 0) verify(exactKey);
  generateCandidates(data, lower, settings.limits, threshold, (key) => {
    if (key !== exactKey) verify(key);
  });

  return top.items.map((item) => {
    const slot = item.slot;
    const match: TmMatch = {
      id: item.id,
      score: item.score,
      source: slots.sources[slot]!,
      target: slots.targets[slot]!,
    };
    const sameKey = caseSensitive ? slots.casedKeys[slot] === query.key : slots.keyOf[slot] === exactKey;
    if (sameKey) {
      const fixed = adaptTarget(
        query,
        { vars: decodeVars(slots.vars[slot]!), tags: decodeVars(slots.tags[slot]!) },
        match.target,
      );
      if (fixed !== undefined) match.fixedTarget = fixed;
    }
    return match;
  });
}
