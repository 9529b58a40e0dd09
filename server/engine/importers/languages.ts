import { parseLanguageSubtags } from '../../../src/languages/tag.ts';
import type { LanguagePair } from './types.ts';

/** A language tag read from a file: `en`, `en-US`, `EN_us`, `zh-Hant-TW` (the script is ignored). */
export interface LanguageTag {
  lang: string;
  region: string | undefined;
}

/** One side of the memory's pair. */
export interface PairSide {
  lang: string;
  region: string | undefined;
}

/**
 * Reads a BCP 47 tag as files write them (src/languages/tag.ts: `-` or `_` separators, any case).
 * Returns undefined for an empty or malformed tag. Only the primary language and the region are
 * kept: a memory is one language and at most one region; a script, variants and extensions are
 * ignored.
 */
export function parseLanguageTag(raw: string): LanguageTag | undefined {
  const parts = parseLanguageSubtags(raw.trim());
  return parts && { lang: parts.language, region: parts.region };
}

/**
 * parseLanguageTag with a small memo: a file repeats the same few tags on every unit, and a
 * 200 MB TMX has millions of `<tuv>`s. The memo stops growing after 256 distinct tags.
 */
export function tagParser(): (raw: string) => LanguageTag | undefined {
  const memo = new Map<string, LanguageTag | undefined>();
  return (raw) => {
    if (memo.has(raw)) return memo.get(raw);
    const tag = parseLanguageTag(raw);
    if (memo.size < 256) memo.set(raw, tag);
    return tag;
  };
}

/** `en-US`, the normalised spelling used in messages. */
export function formatTag(tag: LanguageTag): string {
  return tag.region ? `${tag.lang}-${tag.region}` : tag.lang;
}

/** The memory's source and target sides; a locale may be given as `US` or as `en-US`. */
export function pairSides(pair: LanguagePair): { source: PairSide; target: PairSide } {
  return { source: side(pair.srclang, pair.srclocale), target: side(pair.trglang, pair.trglocale) };
}

function side(lang: string, locale: string | undefined): PairSide {
  const primary = lang.trim().toLowerCase();
  const region = locale?.trim()
    ? parseLanguageTag(`${primary}-${locale.trim().split(/[-_]/).pop()}`)?.region
    : undefined;
  return { lang: primary, region };
}

export function describeSide(side: PairSide): string {
  return formatTag(side);
}

/**
 * How well a tag from the file fits one side of the memory: 0 = no, higher is better.
 * A memory with a region (en/US) prefers `en-US` (2), accepts a plain `en` (1) and refuses `en-GB`:
 * British entries must not land in an American memory. A memory without a region prefers a plain
 * `en` (2) and accepts any regional `en-*` (1).
 */
export function tagRank(tag: LanguageTag | undefined, side: PairSide): number {
  if (!tag || tag.lang !== side.lang) return 0;
  if (side.region) {
    if (tag.region === side.region) return 2;
    return tag.region ? 0 : 1;
  }
  return tag.region ? 1 : 2;
}

/**
 * Picks the items for the memory's source and target among items with languages (a TMX `<tu>`'s
 * `<tuv>`s): the two different items whose ranks add up best, so that an en → en-GB memory reading
 * `en-GB` and `en-US` variants takes `en-US` as source even when `en-GB` comes first. Ties keep
 * document order.
 */
export function pickPair<T>(
  items: readonly T[],
  tagOf: (item: T) => LanguageTag | undefined,
  sides: { source: PairSide; target: PairSide },
): { source: T; target: T } | undefined {
  const tags = items.map(tagOf);
  let found: { source: T; target: T } | undefined;
  let score = 0;
  items.forEach((source, s) => {
    const sourceRank = tagRank(tags[s], sides.source);
    if (sourceRank === 0) return;
    items.forEach((target, t) => {
      const targetRank = t === s ? 0 : tagRank(tags[t], sides.target);
      if (targetRank > 0 && sourceRank + targetRank > score) {
        score = sourceRank + targetRank;
        found = { source, target };
      }
    });
  });
  return found;
}

/** All items of the top rank for a side (a TBX entry may hold two `en` sections of equal fit). */
export function bestRanked<T>(
  items: readonly T[],
  tagOf: (item: T) => LanguageTag | undefined,
  side: PairSide,
): T[] {
  let rank = 0;
  let found: T[] = [];
  for (const item of items) {
    const r = tagRank(tagOf(item), side);
    if (r > rank) {
      rank = r;
      found = [item];
    } else if (r === rank && r > 0) {
      found.push(item);
    }
  }
  return found;
}

/** Languages seen in a file, for the message when nothing fits the memory (capped: a file may be odd). */
export class LanguagesSeen {
  readonly #seen = new Set<string>();

  add(raw: string | undefined): void {
    if (raw === undefined || this.#seen.size >= 50) return;
    const tag = parseLanguageTag(raw);
    this.#seen.add(tag ? formatTag(tag) : JSON.stringify(raw));
  }

  describe(): string {
    return this.#seen.size === 0 ? 'none' : [...this.#seen].sort().join(', ');
  }
}
