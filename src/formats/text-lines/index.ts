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
import { utf8Length } from '../json/locator.ts';
import { inFileOrder } from '../json/lookup.ts';
import { LastRead } from '../json/memo.ts';
import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type RenderOptions,
  type Translations,
  type Unit,
} from '../model.ts';
import type { DecodedText } from '../text.ts';
import { checkSize, decodeText, encodeText } from '../text.ts';
import { leadingSpace, trailingSpaceStart } from './trim.ts';

interface TextFile {
  decoded: DecodedText;
  lines: string[];
}

const lastRead = new LastRead<TextFile>();

/** Decodes and splits a file; render reuses what a parse of the same bytes read (json/memo.ts). */
function read(bytes: Uint8Array, options: ParseOptions, again: boolean): TextFile {
  if (again) {
    checkSize(bytes, options);
    const known = lastRead.get(bytes);
    if (known) return known;
  }
  const decoded = decodeText(bytes, { ...options, fallback: 'latin1' });
  const file = { decoded, lines: decoded.text.split('\n') };
  lastRead.set(bytes, file);
  return file;
}

/**
 * Byte length of each line (without its newline), in file order. For UTF-8 the newlines are found
 * in the bytes themselves (a 0x0A byte is always a newline there), which spares a UTF-8 count of
 * every line of non-ASCII text.
 */
function lineBytes(bytes: Uint8Array, decoded: DecodedText): (line: string) => number {
  const { encoding, ascii } = decoded;
  if (encoding === 'latin1' || (encoding === 'utf-8' && ascii)) return (line) => line.length;
  if (encoding !== 'utf-8') return (line) => line.length * 2;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = decoded.bom ? 3 : 0;
  return () => {
    const lf = buffer.indexOf(10, at);
    const end = lf < 0 ? buffer.length : lf;
    const length = end - at;
    at = end + 1;
    return length;
  };
}

/** Byte length of part of a line in the file's encoding. */
function partBytes(decoded: DecodedText): (line: string, from: number, to: number) => number {
  if (decoded.encoding === 'utf-8') return decoded.ascii ? (_, from, to) => to - from : utf8Length;
  return decoded.encoding === 'latin1' ? (_, from, to) => to - from : (_, from, to) => (to - from) * 2;
}

// Lines are split on LF and trimmed of the same whitespace as String#trim (spaces, tabs, CR, NBSP
// and the other Unicode spaces), walking positions forward line by line.
function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const { decoded, lines } = read(bytes, options, false);
  const bytesOfLine = lineBytes(bytes, decoded);
  const bytesOf = partBytes(decoded);
  const units: Unit[] = [];
  const newline = decoded.encoding === 'utf-16le' || decoded.encoding === 'utf-16be' ? 2 : 1;
  let offset = decoded.bom ? (decoded.encoding === 'utf-8' ? 3 : 2) : 0;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const size = bytesOfLine(line);
    const lead = leadingSpace(line);
    if (lead < line.length) {
      const end = trailingSpaceStart(line, lead);
      const leadBytes = lead === 0 ? 0 : bytesOf(line, 0, lead);
      const trailBytes = end === line.length ? 0 : bytesOf(line, end, line.length);
      units.push({
        id: `l${units.length + 1}`,
        source: line.slice(lead, end),
        notes: NO_STRINGS,
        flags: NO_STRINGS,
        translatable: true,
        location: {
          line: k + 1,
          column: lead + 1,
          offset: offset + leadBytes,
          length: size - leadBytes - trailBytes,
        },
      });
    }
    offset += size + newline;
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const { decoded, lines: fileLines } = read(original, options, true);
  const lookup = inFileOrder(translations);
  let lines: string[] | undefined;
  let ordinal = 0;
  for (let k = 0; k < fileLines.length; k++) {
    const line = fileLines[k]!;
    const lead = leadingSpace(line);
    if (lead === line.length) continue;
    ordinal++;
    const translation = lookup(`l${ordinal}`);
    if (translation === undefined) continue;
    let value = typeof translation === 'string' ? translation : translation.other;
    if (value.includes('\n') || value.includes('\r')) value = value.replace(/\r?\n|\r/g, ' ');
    const end = trailingSpaceStart(line, lead);
    if (value.length === end - lead && line.startsWith(value, lead)) continue;
    if (decoded.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(value)) {
      throw new FormatError(`translation of l${ordinal} has characters this Latin-1 file cannot hold`, {
        file: options.fileName,
        line: k + 1,
        column: lead + 1,
      });
    }
    // The read lines may be shared with a parse (json/memo.ts): change a copy.
    lines ??= fileLines.slice();
    lines[k] = line.slice(0, lead) + value + line.slice(end);
  }
  if (!lines) return original;
  return encodeText(lines.join('\n'), decoded.encoding, decoded.bom);
}

export const textFormat: FormatModule = {
  name: 'text',
  extensions: ['txt'],
  parse,
  render,
};
