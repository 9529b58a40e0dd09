/**
 * Reading an Xcode string catalog (.xcstrings): which strings it holds, and the translatable
 * leaves of each string's source-language localization.
 *
 * Ids: the key for the plain `stringUnit`; `key|plural` for a plural variation; `key|device=ipad`
 * (and `key|device=ipad|plural`) for device variations; `key|substitution=arg1` for the plural
 * variation of a substitution. Inside a key, `\` and `|` are escaped with a backslash.
 */

import { type JsonDoc, OBJECT, STRING } from '../kit/json/tokens.ts';
import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import type { PluralCategory, PluralForms } from '../model.ts';

/** One translatable leaf: a stringUnit value, or the stringUnits of a plural variation. */
export interface Leaf {
  id: string;
  /** Member names from the localization object to the node holding `stringUnit` or `variations`. */
  path: readonly string[];
  /** Event of that node in the source localization (-1 for a key-only string's leaf). */
  node: number;
  plural: boolean;
  /** Source text: the plain text, or a plural leaf's `other` form. */
  value: string;
  /** Event of the literal holding the text (a plural leaf's first form; a key-only string's key). */
  at: number;
  /** A plural leaf's forms, in CLDR order (read-only: parse gives units copies). */
  forms: PluralForms | undefined;
}

export interface CatalogString {
  key: string;
  /** Event of the key literal and of its object. */
  keyEvent: number;
  object: number;
  translatable: boolean;
  comment: string | undefined;
  extractionState: string | undefined;
  /** Events of the `localizations` object and of the source language's localization, or -1. */
  localizations: number;
  source: number;
  leaves: Leaf[];
}

export interface Catalog {
  doc: JsonDoc;
  sourceLanguage: string;
  strings: CatalogString[];
}

const NO_PATH: readonly string[] = Object.freeze([]);

/** Escapes a catalog key for use in unit ids. */
export function escapeKey(key: string): string {
  return key.includes('\\') || key.includes('|') ? key.replace(/[\\|]/g, '\\$&') : key;
}

/** The catalog key a unit id starts with (escapeKey's inverse; an id may go on with `|` and a variation). */
export function catalogKeyOf(id: string): string {
  return /^(?:[^|\\]|\\.)*/.exec(id)![0].replace(/\\(.)/g, '$1');
}

/** Reads the catalog's structure; `fail` builds FormatErrors for what Xcode itself would reject. */
export function readCatalog(doc: JsonDoc, fail: (message: string, at: number) => Error): Catalog {
  if (doc.kind(0) !== OBJECT) throw fail('a string catalog is a JSON object', doc.start(0));
  const sourceEvent = doc.member(0, 'sourceLanguage');
  if (sourceEvent < 0 || doc.kind(sourceEvent) !== STRING)
    throw fail('missing "sourceLanguage"', doc.start(0));
  const stringsEvent = doc.member(0, 'strings');
  if (stringsEvent < 0 || doc.kind(stringsEvent) !== OBJECT)
    throw fail('missing "strings" object', doc.start(0));
  const sourceLanguage = doc.string(sourceEvent);
  const strings: CatalogString[] = [];
  const stop = doc.next(stringsEvent);
  for (let keyEvent = stringsEvent + 1; keyEvent < stop; keyEvent = doc.next(keyEvent + 1)) {
    const object = keyEvent + 1;
    if (doc.kind(object) !== OBJECT) throw fail('a string entry must be an object', doc.start(object));
    strings.push(readString(doc, keyEvent, object, sourceLanguage));
  }
  return { doc, sourceLanguage, strings };
}

/*
 * The readers below visit each object's members once, naming each key by comparison (lengths
 * first): a catalog has tens of thousands of small objects, and looking up each wanted member
 * with a scan of its own visits the same keys again and again. Keys are unique (the tokenizer
 * rejects duplicates), so the one match of a name is the member a lookup would find.
 */

