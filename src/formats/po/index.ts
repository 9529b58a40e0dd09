/**
 * Gettext PO and POT files (bilingual: translations go into msgstr).
 *
 * - Ids are `msgctxt\u0004msgid` when there is a context, else the msgid; the header entry and
 *   obsolete `#~` entries are not units (render keeps the header byte for byte when it is the target
 *   catalog's own; a template's gets Language and Plural-Forms once a translation is written).
 * - A msgid_plural entry is a plural unit: sourcePlural is {one: msgid, other: msgid_plural};
 *   targetPlural maps msgstr[i] to CLDR categories through the header's Plural-Forms, evaluated
 *   against Intl.PluralRules for the header's Language. Render writes msgstr[0..n-1] by the file's
 *   own Plural-Forms (a template's: the target language's gettext formula).
 * - Notes: translator comments, extracted comments, `References: …` from `#:` and `Previous: …`
 *   from `#|`; flags from `#,`.
 */
import type { FormatModule, ParseOptions, Unit } from '../model.ts';
import { flagSyntaxes } from '../placeholders/gettext-styles.ts';
import { ALL_SYNTAXES } from '../placeholders/types.ts';
import { poEdit } from './edit.ts';
import { filePlurals } from './header.ts';
import { poLocator } from './locate.ts';
import { readPo } from './read.ts';
import { renderPo } from './render.ts';
import { toUnits } from './units.ts';

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const file = readPo(bytes, options);
  return toUnits(file, filePlurals(file).mapping, options.fileName);
}

export const poFormat: FormatModule = {
  holds: 'pair',
  pluralFormsRequired: true,
  targetLocator: poLocator,
  name: 'po',
  extensions: ['po', 'pot'],
  sniff(bytes: Uint8Array): boolean {
    const head = new TextDecoder().decode(bytes.subarray(0, 4096));
    return /^\s*(?:#.*\n\s*)*msg(?:ctxt|id)\s+"/m.test(head);
  },
  parse,
  render: renderPo,
  edit: poEdit(renderPo),
  /**
   * What the entry's format flag names (`qt-format`: `%1`; `python-format`: printf), which is what
   * msgfmt --check counts; an entry without one, every common syntax.
   */
  placeholders: (unit) => flagSyntaxes(unit.flags) ?? ALL_SYNTAXES,
};
