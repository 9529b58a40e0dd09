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

/** Where a plural unit's members are: the group and the object event that holds them. */
export interface PluralRef {
  group: PluralGroup;
  object: number;
}

/** The translatable entries of a document, in file order, as parallel lists. */
export interface JsonEntries {
  /** Unit ids (key paths). */
  ids: string[];
  /** The string event of each entry: the value itself, or a plural group's first member value (where the unit is located). */
  values: number[];
  /** The plural group of each entry; undefined for plain strings. */
  plurals: (PluralRef | undefined)[];
  /** The i18next context of each entry. */
  contexts: (string | undefined)[];
}

const ORDER: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * The translatable entries of a JSON document (root event 0), in file order. Parse and render
 * both start from them, so a document read once (see JsonDoc.derive) is walked once.
 */
export function jsonEntries(doc: JsonDoc): JsonEntries {
  const entries: JsonEntries = { ids: [], values: [], plurals: [], contexts: [] };
  const walker = new Walker(doc, entries);
  if (doc.kind(0) === OBJECT) walker.object(0, '');
  else if (doc.kind(0) === ARRAY) walker.array(0, '');
  return entries;
}

/** Walks containers depth first; `prefix` is the container's id and a dot (empty at the top). */
class Walker {
  private readonly doc: JsonDoc;
  private readonly entries: JsonEntries;

  constructor(doc: JsonDoc, entries: JsonEntries) {
    this.doc = doc;
    this.entries = entries;
  }

  private emit(id: string, value: number, plural: PluralRef | undefined, context: string | undefined): void {
    const entries = this.entries;
    entries.ids.push(id);
    entries.values.push(value);
    entries.plurals.push(plural);
    entries.contexts.push(context);
  }

  array(array: number, prefix: string): void {
    const doc = this.doc;
    const stop = doc.next(array);
    for (let e = array + 1, index = 0; e < stop; e = doc.next(e), index++) {
      const kind = doc.kind(e);
      if (kind === STRING) this.emit(prefix + index, e, undefined, undefined);
      else if (kind === OBJECT) this.object(e, `${prefix}${index}.`);
      else if (kind === ARRAY) this.array(e, `${prefix}${index}.`);
    }
  }

  object(object: number, prefix: string): void {
    const doc = this.doc;
    const { names, groups, contextOf } = objectConventions(doc, object);
    const stop = doc.next(object);
    for (let key = object + 1, index = 0; key < stop; key = doc.next(key + 1), index++) {
      const value = key + 1;
      const group = groups?.[index];
      if (group) {
        if (group.first === key)
          this.emit(prefix + group.segment, value, { group, object }, contextOf(group.base));
        continue;
      }
      const kind = doc.kind(value);
      if (kind !== STRING && kind !== OBJECT && kind !== ARRAY) continue;
      const name = names ? names[index]! : doc.string(key);
      // Only keys flagged by the tokenizer can hold characters that ids escape.
      const segment = doc.flagged(key, KEY_SPECIAL) ? escapeSegment(name) : name;
      if (kind === STRING) {
        const context = names && name.includes('_') ? contextOf(name) : undefined;
        this.emit(prefix + segment, value, undefined, context);
      } else if (kind === OBJECT) this.object(value, `${prefix}${segment}.`);
      else this.array(value, `${prefix}${segment}.`);
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