function readString(doc: JsonDoc, keyEvent: number, object: number, sourceLanguage: string): CatalogString {
  const key = doc.string(keyEvent);
  let translatable = true;
  let localizations = -1;
  let comment: string | undefined;
  let extractionState: string | undefined;
  const stop = doc.next(object);
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) {
    const kind = doc.kind(k + 1);
    if (kind === OBJECT) {
      if (doc.stringEquals(k, 'localizations')) localizations = k + 1;
    } else if (kind === STRING) {
      if (doc.stringEquals(k, 'comment')) comment = doc.string(k + 1);
      else if (doc.stringEquals(k, 'extractionState')) extractionState = doc.string(k + 1);
    } else if (doc.stringEquals(k, 'shouldTranslate')) {
      translatable = !doc.text.startsWith('false', doc.start(k + 1));
    }
  }
  const source = localizations >= 0 ? objectMember(doc, localizations, sourceLanguage) : -1;
  const entry: CatalogString = {
    key,
    keyEvent,
    object,
    translatable,
    comment,
    extractionState,
    localizations,
    source,
    leaves: [],
  };
  const id = escapeKey(key);
  if (source >= 0) collectLeaves(doc, source, id, NO_PATH, false, entry.leaves);
  // Without a source localization the key is the source text, as Xcode shows it.
  if (entry.leaves.length === 0 && source < 0) {
    entry.leaves.push({
      id,
      path: NO_PATH,
      node: -1,
      plural: false,
      value: key,
      at: keyEvent,
      forms: undefined,
    });
  }
  return entry;
}

/** A node's `stringUnit`, `variations` and `substitutions` objects (-1 where absent). */
export interface NodeMembers {
  stringUnit: number;
  variations: number;
  substitutions: number;
}

/** Reads a node's members into `out` (one object reused: nodes are read one after another). */
export function nodeMembers(doc: JsonDoc, node: number, out: NodeMembers): NodeMembers {
  out.stringUnit = -1;
  out.variations = -1;
  out.substitutions = -1;
  const stop = doc.next(node);
  for (let k = node + 1; k < stop; k = doc.next(k + 1)) {
    if (doc.kind(k + 1) !== OBJECT) continue;
    if (doc.stringEquals(k, 'stringUnit')) out.stringUnit = k + 1;
    else if (doc.stringEquals(k, 'variations')) out.variations = k + 1;
    else if (doc.stringEquals(k, 'substitutions')) out.substitutions = k + 1;
  }
  return out;
}

const members: NodeMembers = { stringUnit: -1, variations: -1, substitutions: -1 };

function collectLeaves(
  doc: JsonDoc,
  node: number,
  id: string,
  path: readonly string[],
  substitution: boolean,
  out: Leaf[],
) {
  const { stringUnit, variations, substitutions } = nodeMembers(doc, node, members);
  const unit = stringUnit >= 0 ? unitValue(doc, stringUnit) : -1;
  if (unit >= 0)
    out.push({ id, path, node, plural: false, value: doc.string(unit), at: unit, forms: undefined });
  if (variations >= 0) {
    let plural = -1;
    let device = -1;
    const stop = doc.next(variations);
    for (let k = variations + 1; k < stop; k = doc.next(k + 1)) {
      if (doc.kind(k + 1) !== OBJECT) continue;
      if (doc.stringEquals(k, 'plural')) plural = k + 1;
      else if (doc.stringEquals(k, 'device')) device = k + 1;
    }
    if (plural >= 0) {
      const values = pluralValues(doc, plural);
      if (values[5]! >= 0) {
        const forms: Partial<Record<PluralCategory, string>> = {};
        let at = -1;
        for (let c = 0; c < 6; c++) {
          const value = values[c]!;
          if (value < 0) continue;
          forms[CATEGORY_ORDER[c]!] = doc.string(value);
          if (at < 0) at = value;
        }
        const other = (forms as PluralForms).other;
        out.push({
          id: substitution ? id : `${id}|plural`,
          path,
          node,
          plural: true,
          value: other,
          at,
          forms: forms as PluralForms,
        });
      }
    }
    if (device >= 0) {
      const stop = doc.next(device);
      for (let k = device + 1; k < stop; k = doc.next(k + 1)) {
        if (doc.kind(k + 1) !== OBJECT) continue;
        const name = doc.string(k);
        collectLeaves(
          doc,
          k + 1,
          `${id}|device=${escapeKey(name)}`,
          [...path, 'variations', 'device', name],
          false,
          out,
        );
      }
    }
  }
  if (substitutions >= 0) {
    const stop = doc.next(substitutions);
    for (let k = substitutions + 1; k < stop; k = doc.next(k + 1)) {
      if (doc.kind(k + 1) !== OBJECT) continue;
      const name = doc.string(k);
      collectLeaves(
        doc,
        k + 1,
        `${id}|substitution=${escapeKey(name)}`,
        [...path, 'substitutions', name],
        true,
        out,
      );
    }
  }
}

