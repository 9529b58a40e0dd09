import { xmlBlocksEdit } from '../kit/xml/blocks-edit.ts';
import { decodeXml, saveXml, sniffText } from '../kit/xml/document.ts';
import type { FormatModule, Unit } from '../model.ts';
import { xliff2Locator } from './locate.ts';
import { readXliff2 } from './read.ts';
import { renderXliff2 } from './render.ts';

/** Inline codes of XLIFF 2 (§4.1.3 ff.): each stands for one code of the document. */
const XLIFF2_INLINE: ReadonlySet<string> = new Set(['ph', 'pc', 'sc', 'ec', 'mrk', 'sm', 'em']);

/**
 * XLIFF 2.0/2.1 (OASIS): bilingual; one unit per `<segment>` of each `<unit>`, inline codes
 * (`<pc>`, `<ph/>`, `<sc/>`/`<ec/>`, `<mrk>`) kept as written in the text, notes from `<notes>`,
 * the segment `state` as a flag, `translate="no"` inherited from groups and files.
 */
export const xliff2Format: FormatModule = {
  holds: 'pair',
  inlineCodes: XLIFF2_INLINE,
  targetLocator: xliff2Locator,
  name: 'xliff2',
  extensions: ['xlf', 'xliff'],
  sniff: (bytes) => sniffText(bytes).includes('urn:oasis:names:tc:xliff:document:2.'),
  parse(bytes, options = {}) {
    const units: Unit[] = [];
    readXliff2(decodeXml(bytes, options), (segment) => units.push(segment.unit));
    return units;
  },
  render(original, translations, options) {
    const loaded = decodeXml(original, options, { locate: false });
    return saveXml(loaded, renderXliff2(loaded, translations, options.targetLang));
  },
  edit: xmlBlocksEdit(
    () => xliff2Format,
    (loaded, on) =>
      readXliff2(loaded, (segment) => on(segment.unit.id, segment.segment.parent ?? segment.segment)),
    '</file>',
  ),
};
