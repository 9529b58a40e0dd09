/**
 * Which parts of a JSON document are translatable, and under which ids.
 *
 * - Every string value is a unit; its id is the key path (`a.b.c`, see key-path.ts).
 * - Arrays are walked too: a string element's id ends with its index (`steps.0`), so arrays of
 *   strings (and objects inside arrays) are translated in place.
 * - Numbers, booleans and null are not text: they are no units and are never changed.
 * - i18next plural siblings form one plural unit (see i18next.ts); context suffixes set `context`.
 * - ICU messages are ordinary values: `{n, plural, one {…} other {…}}` is one unit, not split.
 */
import type { PluralCategory, PluralForms } from '../model.ts';
import { KEY_SPECIAL } from './doc.ts';
import { objectConventions, type PluralGroup } from './i18next.ts';
import { escapeSegment } from './key-path.ts';
import { ARRAY, type JsonDoc, OBJECT, STRING } from './tokens.ts';

const ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The translatable entries of a document, in file order, as parallel lists. */
export interface JsonEntries {
  /** Unit ids (key paths). */
  ids: string[];
  /** The string event of each entry: the value itself, or a plural group's first member value (where the unit is located). */
  values: number[];
  /** The plural group of the entries that are plural units, by entry index. */
  plurals: Map<number, PluralGroup>;
  /** The i18next context of the entries that have one, by entry index. */
  contexts: Map<number, string>;
}

/**
 * The translatable entries of a JSON document (root event 0), in file order. Parse and render
 * both start from them, so a document read once (see JsonDoc.derive) is walked once.
 */
export function jsonEntries(doc: JsonDoc): JsonEntries {
  const entries: JsonEntries = { ids: [], values: [], plurals: new Map(), contexts: new Map() };
  if (doc.kind(0) === OBJECT) walkObject(doc, entries, 0, '');
  else if (doc.kind(0) === ARRAY) walkArray(doc, entries, 0, '');
  return entries;
}

// The walk runs once per value of large files: plain functions over the entry lists, with the
// rare plural and context entries kept in maps so that the common entry costs two pushes.

/** Walks an array; `prefix` is the array's id and a dot (empty at the top). */
function walkArray(doc: JsonDoc, entries: JsonEntries, array: number, prefix: string): void {
  const stop = doc.next(array);
  for (let e = array + 1, index = 0; e < stop; e = doc.next(e), index++) {
    const kind = doc.kind(e);
    if (kind === STRING) {
      entries.ids.push(prefix + index);
      entries.values.push(e);
    } else if (kind === OBJECT) walkObject(doc, entries, e, `${prefix}${index}.`);
    else if (kind === ARRAY) walkArray(doc, entries, e, `${prefix}${index}.`);
  }
}

/** Walks an object; `prefix` is the object's id and a dot (empty at the top). */
function walkObject(doc: JsonDoc, entries: JsonEntries, object: number, prefix: string): void {
  const conventions = objectConventions(doc, object);
  const groups = conventions?.groups;
  const contexts = conventions?.contexts;
  const { ids, values } = entries;
  const stop = doc.next(object);
  for (let key = object + 1, index = 0; key < stop; key = doc.next(key + 1), index++) {
    const value = key + 1;
    const group = groups?.[index];
    if (group) {
      if (group.first === key) {
        if (group.context !== undefined) entries.contexts.set(ids.length, group.context);
        entries.plurals.set(ids.length, group);
        ids.push(prefix + group.segment);
        values.push(value);
      }
      continue;
    }
    const kind = doc.kind(value);
    if (kind !== STRING && kind !== OBJECT && kind !== ARRAY) continue;
    const name = doc.string(key);
    // Only keys flagged by the tokenizer can hold characters that ids escape.
    const segment = doc.flagged(key, KEY_SPECIAL) ? escapeSegment(name) : name;
    if (kind === STRING) {
      const context = contexts?.[index];
      if (context !== undefined) entries.contexts.set(ids.length, context);
      ids.push(prefix + segment);
      values.push(value);
    } else if (kind === OBJECT) walkObject(doc, entries, value, `${prefix}${segment}.`);
    else walkArray(doc, entries, value, `${prefix}${segment}.`);
  }
}

/** The forms of a plural group, in CLDR order. */
export function pluralForms(doc: JsonDoc, group: PluralGroup): PluralForms {
  const forms: Partial<Record<PluralCategory, string>> = {};
  for (const category of ORDER) {
    const key = group.members.get(category);
    if (key !== undefined) forms[category] = doc.string(key + 1);
  }
  return forms as PluralForms;
}
