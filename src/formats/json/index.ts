/**
 * JSON string files: nested or flat key files, i18next (v4 plural/ordinal/context suffixes) and
 * ICU-valued files such as FormatJS / next-intl messages.
 *
 * Decisions:
 * - Ids are key paths with `\`, `.` and `#` escaped inside keys (key-path.ts); array elements use
 *   their index (`steps.0`). Plural units are the base key (`cart.items`), `base#ordinal` for
 *   ordinal groups and `base#plural` when a plain `base` key exists beside the group.
 * - Numbers, booleans and null are not units and never change.
 * - A key repeated in one object is read with a warning, as JSON.parse reads it: the last copy is
 *   the value and the unit; the earlier copies are never read, so they are no units (JsonDoc.shadowed).
 *   A target keeps them as people left them unless the key is removed, when they go with it.
 * - The root must be an object or an array.
 * - Render keeps the file's escaping (`\u00e9` vs `é`, `\/`, hex case) and separators; plural
 *   groups get exactly the translation's forms plus any the target needs (filled from `other`).
 */

import { readJson, reuseJson, startsWithObject, warnDuplicates } from '../kit/json/read.ts';
import { LazyUnit, UnitPlaces } from '../kit/lazy-unit.ts';
import type { FormatModule, ParseOptions, RenderOptions, Translations, Unit } from '../model.ts';
import { editJson } from './edit.ts';
import { jsonRenameKeys } from './rename.ts';
import { jsonPatch } from './render.ts';
import { CONTEXT, entryContext, jsonEntries, PLURAL, pluralForms, pluralGroup } from './units.ts';

const ORDINAL: readonly string[] = Object.freeze(['ordinal']);

/** The ids of plural units among a source's units (undefined when it has none). */
export function pluralIds(units: readonly Pick<Unit, 'id' | 'sourcePlural'>[] | undefined) {
  const ids = new Set<string>();
  for (const unit of units ?? []) if (unit.sourcePlural) ids.add(unit.id);
  return ids.size > 0 ? ids : undefined;
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const sourcePlurals = pluralIds(options.sourceUnits);
  const doc = readJson(bytes, { ...options, duplicateKeys: 'keep', sourcePlurals });
  if (options.onWarning && doc.duplicates.length > 0) warnDuplicates(doc, options.onWarning);
  const entries = doc.derive(jsonEntries);
  const { ids, values, flags } = entries;
  const places = new UnitPlaces(doc.decoded);
  const units: Unit[] = new Array(ids.length);
  for (let n = 0; n < ids.length; n++) {
    const value = values[n]!;
    const flag = flags[n]!;
    const start = doc.start(value) + 1;
    const end = doc.end(value) - 1;
    const plural = (flag & PLURAL) !== 0 ? pluralGroup(entries, n) : undefined;
    if (!plural) {
      const unit = new LazyUnit(ids[n]!, doc.string(value), places, start, end);
      if ((flag & CONTEXT) !== 0) unit.context = entryContext(entries, n);
      units[n] = unit;
      continue;
    }
    const forms = pluralForms(doc, plural);
    // A target's group without `other` (read against its source) names its unit by its first form.
    const unit = new LazyUnit(ids[n]!, forms.other ?? doc.string(value), places, start, end);
    if (plural.ordinal) unit.flags = ORDINAL;
    unit.sourcePlural = forms;
    if ((flag & CONTEXT) !== 0) unit.context = entryContext(entries, n);
    units[n] = unit;
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const doc = reuseJson(original, { ...options, duplicateKeys: 'keep' });
  if (translations.size === 0) return original;
  const patch = jsonPatch(doc, translations, options.targetLang, options.fileName);
  return patch.encode(original, doc.decoded);
}

export const jsonFormat: FormatModule = {
  name: 'json',
  extensions: ['json'],
  sniff: startsWithObject,
  parse,
  render,
  edit: editJson,
  renameKeys: jsonRenameKeys,
  // i18next resolves `count` to `key_<category>` and, without that key, goes to the fallback
  // language, never to `key_other` (https://www.i18next.com/translation-function/plurals).
  pluralFallsBackToOther: false,
};
