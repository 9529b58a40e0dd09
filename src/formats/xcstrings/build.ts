/**
 * The target-language localization of one catalog string, mirroring the shape of its source
 * localization (string unit, plural and device variations, substitutions).
 */

import { formsToWrite } from '../json/cldr.ts';
import { type JsonDoc, NUMBER, STRING } from '../json/tokens.ts';
import type { PluralCategory, PluralForms } from '../model.ts';
import { CATEGORIES, type CatalogString, type Leaf, objectMember, stringUnitValue } from './catalog.ts';
import type { XcodeObject } from './xcode-json.ts';

export interface BuildContext {
  doc: JsonDoc;
  targetLang: string;
  /** Translations by leaf id (already looked up). */
  translations: ReadonlyMap<string, string | PluralForms>;
  /** The existing target localization, or -1. */
  existing: number;
}

/**
 * Leaves with a translation are `translated`; the others keep what the target localization
 * already says, or get the source text with state `new` (Xcode's "needs translation"), so that a
 * variation is never left without its `other` form.
 */
export function buildLocalization(entry: CatalogString, context: BuildContext): XcodeObject {
  if (entry.source < 0) return { stringUnit: plainUnit(entry.leaves[0]!, context) };
  return mirror(entry.source, [], false, entry.leaves, context);
}

function mirror(
  node: number,
  path: string[],
  substitution: boolean,
  leaves: readonly Leaf[],
  context: BuildContext,
): XcodeObject {
  const { doc } = context;
  const out: XcodeObject = {};
  const leafHere = leafAt(leaves, path, false);
  if (substitution) {
    const argNum = doc.member(node, 'argNum');
    if (argNum >= 0 && doc.kind(argNum) === NUMBER) {
      out['argNum'] = Number(doc.text.slice(doc.start(argNum), doc.end(argNum)));
    }
    const specifier = doc.member(node, 'formatSpecifier');
    if (specifier >= 0 && doc.kind(specifier) === STRING) out['formatSpecifier'] = doc.string(specifier);
  }
  if (stringUnitValue(doc, node) >= 0 && leafHere && !leafHere.plural)
    out['stringUnit'] = plainUnit(leafHere, context);
  const variations = objectMember(doc, node, 'variations');
  if (variations >= 0) {
    const built: XcodeObject = {};
    const pluralLeaf = leafAt(leaves, path, true);
    if (objectMember(doc, variations, 'plural') >= 0 && pluralLeaf)
      built['plural'] = pluralUnits(pluralLeaf, context);
    const device = objectMember(doc, variations, 'device');
    if (device >= 0) {
      const devices: XcodeObject = {};
      for (const k of doc.keys(device)) {
        const name = doc.string(k);
        devices[name] = mirror(k + 1, [...path, 'variations', 'device', name], false, leaves, context);
      }
      built['device'] = devices;
    }
    out['variations'] = built;
  }
  const substitutions = objectMember(doc, node, 'substitutions');
  if (substitutions >= 0) {
    const subs: XcodeObject = {};
    for (const k of doc.keys(substitutions)) {
      const name = doc.string(k);
      subs[name] = mirror(k + 1, [...path, 'substitutions', name], true, leaves, context);
    }
    out['substitutions'] = subs;
  }
  return out;
}

/** The leaf at `path` (plain or plural): a string has a handful of leaves, so a linear search. */
function leafAt(leaves: readonly Leaf[], path: readonly string[], plural: boolean): Leaf | undefined {
  for (const leaf of leaves) {
    if (leaf.plural !== plural || leaf.path.length !== path.length) continue;
    if (leaf.path.every((name, i) => name === path[i])) return leaf;
  }
  return undefined;
}

function unit(state: string, value: string): XcodeObject {
  return { state, value };
}

function plainUnit(leaf: Leaf, context: BuildContext): XcodeObject {
  const translation = context.translations.get(leaf.id);
  if (typeof translation === 'string') return unit('translated', translation);
  const existing = existingUnit(context, leaf.path);
  return existing ?? unit('new', leaf.text!.value);
}

function pluralUnits(leaf: Leaf, context: BuildContext): XcodeObject {
  const translation = context.translations.get(leaf.id);
  const forms = leaf.forms!;
  const hasZero = forms.has('zero');
  const out: XcodeObject = {};
  if (translation !== undefined) {
    for (const [category, text] of formsToWrite(translation, context.targetLang, 'cardinal', hasZero)) {
      out[category] = { stringUnit: unit('translated', text) };
    }
    return out;
  }
  const existing = CATEGORIES.flatMap((category) => {
    const found = existingUnit(context, [...leaf.path, 'variations', 'plural', category]);
    return found ? [[category, found] as const] : [];
  });
  if (existing.some(([category]) => category === 'other')) {
    for (const [category, found] of existing) out[category] = { stringUnit: found };
    return out;
  }
  const source = Object.fromEntries([...forms].map(([c, f]) => [c, f.value])) as PluralForms;
  for (const [category, text] of formsToWrite(source, context.targetLang, 'cardinal', hasZero)) {
    out[category as PluralCategory] = { stringUnit: unit('new', text) };
  }
  return out;
}

function existingUnit(context: BuildContext, path: readonly string[]): XcodeObject | undefined {
  const { doc } = context;
  let node = context.existing;
  for (const name of path) {
    if (node < 0) return undefined;
    node = objectMember(doc, node, name);
  }
  if (node < 0) return undefined;
  const value = stringUnitValue(doc, node);
  if (value < 0) return undefined;
  const stringUnit = objectMember(doc, node, 'stringUnit');
  const state = doc.member(stringUnit, 'state');
  return unit(state >= 0 && doc.kind(state) === STRING ? doc.string(state) : 'translated', doc.string(value));
}
