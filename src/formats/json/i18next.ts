/**
 * i18next key conventions inside one JSON object (JSON format v4, i18next ≥ 21):
 * plural suffixes `_zero/_one/_two/_few/_many/_other`, ordinal suffixes `_ordinal_one` …, and
 * context suffixes (`friend_male` next to `friend`). See https://www.i18next.com/translation-function/plurals
 * and https://www.i18next.com/translation-function/context.
 */

import { KEY_UNDERSCORE } from '../kit/json/doc.ts';
import { type JsonDoc, STRING } from '../kit/json/tokens.ts';
import type { PluralCategory } from '../model.ts';
import { escapeSegment } from './key-path.ts';

/** The index of the last `_` in `key` before index `before`, or -1 (lastIndexOf is a runtime call in V8). */
function lastUnderscore(key: string, before: number): number {
  for (let i = before - 1; i >= 0; i--) if (key.charCodeAt(i) === 95) return i;
  return -1;
}

/**
 * The index in CATEGORY_ORDER of the plural category that `key` ends with after the `_` at `at`,
 * or -1; compared in place (no slice).
 */
function categoryAfter(key: string, at: number): number {
  const from = at + 1;
  switch (key.length - from) {
    case 3:
      if (key.startsWith('one', from)) return 1;
      if (key.startsWith('two', from)) return 2;
      if (key.startsWith('few', from)) return 3;
      return -1;
    case 4:
      if (key.startsWith('zero', from)) return 0;
      if (key.startsWith('many', from)) return 4;
      return -1;
    case 5:
      return key.startsWith('other', from) ? 5 : -1;
    default:
      return -1;
  }
}

/** Index of `other` in CATEGORY_ORDER. */
export const OTHER = 5;
/** Index of `zero` in CATEGORY_ORDER. */
export const ZERO = 0;

/** Whether the `_` at `at` ends an `_ordinal` infix (`base_ordinal_one`) after a non-empty base. */
function ordinalBefore(key: string, at: number): boolean {
  return at > 8 && key.startsWith('_ordinal', at - 8);
}

/** Sibling keys `base_<category>` (or `base_ordinal_<category>`) read as one plural unit. */
export interface PluralGroup {
  base: string;
  ordinal: boolean;
  /** Escaped id segment: the base key, `base#ordinal`, or `base#plural` when a plain `base` key exists too. */
  segment: string;
  /**
   * Key event of the member of each category, by index in CATEGORY_ORDER, or -1 (a list rather
   * than a map: a large file has thousands of groups); all the members' values are strings.
   */
  members: number[];
  /** The member key that comes first in the file (where the unit is located). */
  first: number;
  /** The object event that holds the members. */
  object: number;
  /** The i18next context of the base key, when the key without it exists in the same object. */
  context: string | undefined;
}

/**
 * What the i18next conventions make of a document's keys, filled in object by object
 * (markConventions): one mark per key event, so that the walk needs no list per object.
 */
export interface Conventions {
  /** Per key event: 0 for a plain key, g + 1 for a member of groups[g], -(c + 1) for a key with context contexts[c]. */
  marks: Int32Array;
  /** Plural groups, in the order their objects were marked. */
  groups: PluralGroup[];
  /** Contexts of keys outside plural groups. */
  contexts: string[];
}

/** The key of a plural member for a category, as i18next looks it up. */
export function pluralKey(group: Pick<PluralGroup, 'base' | 'ordinal'>, category: PluralCategory): string {
  return `${group.base}${group.ordinal ? '_ordinal' : ''}_${category}`;
}

// Scratch lists of the object being marked: markConventions runs to completion for one object
// before the walk enters another, so one set serves every object without allocating. They are
// not emptied (setting length 0 frees the backing store, which the next object allocated again);
// entries past the current object's count are stale and never read.
const underscoreKeys: number[] = [];
const underscoreNames: string[] = [];
const candidates: PluralGroup[] = [];

/** The object's candidate group for a base, searched linearly (few per object) or through `byBase`. */
function findGroup(
  count: number,
  byBase: Map<string, PluralGroup> | undefined,
  base: string,
  ordinal: boolean,
): PluralGroup | undefined {
  if (byBase) return byBase.get(ordinal ? `o${base}` : `c${base}`);
  for (let g = 0; g < count; g++) {
    const group = candidates[g]!;
    if (group.ordinal === ordinal && group.base === base) return group;
  }
  return undefined;
}

/** The names of an object's members as a set, for objects too large to search linearly. */
function memberNames(doc: JsonDoc, object: number): Set<string> {
  const names = new Set<string>();
  const stop = doc.next(object);
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) names.add(doc.string(k));
  return names;
}

/** Whether the object has a member whose key is `name`: compared on the text in small objects, through `names` in large ones. */
function hasMember(doc: JsonDoc, object: number, names: Set<string> | undefined, name: string): boolean {
  if (names) return names.has(name);
  const stop = doc.next(object);
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) if (doc.stringEquals(k, name)) return true;
  return false;
}

