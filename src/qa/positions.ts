/**
 * Where a unit's translation stands in its target file. Monolingual formats locate each unit's
 * text in the file parsed (the target file itself), so their location is the answer. Bilingual
 * formats (PO, XLIFF) and string catalogs locate the source text; from there the translation is
 * found the way the format places it: the entry's `msgstr`, the unit's `<target>`, the
 * catalog entry's localization for the language.
 */
import { tokenizeJson } from '../formats/json/tokens.ts';
import type { Location, Unit } from '../formats/model.ts';
import { type DecodedText, decodeText, TextPositions } from '../formats/text.ts';

export interface Position {
  line: number;
  column: number;
}

type Finder = (text: string, from: number) => number | undefined;

/** The text of `msgstr` (or `msgstr[0]`): its first string, or the first continuation line's. */
const po: Finder = (text, from) => {
  const field = /^[ \t]*msgstr(?:\[\d+\])?[ \t]*"/gm;
  field.lastIndex = from;
  const m = field.exec(text);
  if (!m) return undefined;
  const inside = m.index + m[0].length;
  const continuation = /^"\r?\n[ \t]*"/.exec(text.slice(inside));
  return continuation ? inside + continuation[0].length : inside;
};

/** The content of the `<target>` that follows the source in the same unit (XLIFF 1.2 and 2.0). */
const xliff: Finder = (text, from) => {
  const tag =
    /<(?:[\w.-]+:)?(target|trans-unit|segment|unit)\b[^>]*?(\/?)>|<\/(?:[\w.-]+:)?(?:trans-unit|segment|unit)>/g;
  tag.lastIndex = from;
  const m = tag.exec(text);
  if (m?.[1] !== 'target' || m[2] === '/') return undefined;
  return m.index + m[0].length;
};

function catalogFinder(lang: string): Finder {
  return (text, from) => {
    const doc = tokenizeJson({ text, encoding: 'utf-8', bom: false });
    const strings = doc.member(0, 'strings');
    if (strings < 0) return undefined;
    const key = doc.keys(strings).find((k) => doc.start(k) <= from && from < doc.end(k + 1));
    if (key === undefined) return undefined;
    const localizations = doc.member(key + 1, 'localizations');
    const localization = localizations < 0 ? -1 : doc.member(localizations, lang);
    if (localization < 0) return undefined;
    // The first string value of the localization: its stringUnit, or its first plural form.
    for (let e = localization + 1; e < doc.next(localization); e++) {
      if (doc.kind(e) === 3 && doc.stringEquals(e, 'value') && doc.kind(e + 1) === 3)
        return doc.start(e + 1) + 1;
    }
    return undefined;
  };
}

/** Locates units' translations in one target file's text. */
export class TargetLocator {
  private readonly decoded: DecodedText | undefined;
  private readonly lineStarts: number[] = [0];
  private positions: TextPositions | undefined;
  private readonly finder: Finder | undefined;

  constructor(format: string, bytes: Uint8Array, lang: string) {
    this.finder =
      format === 'po'
        ? po
        : format === 'xliff12' || format === 'xliff2'
          ? xliff
          : format === 'xcstrings'
            ? catalogFinder(lang)
            : undefined;
    if (!this.finder) return;
    this.decoded = decodeText(bytes, { fallback: 'latin1' });
    const text = this.decoded.text;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) this.lineStarts.push(nl + 1);
  }

  /** The position of the unit's translation; its own location when the file has no translation for it. */
  locate(unit: Unit): Position {
    const own = { line: unit.location.line, column: unit.location.column };
    if (!this.finder || !this.decoded) return own;
    const index = this.indexOf(unit.location);
    const found = index === undefined ? undefined : this.finder(this.decoded.text, index);
    if (found === undefined) return own;
    this.positions ??= new TextPositions(this.decoded);
    const { line, column } = this.positions.at(found);
    return { line, column };
  }

  private indexOf(location: Location): number | undefined {
    const start = this.lineStarts[location.line - 1];
    return start === undefined ? undefined : start + location.column - 1;
  }
}
