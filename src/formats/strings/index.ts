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
import { lastWins } from '../distinct-ids.ts';
import { InFileOrder } from '../kit/in-file-order.ts';
import { LazyUnit, UnitPlaces } from '../kit/lazy-unit.ts';
import { TextPatch } from '../kit/text-patch.ts';
import type { FormatModule, ParseOptions, RenderOptions, Translations, Unit } from '../model.ts';
import { stringsEdit, stringsRenameKeys } from './edit.ts';
import { escapeStrings, UNQUOTED } from './escape.ts';
import type { StringsFile } from './read.ts';
import { readStrings } from './read.ts';

const XCODE_PLACEHOLDER = 'No comment provided by engineer.';

/**
 * Reads the entries. A key written twice is read with a warning: Apple's property list reader
 * keeps the last value, so the last copy keeps the key as id and earlier ones are `key~1`, …
 * (see lastWins), each still translated and written back.
 */
function load(bytes: Uint8Array, options: ParseOptions, notes: boolean): StringsFile {
  const file = readStrings(bytes, { ...options, notes });
  const first = new Map<string, number>();
  let repeated = false;
  file.keys.forEach((key, k) => {
    const at = first.get(key);
    if (at === undefined) {
      first.set(key, k);
      return;
    }
    repeated = true;
    if (!options.onWarning) return;
    const positions = file.positions();
    const { line, column } = positions.at(file.keyStart[k]!);
    const firstLine = positions.at(file.keyStart[at]!).line;
    options.onWarning({
      line,
      column,
      message: `duplicate key ${JSON.stringify(key)} (first on line ${firstLine}); the last one is the value, as Apple's property list reader reads it`,
    });
  });
  if (repeated) file.keys = [...lastWins(file.keys)];
  return file;
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const file = load(bytes, options, true);
  // Locations are worked out when read (few callers do): a large file has thousands of entries.
  const places = new UnitPlaces(file.decoded);
  const units: Unit[] = new Array(file.keys.length);
  for (let k = 0; k < file.keys.length; k++) {
    const short = file.valueStart[k]! < 0;
    const start = short ? file.keyStart[k]! : file.valueStart[k]!;
    const end = short ? file.keyEnd[k]! : file.valueEnd[k]!;
    // The location is the text inside the quotes.
    const quoted = file.decoded.text.charCodeAt(start) === 34 ? 1 : 0;
    const unit = new LazyUnit(file.keys[k]!, file.values[k]!, places, start + quoted, end - quoted);
    const comment = file.comments[k];
    if (comment && comment !== XCODE_PLACEHOLDER) unit.notes = [comment];
    units[k] = unit;
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const file = load(original, options, false);
  // Entries, and so their edits, come in file order.
  const patch = new TextPatch(file.keys.length);
  const lookup = new InFileOrder(translations);
  for (let k = 0; k < file.keys.length; k++) {
    const translation = lookup.get(file.keys[k]!);
    if (translation === undefined) continue;
    const text = typeof translation === 'string' ? translation : translation.other;
    if (text === file.values[k]) continue;
    const start = file.valueStart[k]!;
    if (start < 0) {
      // The short form `"key";` gets an explicit value.
      const at = file.keyEnd[k]!;
      patch.replace(at, at, ` = "${escapeStrings(text)}"`);
      continue;
    }
    const written = !file.valueQuoted[k] && UNQUOTED.test(text) ? text : `"${escapeStrings(text)}"`;
    patch.replace(start, file.valueEnd[k]!, written);
  }
  return patch.encode(original, file.decoded);
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
  edit: stringsEdit((bytes, options) => load(bytes, options, false), render),
  renameKeys: stringsRenameKeys((bytes, options) => load(bytes, options, false)),
};
