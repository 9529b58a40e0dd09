import { boundedDistance, preparePattern } from './distance.ts';
import { lowerSameLength, normalizeText } from './normalize.ts';
import { encodeVars } from './tokens.ts';

/** Points taken off a fuzzy score for differences the normalised key does not see. */
export interface Penalties {
  /** Per number or placeholder of one side that the other side lacks ("3" vs "5"). */
  variable: number;
  /**
   * Once, when the tags differ (added, missing, renamed or moved): the text is what is compared, so
   * "Click <b>here</b>" against "Click here" scores 99, as OmegaT and Trados's formatting penalty do.
   */
  tags: number;
  /** Once, when matching ignores case and the case differs. */
  case: number;
  /** Once, when leading, trailing or repeated whitespace differs. */
  whitespace: number;
}

export const DEFAULT_PENALTIES: Readonly<Penalties> = Object.freeze({
  variable: 1,
  tags: 1,
  case: 1,
  whitespace: 1,
});

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

/**
 * How many numbers/placeholders/tags one side has that the other lacks (the larger side counts),
 * over encoded token lists (see `encodeVars`); `a` comes already split.
 */
export function variableMismatches(a: readonly string[], aEncoded: string, bEncoded: string): number {
  if (aEncoded === bEncoded) return 0;
  if (bEncoded === '') return a.length;
  const b = bEncoded.split('\u0000');
  if (a.length === 0) return b.length;
  const counts = new Map<string, number>();
  for (const t of a) counts.set(t, (counts.get(t) ?? 0) + 1);
  let onlyB = 0;
  for (const t of b) {
    const left = counts.get(t) ?? 0;
    if (left > 0) counts.set(t, left - 1);
    else onlyB++;
  }
  let onlyA = 0;
  for (const left of counts.values()) onlyA += left;
  return Math.max(onlyA, onlyB);
}

/** The differences a base score does not see, for {@link finalScore}. */
export interface Differences {
  variables: number;
  /** The tags differ (their encoded lists are not equal). */
  tags: boolean;
  caseCostsMore: boolean;
  spaces: boolean;
  /** The raw texts are equal: the only way to score 100. */
  identical: boolean;
}

/**
 * Turns a base score into the reported one. `caseCostsMore` tells whether the case-preserving keys
 * are further apart than the compared (lower-cased) ones; it is false when matching is
 * case-sensitive, where case already costs edits.
 */
export function finalScore(base: number, diff: Differences, penalties: Readonly<Penalties>): number {
  let score = base - penalties.variable * diff.variables;
  if (diff.tags) score -= penalties.tags;
  if (diff.caseCostsMore) score -= penalties.case;
  if (diff.spaces) score -= penalties.whitespace;
  // 100 means identical, whatever the normalisation forgave.
  if (score >= 100 && !diff.identical) score = 99;
  return Math.max(0, Math.min(100, score));
}

/**
 * Fuzzy similarity (0–100) of a stored source to a query, as the TM index reports it: Levenshtein
 * distance over the normalised keys (numbers and placeholders as one character each, tags left
 * out, whitespace collapsed, lower-cased unless `caseSensitive`), minus small penalties.
 */
export function tmSimilarity(query: string, source: string, options: ScoreOptions = {}): number {
  const penalties = { ...DEFAULT_PENALTIES, ...options.penalties };
  const q = normalizeText(query);
  const s = normalizeText(source);
  const qVars = encodeVars(q.vars);
  const maxLength = Math.max(q.key.length, s.key.length);
  const diff: Differences = {
    variables: variableMismatches(qVars === '' ? [] : qVars.split('\u0000'), qVars, encodeVars(s.vars)),
    tags: encodeVars(q.tags) !== encodeVars(s.tags),
    caseCostsMore: false,
    spaces: q.ws !== s.ws,
    identical: query === source,
  };
  if (options.caseSensitive) {
    const d = boundedDistance(preparePattern(q.key), s.key, maxLength);
    return finalScore(baseScore(d, maxLength), diff, penalties);
  }
  const d = boundedDistance(preparePattern(lowerSameLength(q.key)), lowerSameLength(s.key), maxLength);
  diff.caseCostsMore = boundedDistance(preparePattern(q.key), s.key, d) > d;
  return finalScore(baseScore(d, maxLength), diff, penalties);
}
