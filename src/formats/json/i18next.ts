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
  /** The object event that holds the members. */
  object: number;
  /** The i18next context of the base key, when the key without it exists in the same object. */
  context: string | undefined;
}

/** What the i18next conventions make of an object's members, by member index. */
export interface ObjectConventions {
  /** The plural group of each member (undefined when there are none). */
  groups: (PluralGroup | undefined)[] | undefined;
  /** The i18next context of each member outside plural groups (undefined when there are none). */
  contexts: (string | undefined)[] | undefined;
}

/** The key of a plural member for a category, as i18next looks it up. */
export function pluralKey(group: Pick<PluralGroup, 'base' | 'ordinal'>, category: PluralCategory): string {
  return `${group.base}${group.ordinal ? '_ordinal' : ''}_${category}`;
}

function hasUnderscoreKey(doc: JsonDoc, object: number): boolean {
  const stop = doc.next(object);
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) if (doc.flagged(k, KEY_UNDERSCORE)) return true;
  return false;
}

/** Plural members found under one base before the group is known to be valid. */
interface Candidate {
  group: PluralGroup;
  /** Member indexes of the group's keys. */
  indexes: number[];
  /** Whether the members make a group: an `_other` member, and only strings. */
  valid: boolean;
}

/**
 * Groups plural members and finds contexts in an object, or returns undefined when no key has an
 * underscore (most objects). A group needs an `_other` member and string values for all its
 * members; otherwise its keys stay plain. Only keys with an underscore are decoded, except that a
 * large object's keys all go into a set for the lookups, which keeps flat files of many thousands
 * of keys linear.
 */
export function objectConventions(doc: JsonDoc, object: number): ObjectConventions | undefined {
  if (!hasUnderscoreKey(doc, object)) return undefined;
  const keys = doc.keys(object);
  let lookup: Set<string> | undefined;
  /** Whether a member's key is `name`: compared on the text in small objects, through a set in large ones. */
  const present = (name: string): boolean => {
    if (keys.length <= 32) {
      for (const k of keys) if (doc.stringEquals(k, name)) return true;
      return false;
    }
    lookup ??= new Set(keys.map((k) => doc.string(k)));
    return lookup.has(name);
  };
  // Member indexes and names of the keys with an underscore; plural candidates by base.
  const indexes: number[] = [];
  const names: string[] = [];
  const cardinals = new Map<string, Candidate>();
  const ordinals = new Map<string, Candidate>();
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (!doc.flagged(key, KEY_UNDERSCORE)) continue;
    const name = doc.string(key);
    indexes.push(index);
    names.push(name);
    const m = pluralSuffix(name);
    if (!m) continue;
    const candidates = m.ordinal ? ordinals : cardinals;
    let candidate = candidates.get(m.base);
    if (!candidate) {
      const group: PluralGroup = {
        base: m.base,
        ordinal: m.ordinal,
        segment: '',
        members: new Map(),
        first: key,
        object,
        context: undefined,
      };
      candidate = { group, indexes: [], valid: false };
      candidates.set(m.base, candidate);
    }
    candidate.group.members.set(m.category, key);
    candidate.indexes.push(index);
  }
  let groups: (PluralGroup | undefined)[] | undefined;
  const made: PluralGroup[] = [];
  for (const candidates of [cardinals, ordinals]) {
    for (const candidate of candidates.values()) {
      const { group } = candidate;
      let valid = group.members.has('other');
      for (const key of group.members.values()) valid &&= doc.kind(key + 1) === STRING;
      if (!valid) continue;
      candidate.valid = true;
      groups ??= new Array(keys.length).fill(undefined);
      for (const index of candidate.indexes) groups[index] = group;
      made.push(group);
    }
  }
  /** The context of a key or plural base: the part after an `_` whose head is a key or a cardinal plural base. */
  const contextOf = (key: string): string | undefined => {
    for (let at = key.lastIndexOf('_'); at > 0; at = key.lastIndexOf('_', at - 1)) {
      const base = key.slice(0, at);
      if (present(base) || cardinals.get(base)?.valid) return key.slice(at + 1) || undefined;
    }
    return undefined;
  };
  for (const group of made) {
    const escaped = escapeSegment(group.base);
    group.segment = group.ordinal
      ? `${escaped}#ordinal`
      : present(group.base)
        ? `${escaped}#plural`
        : escaped;
    group.context = contextOf(group.base);
  }
  let contexts: (string | undefined)[] | undefined;
  for (let n = 0; n < indexes.length; n++) {
    const index = indexes[n]!;
    const name = names[n]!;
    if (groups?.[index] || !name.includes('_')) continue;
    const context = contextOf(name);
    if (context === undefined) continue;
    contexts ??= new Array(keys.length).fill(undefined);
    contexts[index] = context;
  }
  return { groups: made.length > 0 ? groups : undefined, contexts };
}
