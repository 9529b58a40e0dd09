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
import { decodeText, encodeText } from '../text.ts';

function decode(bytes: Uint8Array, options: ParseOptions): DecodedText {
  return decodeText(bytes, { ...options, fallback: 'latin1' });
}

/** Byte length of text in the file's encoding. */
function byteCounter(decoded: DecodedText): (s: string) => number {
  if (decoded.encoding === 'utf-8') return (s) => Buffer.byteLength(s, 'utf8');
  return decoded.encoding === 'latin1' ? (s) => s.length : (s) => s.length * 2;
}

// Lines are handled with the engine's split/trim (the same whitespace as String#trim: spaces, tabs,
// CR, NBSP and the other Unicode spaces), walking positions forward line by line.
function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const decoded = decode(bytes, options);
  const bytesOf = byteCounter(decoded);
  const units: Unit[] = [];
  let offset = decoded.bom ? (decoded.encoding === 'utf-8' ? 3 : 2) : 0;
  let lineNumber = 1;
  for (const line of decoded.text.split('\n')) {
    const source = line.trim();
    if (source !== '') {
      const lead = line.length - line.trimStart().length;
      units.push({
        id: `l${units.length + 1}`,
        source,
        notes: [],
        flags: [],
        translatable: true,
        location: {
          line: lineNumber,
          column: lead + 1,
          offset: offset + (lead === 0 ? 0 : bytesOf(line.slice(0, lead))),
          length: bytesOf(source),
        },
      });
    }
    offset += bytesOf(line) + bytesOf('\n');
    lineNumber++;
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const decoded = decode(original, options);
  const lines = decoded.text.split('\n');
  let ordinal = 0;
  let changed = false;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const source = line.trim();
    if (source === '') continue;
    ordinal++;
    const translation = translations.get(`l${ordinal}`);
    if (translation === undefined) continue;
    let value = typeof translation === 'string' ? translation : translation.other;
    if (value.includes('\n') || value.includes('\r')) value = value.replace(/\r?\n|\r/g, ' ');
    if (value === source) continue;
    if (decoded.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(value)) {
      throw new FormatError(`translation of l${ordinal} has characters this Latin-1 file cannot hold`, {
        file: options.fileName,
        line: k + 1,
        column: line.length - line.trimStart().length + 1,
      });
    }
    const lead = line.length - line.trimStart().length;
    const trail = line.length - line.trimEnd().length;
    lines[k] = line.slice(0, lead) + value + line.slice(line.length - trail);
    changed = true;
  }
  if (!changed) return original;
  return encodeText(lines.join('\n'), decoded.encoding, decoded.bom);
}

export const textFormat: FormatModule = {
  name: 'text',
  extensions: ['txt'],
  parse,
  render,
};
