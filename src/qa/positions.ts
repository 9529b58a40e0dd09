/**
 * Where a unit's translation stands in its target file. Monolingual formats locate each unit's
 * text in the file parsed (the target file itself), so their location is the answer. Bilingual
 * formats (PO, XLIFF) and string catalogs locate the source text; from there the translation is
 * found the way the format places it: the entry's `msgstr`, the unit's `<target>`, the
 * catalog entry's localization for the language.
 */

import { type DecodedText, decodeText, TextPositions } from '../formats/file-text.ts';
import { STRING, tokenizeJson } from '../formats/kit/json/tokens.ts';
import type { Location, Unit } from '../formats/model.ts';

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
  // Tokenized once per file, keys listed once: a catalog holds thousands of strings.
  let cached: { doc: ReturnType<typeof tokenizeJson>; keys: number[] } | undefined;
  return (text, from) => {
    if (!cached) {
      const doc = tokenizeJson({ text, encoding: 'utf-8', bom: false });
      const strings = doc.member(0, 'strings');
      cached = { doc, keys: strings < 0 ? [] : doc.keys(strings) };
    }
    const { doc, keys } = cached;
    // The last string entry starting at or before `from` (keys are in file order).
    let lo = 0;
    let hi = keys.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (doc.start(keys[mid]!) <= from) lo = mid;
      else hi = mid - 1;
    }
    const key = keys[lo];
    if (key === undefined || doc.start(key) > from || from >= doc.end(key + 1)) return undefined;
    const localizations = doc.member(key + 1, 'localizations');
    const localization = localizations < 0 ? -1 : doc.member(localizations, lang);
    if (localization < 0) return undefined;
    // The first string value of the localization: its stringUnit, or its first plural form.
    for (let e = localization + 1; e < doc.next(localization); e++) {
      if (doc.kind(e) === STRING && doc.stringEquals(e, 'value') && doc.kind(e + 1) === STRING)
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
  private profile: boolean | undefined;

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

  /**
   * A length limit the file declares beyond what the unit model carries: XLIFF 2's size and length
   * restriction module (`slr:sizeRestriction` on the `<unit>`), when its profile counts code points.
   */
  limit(unit: Unit): number | undefined {
    if (!this.decoded || !this.codepoints) return undefined;
    const index = this.indexOf(unit.location);
    if (index === undefined) return undefined;
    const text = this.decoded.text;
    const open = text.lastIndexOf('<unit', index);
    const tag = open < 0 ? undefined : /^<unit\b[^>]*>/.exec(text.slice(open, index))?.[0];
    const value = tag && /\s[\w.-]+:sizeRestriction\s*=\s*["'](\d+)["']/.exec(tag)?.[1];
    return value ? Number(value) : undefined;
  }

  private get codepoints(): boolean {
    this.profile ??= /generalProfile\s*=\s*["']xliff:codepoints["']/.test(this.decoded?.text ?? '');
    return this.profile;
  }

  private indexOf(location: Location): number | undefined {
    const start = this.lineStarts[location.line - 1];
    return start === undefined ? undefined : start + location.column - 1;
  }
}
