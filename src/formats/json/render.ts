/**
 * Patching translations into a JSON text: string literals are replaced in place; i18next plural
 * groups gain the target language's missing members (inserted after the group's last member, in
 * the file's own separator and indentation) and lose the members the translation does not have.
 */
import { FormatError } from '../errors.ts';
import type { Edit } from '../file-text.ts';
import { InFileOrder } from '../kit/in-file-order.ts';
import type { JsonDoc } from '../kit/json/tokens.ts';
import { type Escaper, escaperFor, replaceString } from '../kit/json/write-string.ts';
import { CATEGORY_ORDER, formPlan } from '../kit/plural-forms.ts';
import { TextPatch } from '../kit/text-patch.ts';
import type { PluralForms, Translations } from '../model.ts';
import { OTHER, type PluralGroup, pluralKey, ZERO } from './i18next.ts';
import { jsonEntries, PLURAL, pluralGroup } from './units.ts';

interface ObjectChanges {
  /** Key events of members to remove. */
  removed: Set<number> | undefined;
  insertions: Edit[];
}

/** The patch that puts `translations` into the document. */
export function jsonPatch(
  doc: JsonDoc,
  translations: Translations,
  targetLang: string,
  fileName?: string,
): TextPatch {
  const entries = doc.derive(jsonEntries);
  const { ids, values, flags } = entries;
  const patch = new TextPatch(ids.length);
  const objects = new Map<number, ObjectChanges>();
  const escapeValue = escaperFor(doc);
  const lookup = new InFileOrder(translations);
  for (let n = 0; n < ids.length; n++) {
    const translation = lookup.get(ids[n]!);
    if (translation === undefined) continue;
    const value = values[n]!;
    const plural = (flags[n]! & PLURAL) !== 0 ? pluralGroup(entries, n) : undefined;
    if (!plural) {
      if (typeof translation !== 'string') {
        const id = JSON.stringify(ids[n]);
        throw new FormatError(`translation of ${id} has plural forms but the unit is not plural`, {
          file: fileName,
        });
      }
      if (!doc.stringEquals(value, translation))
        patch.replace(doc.start(value) + 1, doc.end(value) - 1, escapeValue(translation));
      continue;
    }
    readForms(translation);
    if (sameGroupForms(doc, plural, translation)) continue;
    // A group's members need not be next to each other: their edits go to the unordered list.
    pluralEdits(doc, plural, targetLang, escapeValue, patch.edits, objects);
  }
  for (const [object, changes] of objects) {
    // Insertions first: one may sit exactly where a trailing removal starts.
    patch.edits.push(...changes.insertions);
    if (changes.removed) patch.edits.push(...removals(doc, object, changes.removed));
  }
  return patch;
}

/**
 * A plural translation's forms by index in CATEGORY_ORDER (`other` alone for a plain string),
 * read once per group into this scratch list: sameGroupForms and pluralEdits look at each
 * category several times, and a translation's properties are read by a name that varies.
 */
const given: unknown[] = [undefined, undefined, undefined, undefined, undefined, undefined];

function readForms(translation: string | PluralForms): void {
  if (typeof translation === 'string') {
    for (let c = 0; c < given.length; c++) given[c] = undefined;
    given[OTHER] = translation;
    return;
  }
  for (let c = 0; c < given.length; c++) given[c] = translation[CATEGORY_ORDER[c]!];
}

/** Whether the forms read (readForms) are exactly the group's, compared on the text (then nothing is written). */
function sameGroupForms(doc: JsonDoc, group: PluralGroup, translation: string | PluralForms): boolean {
  if (typeof translation === 'string') return false;
  for (let c = 0; c < given.length; c++) {
    const text = given[c];
    const key = group.members[c]!;
    if (key < 0 ? text !== undefined : typeof text !== 'string' || !doc.stringEquals(key + 1, text))
      return false;
  }
  return true;
}

/**
 * The edits that write a plural translation into a group: its members' values, the members the
 * target language needs and the group lacks (inserted after the last kept member), and the
 * removal of members the language does not use. Categories are visited in CLDR order with what
 * formsToWrite would give for each, without a map, closure or iterator entry per group (a large
 * file has thousands of groups); the members' key events give their file order.
 */
