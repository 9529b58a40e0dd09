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

/** The index of the last `_` in `key` before index `before`, or -1 (lastIndexOf is a runtime call in V8). */
function lastUnderscore(key: string, before: number): number {
  for (let i = before - 1; i >= 0; i--) if (key.charCodeAt(i) === 95) return i;
  return -1;
}

/** Splits `base_one` / `base_ordinal_one` (what /^(.+?)(_ordinal)?_(zero|…|other)$/ would match). */
export function pluralSuffix(
  key: string,
): { base: string; ordinal: boolean; category: PluralCategory } | undefined {
  const at = lastUnderscore(key, key.length);
  // Category names are 3 to 5 letters long.
  if (at <= 0 || key.length - at < 4 || key.length - at > 6) return undefined;
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
  /** The object event that holds the members. */
  object: number;
  /** The i18next context of the base key, when the key without it exists in the same object. */
  context: string | undefined;
}

/** What the i18next conventions make of the members of an object whose key has an underscore. */
export interface ObjectConventions {
  /** Key events of those members, in file order. */
  keys: number[];
  /** The plural group of each of those members. */
  groups: (PluralGroup | undefined)[];
  /** The i18next context of each of those members outside plural groups. */
  contexts: (string | undefined)[];
}

/** The key of a plural member for a category, as i18next looks it up. */
export function pluralKey(group: Pick<PluralGroup, 'base' | 'ordinal'>, category: PluralCategory): string {
  return `${group.base}${group.ordinal ? '_ordinal' : ''}_${category}`;
}

/**
 * Groups plural members and finds contexts in an object, or returns undefined when no key has an
 * underscore (most objects). A group needs an `_other` member and string values for all its
 * members; otherwise its keys stay plain. This runs once per object of large files: only keys
 * with an underscore are decoded, small objects are searched linearly and large ones through a
 * set and a map, so that flat files of many thousands of keys stay linear.
 */
export function objectConventions(doc: JsonDoc, object: number): ObjectConventions | undefined {
  const stop = doc.next(object);
  let keys: number[] | undefined;
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) {
    if (!doc.flagged(k, KEY_UNDERSCORE)) continue;
    keys ??= [];
    keys.push(k);
  }
  if (!keys) return undefined;
  const members = doc.keys(object);
  const names = keys.map((k) => doc.string(k));
  let lookup: Set<string> | undefined;
  /** Whether a member's key is `name`: compared on the text in small objects, through a set in large ones. */
  const present = (name: string): boolean => {
    if (members.length <= 32) {
      for (const k of members) if (doc.stringEquals(k, name)) return true;
      return false;
    }
    lookup ??= new Set(members.map((k) => doc.string(k)));
    return lookup.has(name);
  };
  const groups: (PluralGroup | undefined)[] = [];
  const made: PluralGroup[] = [];
  let byBase: Map<string, PluralGroup> | undefined;
  const find = (base: string, ordinal: boolean): PluralGroup | undefined => {
    if (byBase) return byBase.get(ordinal ? `o${base}` : `c${base}`);
    return made.find((g) => g.base === base && g.ordinal === ordinal);
  };
  for (let u = 0; u < keys.length; u++) {
    const m = pluralSuffix(names[u]!);
    groups.push(undefined);
    if (!m) continue;
    let group = find(m.base, m.ordinal);
    if (!group) {
      group = {
        base: m.base,
        ordinal: m.ordinal,
        segment: '',
        members: new Map(),
        first: keys[u]!,
        object,
        context: undefined,
      };
      made.push(group);
      if (byBase) byBase.set(m.ordinal ? `o${m.base}` : `c${m.base}`, group);
      else if (made.length > 8)
        byBase = new Map(made.map((g) => [g.ordinal ? `o${g.base}` : `c${g.base}`, g]));
    }
    group.members.set(m.category, keys[u]!);
    groups[u] = group;
  }
  // A candidate without `_other`, or with a member that is not a string, stays plain keys.
  let invalid: Set<PluralGroup> | undefined;
  for (const group of made) {
    let valid = group.members.has('other');
    for (const key of group.members.values()) valid &&= doc.kind(key + 1) === STRING;
    if (valid) continue;
    invalid ??= new Set();
    invalid.add(group);
  }
  if (invalid) {
    for (let u = 0; u < keys.length; u++) if (invalid.has(groups[u]!)) groups[u] = undefined;
  }
  const isBase = (base: string): boolean => {
    const group = find(base, false);
    return group !== undefined && !invalid?.has(group);
  };
  /** The context of a key or plural base: the part after an `_` whose head is a key or a cardinal plural base. */
  const contextOf = (key: string): string | undefined => {
    for (let at = lastUnderscore(key, key.length); at > 0; at = lastUnderscore(key, at)) {
      const base = key.slice(0, at);
      if (present(base) || isBase(base)) return key.slice(at + 1) || undefined;
    }
    return undefined;
  };
  for (const group of made) {
    if (invalid?.has(group)) continue;
    const escaped = escapeSegment(group.base);
    group.segment = group.ordinal
      ? `${escaped}#ordinal`
      : present(group.base)
        ? `${escaped}#plural`
        : escaped;
    group.context = contextOf(group.base);
  }
  const contexts: (string | undefined)[] = [];
  for (let u = 0; u < keys.length; u++) {
    const name = names[u]!;
    contexts.push(groups[u] === undefined && name.includes('_') ? contextOf(name) : undefined);
  }
  return { keys, groups, contexts };
}
