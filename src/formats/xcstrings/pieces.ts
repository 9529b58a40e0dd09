/**
 * The constant pieces Xcode's layout of a localization is written with, made once per indentation
 * and depth for a render (see localization.ts): each piece costs a rope node to make and to
 * flatten, so a localization is put together from a handful of composite pieces.
 */

import { CATEGORY_ORDER } from '../kit/plural-forms.ts';
import type { XcodeStyle } from './xcode-json.ts';

/** The constant pieces of an object whose opening brace continues a line at one indentation. */
export interface Level {
  /** Before the first member's name, and before each further one's (name left open). */
  first: string;
  next: string;
  /** After the last member; an empty object (`{`, a blank line, `}`). */
  close: string;
  empty: string;
  /** In a string unit at this level: between its state and its value; after its value. */
  unitMid: string;
  unitClose: string;
  /**
   * Composites, so that a localization is a handful of pieces rather than one per token (each
   * piece costs a rope node to make and to flatten): the `"stringUnit" : {` member up to the
   * state (first or next member), and up to the value with state `translated`; the unit's close
   * followed by this object's.
   */
  unitFirst: string;
  unitNext: string;
  translatedFirst: string;
  translatedNext: string;
  lastUnitClose: string;
  /** A plural form's member up to its translated value, by category index * 2 (+1: not first). */
  forms: string[];
  /** A plural form's member (and stringUnit) up to its state, likewise. */
  formStates: string[];
}

/** The pieces of one render's style, by base indentation and depth below it. */
export class Pieces {
  private readonly style: XcodeStyle;
  /** `stringUnit" : ` escaped in the style. */
  private readonly stringUnit: string;
  /** Levels by depth below the current base indentation, and that indentation. */
  private levels: Level[] = [];
  private indent = '';
  private readonly byIndent = new Map<string, Level[]>();

  constructor(style: XcodeStyle) {
    this.style = style;
    this.stringUnit = style.member('stringUnit');
  }

  /** Makes `indent` the base indentation that depths count from. */
  use(indent: string): void {
    if (indent === this.indent && this.levels.length > 0) return;
    this.indent = indent;
    let levels = this.byIndent.get(indent);
    if (!levels) {
      // Created holding a level, so that the array starts with the elements kind it keeps: an
      // empty literal would change kind with its first push, and optimized code that saw the
      // last render's arrays would be thrown away.
      levels = [this.makeLevel(0)];
      if (this.byIndent.size < 100) this.byIndent.set(indent, levels);
    }
    this.levels = levels;
  }

  /** The pieces of an object `depth` levels below the base indentation. */
  level(depth: number): Level {
    if (depth < this.levels.length) return this.levels[depth]!;
    // Made in order (a packed array); the two below are needed with each level anyway.
    for (let d = this.levels.length; d <= depth + 2; d++) this.levels.push(this.makeLevel(d));
    return this.levels[depth]!;
  }

  private makeLevel(depth: number): Level {
    const { unit, eol } = this.style;
    const member = (name: string) => this.style.member(name);
    const indent = this.indent + unit.repeat(depth);
    const inner = indent + unit;
    const inner2 = inner + unit;
    const first = `{${eol}${inner}"`;
    const next = `,${eol}${inner}"`;
    // The string unit's own object, one level down.
    const unitOpen = `{${eol}${inner2}"${member('state')}"`;
    const unitMid = `",${eol}${inner2}"${member('value')}"`;
    const innerClose = `"${eol}${inner}}`;
    const unitFirst = `${first}${this.stringUnit}${unitOpen}`;
    const unitNext = `${next}${this.stringUnit}${unitOpen}`;
    return {
      first,
      next,
      close: `${eol}${indent}}`,
      empty: `{${eol}${eol}${indent}}`,
      unitMid: `",${eol}${inner}"${member('value')}"`,
      unitClose: `"${eol}${indent}}`,
      unitFirst,
      unitNext,
      translatedFirst: `${unitFirst}translated${unitMid}`,
      translatedNext: `${unitNext}translated${unitMid}`,
      lastUnitClose: `${innerClose}${eol}${indent}}`,
      forms: new Array<string>(12).fill(''),
      formStates: new Array<string>(12).fill(''),
    };
  }

  /**
   * A plural form's member at `depth` up to its value (`translated`) or its state (`state`):
   * `"one" : { "stringUnit" : { "state" : …`.
   */
  form(depth: number, category: number, first: boolean, translated: boolean): string {
    const level = this.level(depth);
    const pieces = translated ? level.forms : level.formStates;
    const i = category * 2 + (first ? 0 : 1);
    let piece = pieces[i]!;
    if (piece === '') {
      const form = this.level(depth + 1);
      const name = this.style.member(CATEGORY_ORDER[category]!);
      piece =
        (first ? level.first : level.next) + name + (translated ? form.translatedFirst : form.unitFirst);
      pieces[i] = piece;
    }
    return piece;
  }
}
