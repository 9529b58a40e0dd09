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

/** Flag of entries that are plural units (their group is in JsonEntries.plurals). */
export const PLURAL = 1;
/** Flag of entries with an i18next context (in JsonEntries.contexts). */
export const CONTEXT = 2;

/** The translatable entries of a document, in file order, as parallel lists. */
export interface JsonEntries {
  /** Unit ids (key paths); their number is the number of entries. */
  ids: string[];
  /** The string event of each entry: the value itself, or a plural group's first member value (where the unit is located). */
  values: Int32Array;
  /** PLURAL and CONTEXT flags of each entry. */
  flags: Uint8Array;
  /** The plural group of the entries flagged PLURAL, by entry index. */
  plurals: Map<number, PluralGroup>;
  /** The i18next context of the entries flagged CONTEXT, by entry index. */
  contexts: Map<number, string>;
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
    plurals: new Map(),
    contexts: new Map(),
  };
  if (doc.kind(0) === OBJECT) walkObject(doc, entries, 0, '');
  else if (doc.kind(0) === ARRAY) walkArray(doc, entries, 0, '');
  return entries;
}

// The walk runs once per value of large files: plain functions over the entry lists, with the
// rare plural and context entries flagged and kept in maps, so that the common entry costs a push.

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
  const conventions = objectConventions(doc, object);
  const { ids, values, flags } = entries;
  const stop = doc.next(object);
  // The members with an underscore in their key come in file order, as conventions lists them.
  let u = 0;
  for (let key = object + 1; key < stop; key = doc.next(key + 1)) {
    const value = key + 1;
    let group: PluralGroup | undefined;
    let context: string | undefined;
    if (conventions !== undefined && conventions.keys[u] === key) {
      group = conventions.groups[u];
      context = conventions.contexts[u];
      u++;
    }
    if (group) {
      if (group.first === key) {
        const n = ids.length;
        flags[n] = PLURAL;
        entries.plurals.set(n, group);
        if (group.context !== undefined) {
          flags[n] |= CONTEXT;
          entries.contexts.set(n, group.context);
        }
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
      if (context !== undefined) {
        flags[n] = CONTEXT;
        entries.contexts.set(n, context);
      }
      values[n] = value;
      ids.push(prefix + segment);
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
