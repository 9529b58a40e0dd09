/**
 * Reading an Xcode string catalog (.xcstrings): which strings it holds, and the translatable
 * leaves of each string's source-language localization.
 *
 * Ids: the key for the plain `stringUnit`; `key|plural` for a plural variation; `key|device=ipad`
 * (and `key|device=ipad|plural`) for device variations; `key|substitution=arg1` for the plural
 * variation of a substitution. Inside a key, `\` and `|` are escaped with a backslash.
 */

import { type JsonDoc, OBJECT, STRING } from '../json/tokens.ts';
import type { PluralCategory } from '../model.ts';

export const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** One translatable leaf: a stringUnit value, or the stringUnits of a plural variation. */
export interface Leaf {
  id: string;
  /** Member names from the localization object to the node holding `stringUnit` or `variations`. */
  path: string[];
  /** Event of that node in the source localization (-1 for a key-only string's leaf). */
  node: number;
  plural: boolean;
  /** Source text (plain leaves) or forms (plural leaves) with the event of each value literal. */
  text?: { value: string; at: number };
  forms?: Map<PluralCategory, { value: string; at: number }>;
}

export interface CatalogString {
  key: string;
  /** Event of the key literal and of its object. */
  keyEvent: number;
  object: number;
  translatable: boolean;
  comment?: string;
  extractionState?: string;
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

/** Escapes a catalog key for use in unit ids. */
export function escapeKey(key: string): string {
  return key.includes('\\') || key.includes('|') ? key.replace(/[\\|]/g, '\\$&') : key;
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
  for (const keyEvent of doc.keys(stringsEvent)) {
    const object = keyEvent + 1;
    if (doc.kind(object) !== OBJECT) throw fail('a string entry must be an object', doc.start(object));
    strings.push(readString(doc, keyEvent, object, sourceLanguage));
  }
  return { doc, sourceLanguage, strings };
}

function readString(doc: JsonDoc, keyEvent: number, object: number, sourceLanguage: string): CatalogString {
  const key = doc.string(keyEvent);
  const shouldTranslate = doc.member(object, 'shouldTranslate');
  const localizations = objectMember(doc, object, 'localizations');
  const source = localizations >= 0 ? objectMember(doc, localizations, sourceLanguage) : -1;
  const entry: CatalogString = {
    key,
    keyEvent,
    object,
    translatable: !(shouldTranslate >= 0 && doc.text.startsWith('false', doc.start(shouldTranslate))),
    localizations,
    source,
    leaves: [],
  };
  const comment = stringMember(doc, object, 'comment');
  if (comment !== undefined) entry.comment = comment;
  const extractionState = stringMember(doc, object, 'extractionState');
  if (extractionState !== undefined) entry.extractionState = extractionState;
  const id = escapeKey(key);
  if (source >= 0) collectLeaves(doc, source, id, [], false, entry.leaves);
  // Without a source localization the key is the source text, as Xcode shows it.
  if (entry.leaves.length === 0 && source < 0) {
    entry.leaves.push({ id, path: [], node: -1, plural: false, text: { value: key, at: keyEvent } });
  }
  return entry;
}

function collectLeaves(
  doc: JsonDoc,
  node: number,
  id: string,
  path: string[],
  substitution: boolean,
  out: Leaf[],
) {
  const unit = stringUnitValue(doc, node);
  if (unit >= 0) out.push({ id, path, node, plural: false, text: { value: doc.string(unit), at: unit } });
  const variations = objectMember(doc, node, 'variations');
  if (variations >= 0) {
    const plural = objectMember(doc, variations, 'plural');
    if (plural >= 0) {
      const forms = new Map<PluralCategory, { value: string; at: number }>();
      for (const category of CATEGORIES) {
        const form = objectMember(doc, plural, category);
        const value = form >= 0 ? stringUnitValue(doc, form) : -1;
        if (value >= 0) forms.set(category, { value: doc.string(value), at: value });
      }
      if (forms.has('other'))
        out.push({ id: substitution ? id : `${id}|plural`, path, node, plural: true, forms });
    }
    const device = objectMember(doc, variations, 'device');
    if (device >= 0) {
      for (const k of doc.keys(device)) {
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
  const substitutions = objectMember(doc, node, 'substitutions');
  if (substitutions >= 0) {
    for (const k of doc.keys(substitutions)) {
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

/** The value event of an object member that is itself an object, or -1. */
export function objectMember(doc: JsonDoc, object: number, name: string): number {
  const e = doc.member(object, name);
  return e >= 0 && doc.kind(e) === OBJECT ? e : -1;
}

function stringMember(doc: JsonDoc, object: number, name: string): string | undefined {
  const e = doc.member(object, name);
  return e >= 0 && doc.kind(e) === STRING ? doc.string(e) : undefined;
}

/** The event of `stringUnit.value` under a node, or -1. */
export function stringUnitValue(doc: JsonDoc, node: number): number {
  const unit = objectMember(doc, node, 'stringUnit');
  if (unit < 0) return -1;
  const value = doc.member(unit, 'value');
  return value >= 0 && doc.kind(value) === STRING ? value : -1;
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
  const plural = nodeAt(doc, node, ['variations', 'plural']);
  if (plural < 0) return undefined;
  const forms = new Map<PluralCategory, string>();
  for (const category of CATEGORIES) {
    const form = objectMember(doc, plural, category);
    const value = form >= 0 ? stringUnitValue(doc, form) : -1;
    if (value >= 0) forms.set(category, doc.string(value));
  }
  return forms.size > 0 ? forms : undefined;
}
