/**
 * Which parts of a JSON document are translatable, and under which ids.
 *
 * - Every string value is a unit; its id is the key path (`a.b.c`, see key-path.ts).
 * - Arrays are walked too: a string element's id ends with its index (`steps.0`), so arrays of
 *   strings (and objects inside arrays) are translated in place.
 * - Numbers, booleans and null are not text: they are no units and are never changed.
 * - i18next plural siblings form one plural unit (see i18next.ts); context suffixes set `context`.
 * - ICU messages are ordinary values: `{n, plural, one {…} other {…}}` is one unit, not split.
 * - A key repeated in one object is read as JSON.parse reads it: only its last member exists, so an
 *   earlier member (and everything under it) is no entry (JsonDoc.shadowed).
 */

import { KEY_SPECIAL } from '../kit/json/doc.ts';
import { ARRAY, type JsonDoc, OBJECT, STRING } from '../kit/json/tokens.ts';
import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import type { PluralCategory, PluralForms } from '../model.ts';
import { type Conventions, markConventions, type PluralGroup } from './i18next.ts';
import { escapeSegment } from './key-path.ts';

/** Flag of entries that are plural units (their group is pluralGroup(entries, n)). */
export const PLURAL = 1;
/** Flag of entries with an i18next context (entryContext(entries, n)). */
export const CONTEXT = 2;

/** The translatable entries of a document, in file order, as parallel lists. */
export interface JsonEntries {
  /** Unit ids (key paths); their number is the number of entries. */
  ids: string[];
  /** The string event of each entry: the value itself, or a plural group's first member value (where the unit is located). */
  values: Int32Array;
  /** PLURAL and CONTEXT flags of each entry. */
  flags: Uint8Array;
  /** Of a PLURAL entry, the index of its group in `conventions.groups`; of another CONTEXT entry, of its context in `conventions.contexts`. */
  extra: Int32Array;
  /** The i18next plural groups and contexts of the document. */
  conventions: Conventions;
}

/** The plural group of entry `n` (flagged PLURAL). */
export function pluralGroup(entries: JsonEntries, n: number): PluralGroup {
  return entries.conventions.groups[entries.extra[n]!]!;
}

/** The i18next context of entry `n` (flagged CONTEXT). */
export function entryContext(entries: JsonEntries, n: number): string {
  const extra = entries.extra[n]!;
  const { groups, contexts } = entries.conventions;
  return (entries.flags[n]! & PLURAL) !== 0 ? groups[extra]!.context! : contexts[extra]!;
}

/**
 * The translatable entries of a JSON document (root event 0), in file order. Parse and render
 * both start from them, so a document read once (see JsonDoc.derive) is walked once.
 */
export function jsonEntries(doc: JsonDoc): JsonEntries {
  // Every entry is a string event, so the event count bounds the entry count.
  const entries: JsonEntries = {
    ids: [],
    values: new Int32Array(doc.count),
    flags: new Uint8Array(doc.count),
    extra: new Int32Array(doc.count),
    conventions: { marks: new Int32Array(doc.count), groups: [], contexts: [] },
  };
  if (doc.kind(0) === OBJECT) walkObject(doc, entries, 0, '');
  else if (doc.kind(0) === ARRAY) walkArray(doc, entries, 0, '');
  return entries;
}

// The walk runs once per value of large files: plain functions over the entry lists, with the
// rare plural and context entries flagged, so that the common entry costs a push.

/** Walks an array; `prefix` is the array's id and a dot (empty at the top). */
function walkArray(doc: JsonDoc, entries: JsonEntries, array: number, prefix: string): void {
  const stop = doc.next(array);
  for (let e = array + 1, index = 0; e < stop; e = doc.next(e), index++) {
    const kind = doc.kind(e);
    if (kind === STRING) {
      entries.values[entries.ids.length] = e;
      entries.ids.push(prefix + index);
    } else if (kind === OBJECT) walkObject(doc, entries, e, `${prefix}${index}.`);
    else if (kind === ARRAY) walkArray(doc, entries, e, `${prefix}${index}.`);
  }
}

/** Walks an object; `prefix` is the object's id and a dot (empty at the top). */
function walkObject(doc: JsonDoc, entries: JsonEntries, object: number, prefix: string): void {
  const conventions = entries.conventions;
  markConventions(doc, object, conventions, prefix);
  const { ids, values, flags, extra } = entries;
  const marks = conventions.marks;
  const stop = doc.next(object);
  const repeats = doc.duplicates.length > 0;
  for (let key = object + 1; key < stop; key = doc.next(key + 1)) {
    if (repeats && doc.shadowed(key)) continue;
    const value = key + 1;
    const mark = marks[key]!;
    if (mark > 0) {
      // A plural member: the group is one entry, at its first member.
      const group = conventions.groups[mark - 1]!;
      if (group.first === key) {
        const n = ids.length;
        flags[n] = group.context === undefined ? PLURAL : PLURAL | CONTEXT;
        extra[n] = mark - 1;
        values[n] = value;
        ids.push(prefix + group.segment);
      }
      continue;
    }
    const kind = doc.kind(value);
    if (kind !== STRING && kind !== OBJECT && kind !== ARRAY) continue;
    const name = doc.string(key);
    // Only keys flagged by the tokenizer can hold characters that ids escape.
    const segment = doc.flagged(key, KEY_SPECIAL) ? escapeSegment(name) : name;
    if (kind === STRING) {
      const n = ids.length;
      if (mark < 0) {
        flags[n] = CONTEXT;
        extra[n] = -mark - 1;
      }
      values[n] = value;
      ids.push(prefix + segment);
    } else if (kind === OBJECT) walkObject(doc, entries, value, `${prefix}${segment}.`);
    else walkArray(doc, entries, value, `${prefix}${segment}.`);
  }
}

/** The forms of a plural group, in CLDR order (without `other` in a target that lacks it: see markConventions). */
export function pluralForms(doc: JsonDoc, group: PluralGroup): PluralForms {
  const forms: Partial<Record<PluralCategory, string>> = {};
  const members = group.members;
  for (let c = 0; c < members.length; c++) {
    const key = members[c]!;
    if (key >= 0) forms[CATEGORY_ORDER[c]!] = doc.string(key + 1);
  }
  return forms as PluralForms;
}