/** The index in CATEGORY_ORDER of a key naming a plural category, or -1. */
function categoryOf(doc: JsonDoc, key: number): number {
  for (let c = 0; c < 6; c++) if (doc.stringEquals(key, CATEGORY_ORDER[c]!)) return c;
  return -1;
}

/** Scratch for pluralValues: read and used before the next call. */
const formValues = new Int32Array(6);

/** The `stringUnit.value` event of each category of a plural variation, by CATEGORY_ORDER index (-1: none). */
function pluralValues(doc: JsonDoc, plural: number): Int32Array {
  formValues.fill(-1);
  const stop = doc.next(plural);
  for (let k = plural + 1; k < stop; k = doc.next(k + 1)) {
    if (doc.kind(k + 1) !== OBJECT) continue;
    const c = categoryOf(doc, k);
    if (c >= 0) formValues[c] = stringUnitValue(doc, k + 1);
  }
  return formValues;
}

/** The value event of an object member that is itself an object, or -1. */
export function objectMember(doc: JsonDoc, object: number, name: string): number {
  const e = doc.member(object, name);
  return e >= 0 && doc.kind(e) === OBJECT ? e : -1;
}

/** The event of a string unit's `value` string, or -1. */
function unitValue(doc: JsonDoc, unit: number): number {
  const stop = doc.next(unit);
  for (let k = unit + 1; k < stop; k = doc.next(k + 1)) {
    if (doc.stringEquals(k, 'value')) return doc.kind(k + 1) === STRING ? k + 1 : -1;
  }
  return -1;
}

/** The event of `stringUnit.value` under a node, or -1. */
export function stringUnitValue(doc: JsonDoc, node: number): number {
  const unit = objectMember(doc, node, 'stringUnit');
  return unit < 0 ? -1 : unitValue(doc, unit);
}

/** The node at `path` under a localization object, or -1. */
export function nodeAt(doc: JsonDoc, localization: number, path: readonly string[]): number {
  let node = localization;
  for (const name of path) {
    if (node < 0) return -1;
    node = objectMember(doc, node, name);
  }
  return node;
}

/** The existing text of a leaf in another localization: plain text or forms, if present. */
export function existingLeaf(
  doc: JsonDoc,
  localization: number,
  leaf: Leaf,
): string | Map<PluralCategory, string> | undefined {
  const node = localization >= 0 ? nodeAt(doc, localization, leaf.path) : -1;
  if (node < 0) return undefined;
  if (!leaf.plural) {
    const value = stringUnitValue(doc, node);
    return value >= 0 ? doc.string(value) : undefined;
  }
  const variations = objectMember(doc, node, 'variations');
  const plural = variations >= 0 ? objectMember(doc, variations, 'plural') : -1;
  if (plural < 0) return undefined;
  const values = pluralValues(doc, plural);
  const forms = new Map<PluralCategory, string>();
  for (let c = 0; c < 6; c++) if (values[c]! >= 0) forms.set(CATEGORY_ORDER[c]!, doc.string(values[c]!));
  return forms.size > 0 ? forms : undefined;
}
