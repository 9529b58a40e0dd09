/**
 * Plain text (`.txt`, as the platform's own clients upload it): one unit per non-empty line.
 *
 * - A line's leading and trailing whitespace is not part of its unit and stays in the file.
 * - Ids are `l<n>`, the ordinal of the line among the non-empty lines (`l1`, `l2`, …): blank lines
 *   added or removed anywhere do not shift them, as physical line numbers would.
 * - A translation is one line: line breaks in it are written as spaces. Files that are not UTF-8
 *   (and carry no UTF-16 BOM) are read as Latin-1 and written back the same way; a translation
 *   Latin-1 cannot hold is a FormatError rather than a corrupted file.
 */
import { FormatError } from '../errors.ts';
import type { FormatModule, ParseOptions, RenderOptions, Translations, Unit } from '../model.ts';
import type { DecodedText } from '../text.ts';
import { decodeText, encodeText, TextPositions } from '../text.ts';
import { LineLocator } from './sequential.ts';

/** Non-empty lines as flat start/end arrays (one object per line would dominate the cost). */
interface Lines {
  decoded: DecodedText;
  starts: number[];
  ends: number[];
}

function read(bytes: Uint8Array, options: ParseOptions): Lines {
  const decoded = decodeText(bytes, { ...options, fallback: 'latin1' });
  const text = decoded.text;
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  while (at <= text.length) {
    let lf = text.indexOf('\n', at);
    if (lf < 0) lf = text.length;
    let start = at;
    let end = lf;
    while (start < end && isSpace(text.charCodeAt(start))) start++;
    while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
    if (end > start) {
      starts.push(start);
      ends.push(end);
    }
    at = lf + 1;
  }
  return { decoded, starts, ends };
}

/** Spaces, tabs, CR, form feeds, NBSP and the other Unicode spaces (what String#trim removes). */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const { decoded, starts, ends } = read(bytes, options);
  const positions = new LineLocator(decoded);
  return starts.map((start, i) => ({
    id: `l${i + 1}`,
    source: decoded.text.slice(start, ends[i]),
    notes: [],
    flags: [],
    translatable: true,
    location: positions.location(start, ends[i]!),
  }));
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const { decoded, starts, ends } = read(original, options);
  const text = decoded.text;
  // Edits come in file order, so the output is assembled in one pass.
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < starts.length; i++) {
    const translation = translations.get(`l${i + 1}`);
    if (translation === undefined) continue;
    const start = starts[i]!;
    const end = ends[i]!;
    let value = typeof translation === 'string' ? translation : translation.other;
    if (value.includes('\n') || value.includes('\r')) value = value.replace(/\r?\n|\r/g, ' ');
    if (value.length === end - start && text.startsWith(value, start)) continue;
    if (decoded.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(value)) {
      const { line, column } = new TextPositions(decoded).at(start);
      throw new FormatError(`translation of l${i + 1} has characters this Latin-1 file cannot hold`, {
        file: options.fileName,
        line,
        column,
      });
    }
    parts.push(text.slice(at, start), value);
    at = end;
  }
  if (parts.length === 0) return original;
  parts.push(text.slice(at));
  return encodeText(parts.join(''), decoded.encoding, decoded.bom);
}

export const textFormat: FormatModule = {
  name: 'text',
  extensions: ['txt'],
  parse,
  render,
};
