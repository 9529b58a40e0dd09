/**
 * Putting translations into a catalog: for each string with a new translation, the target
 * language's localization is added (in Xcode's key order) or replaced, written the way Xcode
 * writes it; every other byte stays as it was.
 */

import type { Edit } from '../file-text.ts';
import { InFileOrder } from '../kit/in-file-order.ts';
import type { JsonDoc } from '../kit/json/tokens.ts';
import { lineIndent } from '../kit/line-edit.ts';
import { CATEGORY_ORDER, formsToWrite } from '../kit/plural-forms.ts';
import type { PluralCategory, PluralForms, Translations } from '../model.ts';
import {
  type Catalog,
  type CatalogString,
  existingLeaf,
  type Leaf,
  nodeAt,
  objectMember,
  stringUnitValue,
} from './catalog.ts';
import { LocalizationWriter } from './localization.ts';
import type { PatchSink } from './output.ts';
import { XcodeStyle, xcodeCompare } from './xcode-json.ts';

/** Writes `translations` into the `targetLang` localizations of the catalog, as edits in file order. */
export function catalogEdits(
  catalog: Catalog,
  translations: Translations,
  targetLang: string,
  sink: PatchSink,
): void {
  const { doc } = catalog;
  const style = xcodeStyle(doc);
  const writer = new LocalizationWriter(doc, style, targetLang);
  const lookup = new InFileOrder(translations);
  // Translations of the current string's leaves, by leaf index (one list reused for every string).
  // Created holding a value (not an empty literal) for the same reason as the writer's levels.
  const found: (string | PluralForms | undefined)[] = [undefined];
  for (const entry of catalog.strings) {
    if (!entry.translatable) continue;
    const existing = entry.localizations >= 0 ? objectMember(doc, entry.localizations, targetLang) : -1;
    const { leaves } = entry;
    let changed = false;
    for (let i = 0; i < leaves.length; i++) {
      const leaf = leaves[i]!;
      let translation = lookup.get(leaf.id);
      // Plural forms exactly as the target has them are written as they are (no category added).
      if (leaf.plural && translation !== undefined && existing >= 0) {
        const current = existingLeaf(doc, existing, leaf);
        if (current instanceof Map && sameForms(current, translation)) translation = undefined;
      }
      found[i] = translation;
      if (translation !== undefined && !changed)
        changed = isNew(doc, leaf, translation, existing, targetLang, catalog.sourceLanguage);
    }
    found.length = leaves.length;
    if (!changed) continue;
    localizationEdit(doc, entry, targetLang, writer, found, existing, style, sink);
  }
}

/**
 * A translation that is not what the target already says. One equal to its source is a
 * translation (German "Browser" for "Browser", issue 34 finding 4) — except into the source
 * language itself, where it is the source. Plural forms exactly as the target has them are no
 * news: the target keeps its bytes, categories and all (DESIGN §7: a French rule holding `one`
 * and `other` does not gain `many` for being sent again).
 */
function isNew(
  doc: JsonDoc,
  leaf: Leaf,
  translation: string | PluralForms,
  existing: number,
  targetLang: string,
  sourceLanguage: string,
): boolean {
  const intoSource = targetLang === sourceLanguage;
  if (!leaf.plural) {
    if (typeof translation !== 'string') return true;
    if (intoSource && translation === leaf.value) return false;
    const node = existing >= 0 ? nodeAt(doc, existing, leaf.path) : -1;
    const value = node >= 0 ? stringUnitValue(doc, node) : -1;
    return value < 0 || !doc.stringEquals(value, translation);
  }
  const forms = leaf.forms!;
  if (intoSource && isSourceCopy(forms, translation)) return false;
  const current = existingLeaf(doc, existing, leaf);
  if (!(current instanceof Map)) return true;
  if (sameForms(current, translation)) return false;
  const other = forms.other;
  // Compared with what the target says; a form the target lacks that merely copies the source is no news.
  const written = formsToWrite(translation, targetLang, 'cardinal', forms.zero !== undefined);
  for (const [c, text] of written) {
    if (current.has(c) ? current.get(c) !== text : text !== (forms[c] ?? other)) return true;
  }
  return [...current.keys()].some((c) => !written.has(c));
}

