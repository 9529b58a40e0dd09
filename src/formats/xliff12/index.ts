import { xmlBlocksEdit } from '../kit/xml/blocks-edit.ts';
import { decodeXml, saveXml, sniffText } from '../kit/xml/document.ts';
import { xliffLocator } from '../kit/xml/xliff-target.ts';
import type { FormatModule, Unit } from '../model.ts';
import { ALL_SYNTAXES } from '../placeholders/types.ts';
import { flaggedPlaceholders, readXliff12, XLIFF12_INLINE } from './read.ts';
import { renderXliff12 } from './render.ts';

/**
 * XLIFF 1.2 (OASIS, 2008): a bilingual format; units come from `<trans-unit>`, with `source` and
 * `target` holding inline tags as written (`<g id="1">`, `<x id="2"/>`), notes from `<note>`,
 * `maxwidth` in characters, `state` and `approved` as flags, `translate="no"` (also on groups).
 */
export const xliff12Format: FormatModule = {
  holds: 'pair',
  inlineCodes: XLIFF12_INLINE,
  targetLocator: xliffLocator,
  name: 'xliff12',
  extensions: ['xlf', 'xliff'],
  sniff: (bytes) => /<xliff\b[^>]*\bversion\s*=\s*["']1\.2["']/.test(sniffText(bytes)),
  parse(bytes, options = {}) {
    const units: Unit[] = [];
    readXliff12(decodeXml(bytes, options), (entry) => units.push(entry.unit));
    return units;
  },
  render(original, translations, options) {
    const loaded = decodeXml(original, options, { locate: false });
    return saveXml(loaded, renderXliff12(loaded, translations, options.targetLang));
  },
  // A unit extracted from another format carries that format's placeholder syntaxes (exchange.ts).
  placeholders: (unit) => flaggedPlaceholders(unit) ?? ALL_SYNTAXES,
  edit: xmlBlocksEdit(
    () => xliff12Format,
    (loaded, on) => readXliff12(loaded, (entry) => on(entry.unit.id, entry.element)),
    '</body>',
  ),
};
