/**
 * Where a unit's translation stands in its target file. Monolingual formats locate each unit's
 * text in the file parsed (the target file itself), so their location is the answer. Formats
 * that locate a unit by its source text (bilingual files, catalogs) say where its translation is
 * from there (FormatModule.targetLocator): the entry's `msgstr`, the unit's `<target>`, the
 * catalog entry's localization for the language.
 */

import { type DecodedText, decodeText, TextPositions } from '../formats/file-text.ts';
import type { FormatModule, Location, TargetTextLocator, Unit } from '../formats/model.ts';

export interface Position {
  line: number;
  column: number;
}

/** Locates units' translations in one target file's text. */
export class TargetLocator {
  private readonly decoded: DecodedText | undefined;
  private readonly lineStarts: number[] = [0];
  private positions: TextPositions | undefined;
  private readonly text: TargetTextLocator | undefined;

  constructor(format: FormatModule, bytes: Uint8Array, lang: string) {
    if (!format.targetLocator) return;
    this.decoded = decodeText(bytes, { fallback: 'latin1' });
    const text = this.decoded.text;
    this.text = format.targetLocator(text, lang);
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) this.lineStarts.push(nl + 1);
  }

  /** The position of the unit's translation; its own location when the file has no translation for it. */
  locate(unit: Unit): Position {
    const own = { line: unit.location.line, column: unit.location.column };
    const index = this.indexOf(unit.location);
    const found = index === undefined ? undefined : this.text!.translationAt(index);
    if (found === undefined) return own;
    this.positions ??= new TextPositions(this.decoded!);
    const { line, column } = this.positions.at(found);
    return { line, column };
  }

  /** A length limit the file declares for the unit beyond what the unit model carries. */
  limit(unit: Unit): number | undefined {
    const index = this.indexOf(unit.location);
    return index === undefined ? undefined : this.text!.lengthLimitAt?.(index);
  }

  private indexOf(location: Location): number | undefined {
    if (!this.text) return undefined;
    const start = this.lineStarts[location.line - 1];
    return start === undefined ? undefined : start + location.column - 1;
  }
}
