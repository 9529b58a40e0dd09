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
import { objectConventions, type PluralGroup } from './i18next.ts';
import { escapeSegment } from './key-path.ts';
import { ARRAY, type JsonDoc, OBJECT, STRING } from './tokens.ts';

/** One translatable value. Ids are built only on demand: a 5 MB file has 100 000 of them. */
export interface JsonEntry {
  /** Id of the containing object or array; undefined at the top level. */
  parent: string | undefined;
  /** The escaped last segment of the id. */
  segment: string;
  /** The string event: the value itself, or a plural group's first member value (where the unit is located). */
  value: number;
  /** For plural units: the group and the object event holding its members. */
  plural?: { group: PluralGroup; object: number };
  context?: string;
}

const ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The unit id of an entry. */
export function entryId(entry: JsonEntry): string {
  return entry.parent === undefined ? entry.segment : `${entry.parent}.${entry.segment}`;
}

/** Visits the translatable entries of a JSON document (root event 0) in file order. */
export function walkJson(doc: JsonDoc, visit: (entry: JsonEntry) => void): void {
  if (doc.kind(0) === OBJECT) walkObject(doc, 0, undefined, visit);
  else if (doc.kind(0) === ARRAY) walkArray(doc, 0, undefined, visit);
}

function walkArray(
  doc: JsonDoc,
  array: number,
  parent: string | undefined,
  visit: (entry: JsonEntry) => void,
): void {
  const stop = doc.next(array);
  for (let e = array + 1, index = 0; e < stop; e = doc.next(e), index++) {
    const kind = doc.kind(e);
    if (kind === STRING) visit({ parent, segment: String(index), value: e });
    else if (kind === OBJECT || kind === ARRAY) {
      const path = parent === undefined ? String(index) : `${parent}.${index}`;
      if (kind === OBJECT) walkObject(doc, e, path, visit);
      else walkArray(doc, e, path, visit);
    }
  }
}

function walkObject(
  doc: JsonDoc,
  object: number,
  parent: string | undefined,
  visit: (entry: JsonEntry) => void,
): void {
  const { names, groups, contextOf } = objectConventions(doc, object);
  const stop = doc.next(object);
  for (let key = object + 1, index = 0; key < stop; key = doc.next(key + 1), index++) {
    const value = key + 1;
    const group = groups?.[index];
    if (group) {
      if (group.first !== key) continue;
      const entry: JsonEntry = { parent, segment: group.segment, value, plural: { group, object } };
      const context = contextOf(group.base);
      if (context !== undefined) entry.context = context;
      visit(entry);
      continue;
    }
    const kind = doc.kind(value);
    if (kind === STRING) {
      const name = names ? names[index]! : doc.string(key);
      const entry: JsonEntry = { parent, segment: escapeSegment(name), value };
      if (names && name.includes('_')) {
        const context = contextOf(name);
        if (context !== undefined) entry.context = context;
      }
      visit(entry);
    } else if (kind === OBJECT || kind === ARRAY) {
      const segment = escapeSegment(names ? names[index]! : doc.string(key));
      const path = parent === undefined ? segment : `${parent}.${segment}`;
      if (kind === OBJECT) walkObject(doc, value, path, visit);
      else walkArray(doc, value, path, visit);
    }
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