/** Whether a translation gives exactly the forms the target holds, category for category. */
function sameForms(current: ReadonlyMap<PluralCategory, string>, translation: string | PluralForms): boolean {
  if (typeof translation === 'string') return current.size === 1 && current.get('other') === translation;
  const given = Object.entries(translation).filter(([, text]) => text !== undefined);
  return (
    given.length === current.size && given.every(([c, text]) => current.get(c as PluralCategory) === text)
  );
}

/**
 * A copy of the source, form by form (the source's `other` standing in for categories it lacks):
 * every form the translation gives equals the source's.
 */
function isSourceCopy(forms: PluralForms, translation: string | PluralForms): boolean {
  const other = forms.other;
  if (typeof translation === 'string') return translation === other;
  for (const c of Object.keys(translation)) {
    // Only the source's own categories stand for themselves (not, say, an inherited `toString`).
    const source = CATEGORY_ORDER.includes(c as PluralCategory) ? forms[c as PluralCategory] : undefined;
    if (translation[c as PluralCategory] !== (source ?? other)) return false;
  }
  return true;
}

/** The edit that replaces the string's target localization, or inserts it (and `localizations`). */
function localizationEdit(
  doc: JsonDoc,
  entry: CatalogString,
  targetLang: string,
  writer: LocalizationWriter,
  found: readonly (string | PluralForms | undefined)[],
  existing: number,
  style: XcodeStyle,
  sink: PatchSink,
): void {
  if (existing >= 0) {
    const indent = lineIndent(doc.text, doc.start(existing));
    sink.edit(doc.start(existing), doc.end(existing), writer.write(entry, found, existing, indent, false));
    return;
  }
  const inLocalizations = entry.localizations >= 0;
  const object = inLocalizations ? entry.localizations : entry.object;
  const name = inLocalizations ? targetLang : 'localizations';
  const outer = lineIndent(doc.text, doc.start(object));
  const indent = outer + style.unit;
  const value = writer.write(entry, found, existing, indent, !inLocalizations);
  const { start, end, replacement } = insertMember(doc, object, name, value, outer, style);
  sink.edit(start, end, replacement);
}

/** Inserts `"name" : value` (value written at the members' indentation) where Xcode's sorted keys put it. */
function insertMember(
  doc: JsonDoc,
  object: number,
  name: string,
  value: string,
  outer: string,
  style: XcodeStyle,
): Edit {
  const indent = outer + style.unit;
  const member = `"${style.member(name)}${value}`;
  const keys = doc.keys(object);
  if (keys.length === 0) {
    // Xcode writes an empty object as `{`, a blank line, `}`: replace its inside.
    const replacement = `${style.eol}${indent}${member}${style.eol}${outer}`;
    return { start: doc.start(object) + 1, end: doc.end(object) - 1, replacement };
  }
  const after = keys.findIndex((k) => xcodeCompare(doc.string(k), name) > 0);
  if (after === 0) {
    const at = doc.start(keys[0]!);
    return { start: at, end: at, replacement: `${member},${style.eol}${indent}` };
  }
  const previous = keys[after < 0 ? keys.length - 1 : after - 1]!;
  const at = doc.end(previous + 1);
  return { start: at, end: at, replacement: `,${style.eol}${indent}${member}` };
}

/**
 * The file's indentation unit, line ending, escaping and member separator (Xcode: two spaces, LF,
 * `" : "`; a catalog another tool wrote as `"key": value` keeps `": "`, so a one-unit change costs
 * only its own lines).
 */
function xcodeStyle(doc: JsonDoc): XcodeStyle {
  const text = doc.text;
  const first = doc.keys(0)[0];
  const unit = first === undefined ? '  ' : lineIndent(text, doc.start(first)) || '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const between = first === undefined ? '' : text.slice(doc.end(first), doc.start(first + 1));
  const separator = /^[ \t]*:[ \t]*$/.test(between) ? between : ' : ';
  return new XcodeStyle(doc, unit, eol, separator);
}
