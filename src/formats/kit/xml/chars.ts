/** Character-level scanning for the tokenizer: names, whitespace, legal characters, positions. */
import { decodeRaw, type Fail, isXmlChar } from './entities.ts';

/**
 * The XML name starting at `from` ('' when none): a letter, `_`, `:` or non-ASCII character, then
 * also digits, `.`, `-` and `·`. A character loop rather than a sticky regex: no match objects.
 */
export function nameAt(text: string, from: number): string {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    const start = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
    if (!start && (i === from || !((c >= 48 && c <= 57) || c === 46 || c === 45 || c === 0xb7))) break;
    i++;
  }
  const length = i - from;
  if (length === 0) return '';
  // Documents repeat a handful of names: reuse the string instead of slicing a new one each time.
  const slot = (text.charCodeAt(from) * 31 + length) & (RECENT.length - 1);
  const recent = RECENT[slot]!;
  if (recent.length === length && text.startsWith(recent, from)) return recent;
  const name = text.slice(from, i);
  RECENT[slot] = name;
  return name;
}
const RECENT: string[] = new Array(64).fill('');
const BAD_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;

/** Checks text no one keeps without copying it: references, `]]>`, and nothing but space outside the root. */
export function checkText(text: string, from: number, to: number, inRoot: boolean, fail: Fail): void {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (!inRoot && c !== 32 && c !== 10 && c !== 13 && c !== 9)
      fail('text is not allowed outside the root element', k);
    if (c === 38 /* & */) {
      const semi = text.indexOf(';', k);
      decodeRaw(text.slice(k, semi < 0 || semi >= to ? to : semi + 1), k, false, fail);
    } else if (c === 93 /* ] */ && text.startsWith(']]>', k)) {
      fail('"]]>" is not allowed in text (write it as ]]&gt;)', k);
    }
  }
}

/** The index of the first non-whitespace character at or after `from`. */
export function skipSpace(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return i;
    i++;
  }
}

/** Refuses characters XML 1.0 does not allow anywhere (C0 controls, U+FFFE/F, lone surrogates). */
export function checkCharacters(text: string, fail: Fail): void {
  const bad = BAD_CHAR.exec(text);
  if (bad)
    fail(
      `character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')} is not allowed in XML`,
      bad.index,
    );
  if (!text.isWellFormed()) {
    for (let i = 0; i < text.length; i++) {
      const code = text.codePointAt(i)!;
      if (!isXmlChar(code)) fail('unpaired surrogate code unit is not allowed in XML', i);
      if (code > 0xffff) i++;
    }
  }
}

/** 1-based line and column of a string index (only used for error messages). */
export function lineColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < index; nl = text.indexOf('\n', nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: index - lineStart + 1 };
}
