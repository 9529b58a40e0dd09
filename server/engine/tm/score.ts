import { boundedDistance, preparePattern } from './distance.ts';
import { lowerSameLength, type NormalizedText, normalizeText } from './normalize.ts';
import type { VariableToken } from './tokens.ts';

/** Points taken off a fuzzy score for differences the normalised key does not see. */
export interface Penalties {
  /** Per number, placeholder or tag of one side that the other side lacks ("3" vs "5"). */
  variable: number;
  /** Once, when matching ignores case and the case differs. */
  case: number;
  /** Once, when leading, trailing or repeated whitespace differs. */
  whitespace: number;
}

export const DEFAULT_PENALTIES: Readonly<Penalties> = Object.freeze({ variable: 1, case: 1, whitespace: 1 });

export interface ScoreOptions {
  caseSensitive?: boolean;
  penalties?: Partial<Penalties>;
}

/**
 * The edit-distance part of the score: `100·(1 − d/maxLen)` rounded down, so that any difference
 * at all keeps a segment below 100, as CAT tools show it. Integer arithmetic keeps it exact.
 */
export function baseScore(distance: number, maxLength: number): number {
  if (maxLength === 0) return 100;
  return Math.floor((100 * (maxLength - distance)) / maxLength);
}

/** The largest distance for which {@link baseScore} still reaches `minScore` at this length. */
export function maxDistance(maxLength: number, minScore: number): number {
  if (minScore <= 0) return maxLength;
  return Math.floor((maxLength * (100 - minScore)) / 100);
}

/** How many numbers/placeholders/tags one side has that the other lacks (the larger side counts). */
export function variableMismatches(a: readonly VariableToken[], b: readonly VariableToken[]): number {
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  const counts = new Map<string, number>();
  for (const t of a) {
    const key = t.kind + t.raw;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let onlyB = 0;
  for (const t of b) {
    const key = t.kind + t.raw;
    const left = counts.get(key) ?? 0;
    if (left > 0) counts.set(key, left - 1);
    else onlyB++;
  }
  let onlyA = 0;
  for (const left of counts.values()) onlyA += left;
  return Math.max(onlyA, onlyB);
}

/** What {@link finalScore} needs about one side of a comparison. */
export interface ScoredSide {
  raw: string;
  norm: NormalizedText;
}

/**
 * Turns a base score into the reported one. `caseCostsMore` tells whether the case-preserving keys
 * are further apart than the compared (lower-cased) ones; it is ignored when matching is
 * case-sensitive, where case already costs edits.
 */
export function finalScore(
  base: number,
  query: ScoredSide,
  source: ScoredSide,
  caseCostsMore: boolean,
  penalties: Readonly<Penalties> = DEFAULT_PENALTIES,
): number {
  let score = base - penalties.variable * variableMismatches(query.norm.vars, source.norm.vars);
  if (caseCostsMore) score -= penalties.case;
  if (query.norm.ws !== source.norm.ws) score -= penalties.whitespace;
  // 100 means identical, whatever the normalisation forgave.
  if (score >= 100 && query.raw !== source.raw) score = 99;
  return Math.max(0, Math.min(100, score));
}

/**
 * Fuzzy similarity (0–100) of a stored source to a query, as the TM index reports it: Levenshtein
 * distance over the normalised keys (numbers, placeholders and tags as one character each,
 * whitespace collapsed, lower-cased unless `caseSensitive`), minus small penalties.
 */
export function tmSimilarity(query: string, source: string, options: ScoreOptions = {}): number {
  const penalties = { ...DEFAULT_PENALTIES, ...options.penalties };
  const q: ScoredSide = { raw: query, norm: normalizeText(query) };
  const s: ScoredSide = { raw: source, norm: normalizeText(source) };
  const maxLength = Math.max(q.norm.key.length, s.norm.key.length);
  if (options.caseSensitive) {
    const d = boundedDistance(preparePattern(q.norm.key), s.norm.key, maxLength);
    return finalScore(baseScore(d, maxLength), q, s, false, penalties);
  }
  const d = boundedDistance(
    preparePattern(lowerSameLength(q.norm.key)),
    lowerSameLength(s.norm.key),
    maxLength,
  );
  const cased = boundedDistance(preparePattern(q.norm.key), s.norm.key, d);
  return finalScore(baseScore(d, maxLength), q, s, cased > d, penalties);
}