/**
 * Groups plural members and finds contexts among an object's members, and records them in
 * `out` by key event. A group needs an `_other` member and string values for all its members;
 * otherwise its keys stay plain. This runs once per object of large files: objects without an
 * underscore key (most) cost a scan of the tokenizer's flags, only keys with an underscore are
 * decoded, and large objects are searched through a set and a map, so that flat files of many
 * thousands of keys stay linear.
 */
export function markConventions(doc: JsonDoc, object: number, out: Conventions, prefix = ''): void {
  const stop = doc.next(object);
  let count = 0;
  let members = 0;
  const repeats = doc.duplicates.length > 0;
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) {
    members++;
    // A member a later one repeats is never read (JsonDoc.shadowed): it joins no group.
    if (doc.flagged(k, KEY_UNDERSCORE) && !(repeats && doc.shadowed(k))) underscoreKeys[count++] = k;
  }
  if (count === 0) return;
  const marks = out.marks;
  let made = 0;
  let byBase: Map<string, PluralGroup> | undefined;
  for (let u = 0; u < count; u++) {
    const key = underscoreKeys[u]!;
    const name = doc.string(key);
    underscoreNames[u] = name;
    const at = lastUnderscore(name, name.length);
    const category = at > 0 ? categoryAfter(name, at) : -1;
    if (category < 0) continue;
    const ordinal = ordinalBefore(name, at);
    const base = name.slice(0, ordinal ? at - 8 : at);
    let group = findGroup(made, byBase, base, ordinal);
    if (!group) {
      const members = [-1, -1, -1, -1, -1, -1];
      group = { base, ordinal, segment: '', members, first: key, object, context: undefined };
      candidates[made++] = group;
      if (byBase) byBase.set(ordinal ? `o${base}` : `c${base}`, group);
      else if (made > 8) {
        byBase = new Map();
        for (let g = 0; g < made; g++) {
          const c = candidates[g]!;
          byBase.set(c.ordinal ? `o${c.base}` : `c${c.base}`, c);
        }
      }
    }
    group.members[category] = key;
  }
  // A candidate without `_other`, or with a member that is not a string, stays plain keys: it
  // is dropped from the candidates (and from byBase), so that isBase below ignores it too. In a
  // target read against its source, a group without `_other` is the source's plural unit when the
  // source has one by that id: i18next looks up `key_few` for a count whatever else the file holds,
  // and people often leave `other` out (integer counts never reach it in Russian).
  let valid = 0;
  for (let g = 0; g < made; g++) {
    const group = candidates[g]!;
    const members = group.members;
    let ok = members[OTHER]! >= 0 || sourcePlural(doc.sourcePlurals, prefix, group);
    for (let c = 0; c < members.length; c++) ok &&= members[c]! < 0 || doc.kind(members[c]! + 1) === STRING;
    if (ok) candidates[valid++] = group;
    else byBase?.delete(group.ordinal ? `o${group.base}` : `c${group.base}`);
  }
  const names = members > 32 ? memberNames(doc, object) : undefined;
  for (let g = 0; g < valid; g++) {
    const group = candidates[g]!;
    const escaped = escapeSegment(group.base);
    group.segment = group.ordinal
      ? `${escaped}#ordinal`
      : hasMember(doc, object, names, group.base)
        ? `${escaped}#plural`
        : escaped;
    group.context = contextOf(doc, object, names, valid, byBase, group.base);
    const index = out.groups.push(group);
    for (const key of group.members) if (key >= 0) marks[key] = index;
  }
  for (let u = 0; u < count; u++) {
    const key = underscoreKeys[u]!;
    if (marks[key] !== 0) continue;
    const context = contextOf(doc, object, names, valid, byBase, underscoreNames[u]!);
    if (context !== undefined) marks[key] = -out.contexts.push(context);
  }
}

/** Whether the source (read as a target's source) has a plural unit where `group` stands. */
function sourcePlural(plurals: ReadonlySet<string> | undefined, prefix: string, group: PluralGroup): boolean {
  if (!plurals || plurals.size === 0) return false;
  const id = prefix + escapeSegment(group.base);
  return group.ordinal ? plurals.has(`${id}#ordinal`) : plurals.has(id) || plurals.has(`${id}#plural`);
}

/** The context of a key or plural base: the part after an `_` whose head is a key or a cardinal plural base. */
function contextOf(
  doc: JsonDoc,
  object: number,
  names: Set<string> | undefined,
  groups: number,
  byBase: Map<string, PluralGroup> | undefined,
  key: string,
): string | undefined {
  for (let at = lastUnderscore(key, key.length); at > 0; at = lastUnderscore(key, at)) {
    const base = key.slice(0, at);
    if (hasMember(doc, object, names, base) || findGroup(groups, byBase, base, false) !== undefined)
      return key.slice(at + 1) || undefined;
  }
  return undefined;
}
