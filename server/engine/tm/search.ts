import { type CandidateSource, generateCandidates } from './candidates.ts';
import { boundedDistance, type Pattern, preparePattern } from './distance.ts';
import { fixTarget } from './fixup.ts';
import { lowerSameLength, normalizeText } from './normalize.ts';
import { baseScore, finalScore, maxDistance, type Penalties, type ScoredSide } from './score.ts';
import { TopMatches } from './top-matches.ts';

/** One result of a TM lookup. */
export interface TmMatch {
  id: number;
  score: number;
  source: string;
  target: string;
  /** The target with the query's numbers, placeholders and tags, when only those differ. */
  fixedTarget?: string;
}

export interface SearchSettings {
  n: number;
  minScore: number;
  caseSensitive: boolean;
}

/** Everything a search reads. */
export interface SearchData extends CandidateSource {
  penalties: Readonly<Penalties>;
}

/** Answers one query; see `createTmIndex` for the contract. */
export function search(data: SearchData, text: string, settings: SearchSettings): TmMatch[] {
  const { slots, penalties } = data;
  const { n, minScore, caseSensitive } = settings;
  const query: ScoredSide = { raw: text, norm: normalizeText(text) };
  const lower = lowerSameLength(query.norm.key);
  const key = caseSensitive ? query.norm.key : lower;
  const pattern = preparePattern(key);
  let casedPattern: Pattern | undefined;
  const top = new TopMatches(n);
  const threshold = () => (top.full ? Math.max(minScore, top.worstScore) : minScore);
  const exact = slots.exact(lower);

  const verify = (slot: number): void => {
    const storedKey = slots.keys[slot]!;
    const candidateKey = caseSensitive ? storedKey : lowerSameLength(storedKey);
    const longest = Math.max(key.length, candidateKey.length);
    const limit = maxDistance(longest, threshold());
    const d = boundedDistance(pattern, candidateKey, limit);
    if (d > limit) return;
    const source = slots.sources[slot]!;
    const candidate: ScoredSide = { raw: source, norm: normalizeText(source) };
    // Matching ignored case: find out whether case would have cost edits (only when either side
    // has capitals at all).
    let caseCostsMore = false;
    if (!caseSensitive && (storedKey !== candidateKey || query.norm.key !== key)) {
      casedPattern ??= preparePattern(query.norm.key);
      caseCostsMore = boundedDistance(casedPattern, storedKey, d) > d;
    }
    const score = finalScore(baseScore(d, longest), query, candidate, caseCostsMore, penalties);
    if (score < minScore) return;
    top.offer({ score, id: slots.ids[slot]!, slot, norm: candidate.norm });
  };

  for (const slot of exact) verify(slot);
  generateCandidates(data, lower, threshold, (slot) => {
    if (!exact.includes(slot)) verify(slot);
  });

  return top.items.map((item) => {
    const match: TmMatch = {
      id: item.id,
      score: item.score,
      source: slots.sources[item.slot]!,
      target: slots.targets[item.slot]!,
    };
    const storedKey = slots.keys[item.slot]!;
    if ((caseSensitive ? storedKey : lowerSameLength(storedKey)) === key) {
      const fixed = fixTarget(query.norm.vars, item.norm.vars, match.target);
      if (fixed !== undefined) match.fixedTarget = fixed;
    }
    return match;
  });
}
