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
import type { FormatModule, ParseOptions, RenderOptions, Translations, Unit } from '../model.ts';
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
  for (const entry of file.entries) {
    if (seen.has(entry.key.value)) {
      const { line, column } = file.positions().at(entry.key.start);
      throw new FormatError(`duplicate key ${JSON.stringify(entry.key.value)}`, {
        file: options.fileName,
        line,
        column,
      });
    }
    seen.add(entry.key.value);
  }
  return file;
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const file = load(bytes, options, true);
  const positions = new LineLocator(file.decoded); // entries come in file order
  return file.entries.map((entry) => {
    const token = entry.value ?? entry.key;
    const inner = token.quoted ? [token.start + 1, token.end - 1] : [token.start, token.end];
    return {
      id: entry.key.value,
      source: token.value,
      notes: entry.comment && entry.comment !== XCODE_PLACEHOLDER ? [entry.comment] : [],
      flags: [],
      translatable: true,
      location: positions.location(inner[0]!, inner[1]!),
    };
  });
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const file = load(original, options, false);
  const edits: Edit[] = [];
  for (const entry of file.entries) {
    const translation = translations.get(entry.key.value);
    if (translation === undefined) continue;
    const text = typeof translation === 'string' ? translation : translation.other;
    const token = entry.value ?? entry.key;
    if (text === token.value) continue;
    const written = !token.quoted && UNQUOTED.test(text) ? text : `"${escapeStrings(text)}"`;
    if (entry.value) edits.push({ start: token.start, end: token.end, replacement: written });
    else edits.push({ start: entry.key.end, end: entry.key.end, replacement: ` = ${written}` });
  }
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
