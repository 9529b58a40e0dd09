/**
 * Xcode string catalogs (`.xcstrings`, JSON; Xcode 15+): one file holding a string table's source
 * language and all its translations.
 *
 * A catalog is multilingual, so it has two views:
 * - `xcstringsFormat`: units come from the source language (`sourceLanguage`); `parse` fills
 *   `target`/`targetPlural` from the localization named by the `targetLang` parse option, if any;
 *   `render` writes into the localization of the render's `targetLang`.
 * - `xcstringsFor(lang)`: the catalog as a bilingual file for one target language — `parse` fills
 *   targets from that localization and `render` always writes into it, the way a PO file's target
 *   language belongs to the file rather than to the call.
 *
 * Decisions (see catalog.ts for ids):
 * - `comment` → notes; `extractionState` → flag `extractionState=<value>`;
 *   `shouldTranslate: false` → not translatable, never rendered.
 * - A string without a source localization has its key as source text (Xcode does the same).
 * - Render adds or replaces the whole target localization of each string that gets a new
 *   translation (not what the target already says; one equal to its source is a translation,
 *   except into the source language), mirroring the source's shape: translated leaves
 *   `translated`, others keep the target's existing text or get the source text as `new`. A plural
 *   being translated gets the target language's CLDR categories; forms exactly as the target
 *   holds them stay as they are. New members are written like Xcode (sorted keys) in the file's
 *   own indentation unit and separator (`" : "` as Xcode writes, `": "` as other tools do).
 */

import { TextPositions } from '../file-text.ts';
import { readJson, reuseJson, startsWithObject } from '../kit/json/read.ts';
import type { JsonDoc } from '../kit/json/tokens.ts';
import { LazyUnit, UnitPlaces } from '../kit/lazy-unit.ts';
import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type PluralCategory,
  type PluralForms,
  type RenderOptions,
  type Translations,
  type Unit,
} from '../model.ts';
import { type Catalog, catalogKeyOf, existingLeaf, objectMember, readCatalog } from './catalog.ts';
import { catalogLocator } from './locate.ts';
import { patchSink } from './output.ts';
import { catalogEdits } from './render.ts';

export interface XcstringsParseOptions extends ParseOptions {
  /** Localization whose text becomes each unit's target. */
  targetLang?: string;
}

/** Catalogs read from documents, so that a render after a parse of the same bytes reuses it. */
const catalogs = new WeakMap<JsonDoc, Catalog>();

/** The catalog in a file; with `again` (render), what a parse of the same bytes read. */
function read(bytes: Uint8Array, options: ParseOptions, again: boolean): Catalog {
  const doc = again ? reuseJson(bytes, options) : readJson(bytes, options);
  let catalog = catalogs.get(doc);
  if (!catalog) {
    const positions = () => new TextPositions(doc.decoded);
    catalog = readCatalog(doc, (message, at) => positions().error(message, at, options.fileName));
    catalogs.set(doc, catalog);
  }
  return catalog;
}

function parse(bytes: Uint8Array, options: XcstringsParseOptions = {}): Unit[] {
  const catalog = read(bytes, options, false);
  const { doc } = catalog;
  const places = new UnitPlaces(doc.decoded);
  const units: Unit[] = [];
  for (const entry of catalog.strings) {
    const target =
      options.targetLang !== undefined && entry.localizations >= 0
        ? objectMember(doc, entry.localizations, options.targetLang)
        : -1;
    const notes = entry.comment ? [entry.comment] : NO_STRINGS;
    const flags = entry.extractionState ? [`extractionState=${entry.extractionState}`] : NO_STRINGS;
    for (const leaf of entry.leaves) {
      const unit = new LazyUnit(leaf.id, leaf.value, places, doc.start(leaf.at) + 1, doc.end(leaf.at) - 1);
      // Each unit gets its own lists, as callers may hold on to one unit's notes.
      if (notes !== NO_STRINGS) unit.notes = [...notes];
      if (flags !== NO_STRINGS) unit.flags = [...flags];
      unit.translatable = entry.translatable;
      if (leaf.forms) unit.sourcePlural = { ...leaf.forms };
      const existing = target >= 0 ? existingLeaf(doc, target, leaf) : undefined;
      if (typeof existing === 'string') unit.target = existing;
      else if (existing?.has('other')) {
        unit.targetPlural = Object.fromEntries(existing) as Record<PluralCategory, string> as PluralForms;
        unit.target = unit.targetPlural.other;
      }
      units.push(unit);
    }
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const catalog = read(original, options, true);
  if (translations.size === 0) return original;
  const sink = patchSink(original, catalog.doc.decoded);
  catalogEdits(catalog, translations, options.targetLang, sink);
  return sink.finish();
}

/** A JSON object that names its `sourceLanguage` and `strings` near the top. */
function sniff(bytes: Uint8Array): boolean {
  if (!startsWithObject(bytes)) return false;
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  return /"sourceLanguage"\s*:/.test(head) && /"strings"\s*:/.test(head);
}

export const xcstringsFormat: FormatModule = {
  holds: 'all',
  name: 'xcstrings',
  extensions: ['xcstrings'],
  sniff,
  placeholderBinding: (unit) => ({ variables: 'position', provided: [catalogKeyOf(unit.id)] }),
  targetLocator: catalogLocator,
  parse,
  render,
};

/** The catalog as a bilingual file for one target language (see the module comment). */
export function xcstringsFor(targetLang: string): FormatModule {
  return {
    ...xcstringsFormat,
    parse: (bytes, options) => parse(bytes, { ...options, targetLang }),
    render: (original, translations, options) => render(original, translations, { ...options, targetLang }),
  };
}
