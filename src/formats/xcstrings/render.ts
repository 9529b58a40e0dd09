/**
 * Putting translations into a catalog: for each string with a new translation, the target
 * language's localization is added (in Xcode's key order) or replaced, written the way Xcode
 * writes it; every other byte stays as it was.
 */

import { formsToWrite } from '../json/cldr.ts';
import { inFileOrder } from '../json/lookup.ts';
import { escaperFor } from '../json/render.ts';
import type { JsonDoc } from '../json/tokens.ts';
import type { PluralCategory, PluralForms, Translations } from '../model.ts';
import type { Edit } from '../text.ts';
import { buildLocalization } from './build.ts';
import { type Catalog, type CatalogString, existingLeaf, type Leaf, objectMember } from './catalog.ts';
import { memberNames, type XcodeObject, type XcodeStyle, xcodeCompare, xcodeJson } from './xcode-json.ts';

/** Edits that write `translations` into the `targetLang` localizations of the catalog. */
export function catalogEdits(catalog: Catalog, translations: Translations, targetLang: string): Edit[] {
  const { doc } = catalog;
  const style = xcodeStyle(doc);
  const lookup = inFileOrder(translations);
  const edits: Edit[] = [];
  for (const entry of catalog.strings) {
    if (!entry.translatable) continue;
    const existing = entry.localizations >= 0 ? objectMember(doc, entry.localizations, targetLang) : -1;
    const found = new Map<string, string | PluralForms>();
    let changed = false;
    for (const leaf of entry.leaves) {
      const translation = lookup(leaf.id);
      if (translation === undefined) continue;
      found.set(leaf.id, translation);
      changed ||= isNew(doc, leaf, translation, existing, targetLang);
    }
    if (!changed) continue;
    const localization = buildLocalization(entry, { doc, targetLang, translations: found, existing });
    edits.push(localizationEdit(doc, entry, targetLang, localization, existing, style));
  }
  return edits;
}

/** A translation that is neither a copy of the source nor what the target already says. */
function isNew(
  doc: JsonDoc,
  leaf: Leaf,
  translation: string | PluralForms,
  existing: number,
  targetLang: string,
): boolean {
  const current = existingLeaf(doc, existing, leaf);
  if (!leaf.plural) {
    if (typeof translation !== 'string') return true;
    return translation !== leaf.text!.value && translation !== current;
  }
  const forms = leaf.forms!;
  const given: Partial<Record<PluralCategory, string>> =
    typeof translation === 'string' ? { other: translation } : translation;
  const other = forms.get('other')!.value;
  // A copy of the source, form by form (the source's `other` standing in for categories it lacks).
  const copy = Object.entries(given).every(
    ([c, text]) => text === (forms.get(c as PluralCategory)?.value ?? other),
  );
  if (copy) return false;
  if (!(current instanceof Map)) return true;
  // Compared with what the target says; a form the target lacks that merely copies the source is no news.
  const written = formsToWrite(translation, targetLang, 'cardinal', forms.has('zero'));
  for (const [c, text] of written) {
    if (current.has(c) ? current.get(c) !== text : text !== (forms.get(c)?.value ?? other)) return true;
  }
  return [...current.keys()].some((c) => !written.has(c));
}

function localizationEdit(
  doc: JsonDoc,
  entry: CatalogString,
  targetLang: string,
  localization: XcodeObject,
  existing: number,
  style: XcodeStyle,
): Edit {
  if (existing >= 0) {
    const indent = lineIndent(doc.text, doc.start(existing));
    return {
      start: doc.start(existing),
      end: doc.end(existing),
      replacement: xcodeJson(localization, indent, style),
    };
  }
  if (entry.localizations >= 0)
    return insertMember(doc, entry.localizations, targetLang, localization, style);
  return insertMember(doc, entry.object, 'localizations', { [targetLang]: localization }, style);
}

/** Inserts `"name" : value` into an object at the position Xcode's sorted keys give it. */
function insertMember(
  doc: JsonDoc,
  object: number,
  name: string,
  value: XcodeObject,
  style: XcodeStyle,
): Edit {
  const text = doc.text;
  const outer = lineIndent(text, doc.start(object));
  const indent = outer + style.unit;
  const member = `"${style.member(name)}${xcodeJson(value, indent, style)}`;
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

/** The whitespace that starts the line holding `index`. */
function lineIndent(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let end = lineStart;
  while (text[end] === ' ' || text[end] === '\t') end++;
  return text.slice(lineStart, end);
}

/** The file's indentation unit, line ending and escaping (Xcode: two spaces, LF). */
function xcodeStyle(doc: JsonDoc): XcodeStyle {
  const text = doc.text;
  const first = doc.keys(0)[0];
  const unit = first === undefined ? '  ' : lineIndent(text, doc.start(first)) || '  ';
  const escapeValue = escaperFor(doc);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return { unit, eol, escape: escapeValue, member: memberNames(escapeValue) };
}
