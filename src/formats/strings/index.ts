/**
 * Apple `.strings` files (`Localizable.strings`, `InfoPlist.strings`): monolingual key/value pairs.
 *
 * - The id is the key; the comment right above an entry is its note (Xcode's placeholder
 *   "No comment provided by engineer." is not).
 * - Unit text is unescaped; render writes `\" \\ \n \t \r` and `\UXXXX` for other controls, keeps an
 *   unquoted value unquoted when the translation is still a plain token, and keeps the encoding
 *   (UTF-8, UTF-16 with its BOM).
 * - The short form `"key";` (value = key) is a unit too; render adds ` = "…"` to it.
 */
import { FormatError } from '../errors.ts';
import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type RenderOptions,
  type Translations,
  type Unit,
} from '../model.ts';
import type { Edit } from '../text.ts';
import { encodeText } from '../text.ts';
import { applyOrderedEdits, LineLocator } from '../text-lines/sequential.ts';
import { escapeStrings, UNQUOTED } from './escape.ts';
import type { StringsFile } from './read.ts';
import { readStrings } from './read.ts';

const XCODE_PLACEHOLDER = 'No comment provided by engineer.';

function load(bytes: Uint8Array, options: ParseOptions, notes: boolean): StringsFile {
  const file = readStrings(bytes, { ...options, notes });
  const seen = new Set<string>();
  file.keys.forEach((key, k) => {
    if (seen.has(key)) {
      const { line, column } = file.positions().at(file.keyStart[k]!);
      throw new FormatError(`duplicate key ${JSON.stringify(key)}`, { file: options.fileName, line, column });
    }
    seen.add(key);
  });
  return file;
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const file = load(bytes, options, true);
  const positions = new LineLocator(file.decoded); // entries come in file order
  return file.keys.map((id, k) => {
    const short = file.valueStart[k]! < 0;
    const start = short ? file.keyStart[k]! : file.valueStart[k]!;
    const end = short ? file.keyEnd[k]! : file.valueEnd[k]!;
    // The location is the text inside the quotes.
    const quoted = file.decoded.text.charCodeAt(start) === 34 ? 1 : 0;
    const comment = file.comments[k];
    return {
      id,
      source: file.values[k]!,
      notes: comment && comment !== XCODE_PLACEHOLDER ? [comment] : NO_STRINGS,
      flags: NO_STRINGS,
      translatable: true,
      location: positions.location(start + quoted, end - quoted),
    };
  });
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const file = load(original, options, false);
  const edits: Edit[] = [];
  file.keys.forEach((key, k) => {
    const translation = translations.get(key);
    if (translation === undefined) return;
    const text = typeof translation === 'string' ? translation : translation.other;
    if (text === file.values[k]) return;
    const start = file.valueStart[k]!;
    if (start < 0) {
      // The short form `"key";` gets an explicit value.
      const at = file.keyEnd[k]!;
      edits.push({ start: at, end: at, replacement: ` = "${escapeStrings(text)}"` });
      return;
    }
    const written = !file.valueQuoted[k] && UNQUOTED.test(text) ? text : `"${escapeStrings(text)}"`;
    edits.push({ start, end: file.valueEnd[k]!, replacement: written });
  });
  if (edits.length === 0) return original;
  return encodeText(applyOrderedEdits(file.decoded.text, edits), file.decoded.encoding, file.decoded.bom);
}

export const stringsFormat: FormatModule = {
  name: 'strings',
  extensions: ['strings'],
  /** A first entry `"key" = "…"` (after comments), in UTF-8 or UTF-16. */
  sniff(bytes: Uint8Array): boolean {
    const head = bytes.subarray(0, 4096);
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] !== 0 && head[1] === 0);
    const text = new TextDecoder(utf16 ? 'utf-16le' : 'utf-8').decode(head);
    return /^\ufeff?\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*(?:"(?:[^"\\\n]|\\.)*"|[\w.$:/-]+)\s*=\s*["\w]/.test(
      text,
    );
  },
  parse,
  render,
};
