/**
 * i18next key conventions inside one JSON object (JSON format v4, i18next ≥ 21):
 * plural suffixes `_zero/_one/_two/_few/_many/_other`, ordinal suffixes `_ordinal_one` …, and
 * context suffixes (`friend_male` next to `friend`). See https://www.i18next.com/translation-function/plurals
 * and https://www.i18next.com/translation-function/context.
 */
import type { PluralCategory } from '../model.ts';
import { KEY_UNDERSCORE } from './doc.ts';
import { escapeSegment } from './key-path.ts';
import { type JsonDoc, STRING } from './tokens.ts';

const CATEGORIES = new Set<string>(['zero', 'one', 'two', 'few', 'many', 'other']);

/** Splits `base_one` / `base_ordinal_one` (what /^(.+?)(_ordinal)?_(zero|…|other)$/ would match). */
export function pluralSuffix(
  key: string,
): { base: string; ordinal: boolean; category: PluralCategory } | undefined {
  const at = key.lastIndexOf('_');
  if (at <= 0) return undefined;
  const category = key.slice(at + 1);
  if (!CATEGORIES.has(category)) return undefined;
  const head = key.slice(0, at);
  if (head.length > 8 && head.endsWith('_ordinal')) {
    return { base: head.slice(0, -8), ordinal: true, category: category as PluralCategory };
  }
  return { base: head, ordinal: false, category: category as PluralCategory };
}

/** Sibling keys `base_<category>` (or `base_ordinal_<category>`) read as one plural unit. */
export interface PluralGroup {
  base: string;
  ordinal: boolean;
  /** Escaped id segment: the base key, `base#ordinal`, or `base#plural` when a plain `base` key exists too. */
  segment: string;
  /** Key events of the members by category; all their values are strings. */
  members: Map<PluralCategory, number>;
  /** The member key that comes first in the file (where the unit is located). */
  first: number;
}

export interface ObjectConventions {
  /** Member keys, decoded, in file order (undefined when no key has an underscore). */
  names: string[] | undefined;
  /** The plural group of each member by member index (undefined when there are none). */
  groups: (PluralGroup | undefined)[] | undefined;
  /** The i18next context of a key or plural base, when its base key exists in the same object. */
  contextOf(key: string): string | undefined;
}

const NONE: ObjectConventions = { names: undefined, groups: undefined, contextOf: () => undefined };

function hasUnderscoreKey(doc: JsonDoc, object: number): boolean {
  const stop = doc.next(object);
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) if (doc.flagged(k, KEY_UNDERSCORE)) return true;
  return false;
}

/** The key of a plural member for a category, as i18next looks it up. */
export function pluralKey(group: Pick<PluralGroup, 'base' | 'ordinal'>, category: PluralCategory): string {
  return `${group.base}${group.ordinal ? '_ordinal' : ''}_${category}`;
}

/**
 * Groups plural members and finds contexts in an object. A group needs an `_other` member and
 * string values for all its members; otherwise its keys stay plain. Objects are small and this
 * runs once per object of large files, so it keeps to arrays and linear searches.
 */
export function objectConventions(doc: JsonDoc, object: number): ObjectConventions {
  // Most objects have no suffixed keys at all: skip the bookkeeping for them.
  if (!hasUnderscoreKey(doc, object)) return NONE;
  const keys = doc.keys(object);
  const names = keys.map((k) => doc.string(k));
  let lookup: Set<string> | undefined;
  const present = (name: string) => {
    if (names.length <= 32) return names.includes(name);
    lookup ??= new Set(names);
    return lookup.has(name);
  };
  const candidates: { base: string; ordinal: boolean; members: [PluralCategory, number][] }[] = [];
  names.forEach((name, index) => {
    const m = pluralSuffix(name);
    if (!m) return;
    const { base, ordinal } = m;
    let candidate = candidates.find((c) => c.base === base && c.ordinal === ordinal);
    if (!candidate) {
      candidate = { base, ordinal, members: [] };
      candidates.push(candidate);
    }
    candidate.members.push([m.category, index]);
  });
  let groups: (PluralGroup | undefined)[] | undefined;
  const bases: string[] = [];
  for (const candidate of candidates) {
    const members = new Map(candidate.members.map(([c, index]) => [c, keys[index]!]));
    if (
      !members.has('other') ||
      candidate.members.some(([, index]) => doc.kind(keys[index]! + 1) !== STRING)
    ) {
      continue;
    }
    const escaped = escapeSegment(candidate.base);
    const segment = candidate.ordinal
      ? `${escaped}#ordinal`
      : present(candidate.base)
        ? `${escaped}#plural`
        : escaped;
    const first = candidate.members[0]![1];
    const group: PluralGroup = {
      base: candidate.base,
      ordinal: candidate.ordinal,
      segment,
      members,
      first: keys[first]!,
    };
    groups ??= new Array(keys.length);
    for (const [, index] of candidate.members) groups[index] = group;
    if (!candidate.ordinal) bases.push(candidate.base);
  }
  const contextOf = (key: string): string | undefined => {
    for (let at = key.lastIndexOf('_'); at > 0; at = key.lastIndexOf('_', at - 1)) {
      const base = key.slice(0, at);
      if (present(base) || bases.includes(base)) return key.slice(at + 1) || undefined;
    }
    return undefined;
  };
  return { names, groups, contextOf };
}