function pluralEdits(
  doc: JsonDoc,
  group: PluralGroup,
  targetLang: string,
  escapeValue: Escaper,
  edits: Edit[],
  objects: Map<number, ObjectChanges>,
): void {
  const object = group.object;
  const members = group.members;
  const other = given[OTHER];
  if (typeof other !== 'string') throw new FormatError('plural translation without an "other" form');
  const type = group.ordinal ? 'ordinal' : 'cardinal';
  const { needs, allows } = formPlan(targetLang, type, type === 'cardinal' && members[ZERO]! >= 0);
  let changes = objects.get(object);
  // The last member kept in file order anchors the insertions; `other` is always kept.
  let anchor = -1;
  let missing = false;
  for (let c = 0; c < members.length; c++) {
    // What formsToWrite writes for the category: the translation's form where the language
    // allows it, else `other` where the language needs it, else nothing.
    const text = given[c];
    const value = typeof text === 'string' && allows[c] ? text : needs[c] ? other : undefined;
    written[c] = value;
    const key = members[c]!;
    if (key < 0) {
      missing ||= value !== undefined;
      continue;
    }
    if (value === undefined) {
      if (!changes) {
        changes = { removed: undefined, insertions: [] };
        objects.set(object, changes);
      }
      changes.removed ??= new Set();
      changes.removed.add(key);
      continue;
    }
    if (key > anchor) anchor = key;
    if (!doc.stringEquals(key + 1, value)) edits.push(replaceString(doc, key + 1, escapeValue(value)));
  }
  if (!missing || anchor < 0) return;
  const separator = memberSeparator(doc, object, anchor);
  const colon = doc.text.slice(doc.end(anchor), doc.start(anchor + 1));
  let insertion = '';
  for (let c = 0; c < members.length; c++) {
    const value = written[c];
    if (members[c]! >= 0 || value === undefined) continue;
    const key = pluralKey(group, CATEGORY_ORDER[c]!);
    insertion += `${separator}"${escapeValue(key)}"${colon}"${escapeValue(value)}"`;
  }
  const at = doc.end(anchor + 1);
  if (!changes) {
    changes = { removed: undefined, insertions: [] };
    objects.set(object, changes);
  }
  changes.insertions.push({ start: at, end: at, replacement: insertion });
}

/** The forms pluralEdits writes, by index in CATEGORY_ORDER (scratch). */
const written: (string | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined];

/**
 * The text between two members (`,\n    ` in a pretty file, `,` in a minified one), taken from the
 * anchor's neighbours so new members get the same indentation and line endings.
 */
export function memberSeparator(doc: JsonDoc, object: number, anchor: number): string {
  const text = doc.text;
  let before = -1;
  const stop = doc.next(object);
  for (let k = object + 1; k < stop; k = doc.next(k + 1)) {
    if (k === anchor) {
      if (before >= 0) return text.slice(doc.end(before + 1), doc.start(anchor));
      const after = doc.next(anchor + 1);
      if (after < stop) return text.slice(doc.end(anchor + 1), doc.start(after));
      break;
    }
    before = k;
  }
  return `,${text.slice(doc.start(object) + 1, doc.start(anchor))}`;
}

/**
 * Removes members so that commas and whitespace stay tidy: a run of removed members followed by a
 * kept one goes up to the kept one's key; a trailing run goes from the previous kept member's value.
 */
function removals(doc: JsonDoc, object: number, removed: ReadonlySet<number>): Edit[] {
  const edits: Edit[] = [];
  const keys = doc.keys(object);
  let runStart = -1;
  for (let i = 0; i <= keys.length; i++) {
    const key = keys[i];
    if (key !== undefined && removed.has(key)) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart < 0) continue;
    const first = keys[runStart]!;
    if (key !== undefined) {
      edits.push({ start: doc.start(first), end: doc.start(key), replacement: '' });
    } else {
      const kept = keys[runStart - 1];
      const last = keys[i - 1]!;
      // A kept member always exists (`other` stays); without one, empty the object's inside.
      if (kept !== undefined)
        edits.push({ start: doc.end(kept + 1), end: doc.end(last + 1), replacement: '' });
      else edits.push({ start: doc.start(object) + 1, end: doc.end(object) - 1, replacement: '' });
    }
    runStart = -1;
  }
  return edits;
}
