/** PO string escapes (C syntax, as gettext writes and reads them) and the line wrapping of msgstr. */

const UNESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\u0007',
  b: '\b',
  f: '\f',
  v: '\v',
  '"': '"',
  '\\': '\\',
  "'": "'",
  '?': '?',
};

/**
 * Unescapes the text between a PO string's quotes; returns the index (within `raw`) of a bad escape
 * as a negative number minus one, so callers can report its column.
 */
export function unescapePo(raw: string): string | number {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) return -i - 1;
    const simple = UNESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i++;
    } else if (next >= '0' && next <= '7') {
      const octal = /^[0-7]{1,3}/.exec(raw.slice(i + 1))![0];
      out += String.fromCharCode(Number.parseInt(octal, 8));
      i += octal.length;
    } else if (next === 'x' && /^[0-9a-fA-F]{1,2}/.test(raw.slice(i + 2))) {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(raw.slice(i + 2))![0];
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 1 + hex.length;
    } else {
      return -i - 1;
    }
  }
  return out;
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
