/** PO string escapes (C syntax, as gettext writes and reads them) and the line wrapping of msgstr. */

import { unescapeC } from '../c-escapes.ts';

/**
 * Unescapes the text between a PO string's quotes (C escapes with `\xHH`; an unknown one is an
 * error); returns the index (within `raw`) of a bad escape as a negative number minus one.
 */
export function unescapePo(raw: string): string | number {
  return unescapeC(raw, { hex: 'x', unknown: 'error' });
}

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
  '\u0007': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
};

/** Escapes text for a PO string (without the quotes); other control characters become octal. */
export function escapePo(text: string): string {
  return text.replace(
    /[\\"\u0000-\u001f\u007f]/g,
    (c) => ESCAPES[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`,
  );
}

export interface StringLayout {
  /** `msgstr ""` followed by continuation lines, gettext's form for long or multi-line text. */
  multiline: boolean;
  /** Wrap continuation lines at this many columns (gettext's default 79), or not at all. */
  width: number | undefined;
}

/**
 * Writes `keyword "…"` in the given layout: multi-line text breaks after each `\n` and, with a
 * width, at the last space that keeps the line (quotes included) within it — as msgmerge does.
 */
export function writePoString(
  keyword: string,
  text: string,
  layout: StringLayout,
  eol: string,
  prefix = '',
): string {
  const escaped = escapePo(text);
  if (!layout.multiline || escaped === '') return `${prefix}${keyword} "${escaped}"`;
  const lines: string[] = [`${prefix}${keyword} ""`];
  for (const piece of splitAfterNewlines(escaped)) {
    for (const chunk of wrap(
      piece,
      layout.width === undefined ? undefined : layout.width - 2 - prefix.length,
    )) {
      lines.push(`${prefix}"${chunk}"`);
    }
  }
  return lines.join(eol);
}

function splitAfterNewlines(escaped: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] === '\\') {
      if (escaped[i + 1] === 'n') {
        pieces.push(escaped.slice(start, i + 2));
        start = i + 2;
      }
      i++;
    }
  }
  if (start < escaped.length || pieces.length === 0) pieces.push(escaped.slice(start));
  return pieces;
}

function wrap(piece: string, width: number | undefined): string[] {
  if (width === undefined || piece.length <= width) return [piece];
  const out: string[] = [];
  let rest = piece;
  while (rest.length > width) {
    // Break after the last space that fits (a space is never part of an escape); none → stays long.
    const cut = rest.lastIndexOf(' ', width - 1);
    if (cut <= 0) break;
    out.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  out.push(rest);
  return out;
}
