/**
 * Java .properties (`propertiesFormat`): resource bundles and Spring `messages*.properties`.
 *
 * Decisions:
 * - The unit id is the unescaped key; a key defined twice is a FormatError (Properties.load keeps
 *   the last, so a translation of the first would silently be lost).
 * - The comment lines right above a key (no blank line between) are its note, one note per block.
 * - Encoding: valid UTF-8 with non-ASCII → UTF-8 and raw text; otherwise ISO-8859-1, where new
 *   non-Latin-1 text is written as `\uXXXX`; in an all-ASCII file all non-ASCII text is escaped
 *   (see escape.ts).
 * - Render keeps keys, separators, comments and line endings. A translated value is written on
 *   one line even where the original value was continued over several (`\` + newline): the
 *   continuation layout belongs to the old text. A key without separator gets the file's own.
 * - Values are plain text to this format; MessageFormat (`{0}`, `''`) is the application's business.
 *   Its placeholders are Java's (placeholders/java.ts: MessageFormat, Formatter, numbered `%0`),
 *   which qa checks and machine translation keeps.
 */
import { lastWins } from '../distinct-ids.ts';
import { FormatError } from '../errors.ts';
import { type DecodedText, decodeText, TextPositions } from '../file-text.ts';
import { InFileOrder } from '../kit/in-file-order.ts';
import { LastRead } from '../kit/last-read.ts';
import { Locator } from '../kit/locator.ts';
import { TextPatch } from '../kit/text-patch.ts';
import {
  type FormatModule,
  NO_STRINGS,
  type ParseOptions,
  type RenderOptions,
  type Translations,
  type Unit,
} from '../model.ts';
import type { PlaceholderSyntax } from '../placeholders/types.ts';
import { propertiesEdit, propertiesRenameKeys } from './edit.ts';
import { detectPropertiesStyle, escapePropertiesValue } from './escape.ts';
import { type PropertiesFile, type PropertyEntry, scanProperties, unescapeProperties } from './scanner.ts';

interface ReadProperties extends PropertiesFile {
  decoded: DecodedText;
  valueText(entry: PropertyEntry): string;
  /** The unit id of each entry: its key, or `key~N` for an earlier copy of a repeated key. */
  ids: readonly string[];
  /** Entries whose key an earlier entry has: [entry, first entry] pairs of indexes. */
  repeats: [number, number][];
}

const lastRead = new LastRead<ReadProperties>();

/** Reads a file; with `again` (render), what a parse of the same bytes read (kit/last-read.ts). */
function read(bytes: Uint8Array, options: ParseOptions, again: boolean): ReadProperties {
  return lastRead.read(bytes, options, again, () => readFile(bytes, options));
}

/**
 * Decodes and scans a file. A key written twice is read as java.util.Properties.load reads it:
 * the last value wins, so the last copy keeps the key as id and earlier ones are `key~1`, …
 * (see lastWins); parse warns about each.
 */
function readFile(bytes: Uint8Array, options: ParseOptions): ReadProperties {
  const decoded = decodeText(bytes, {
    fileName: options.fileName,
    maxBytes: options.maxBytes,
    fallback: 'latin1',
  });
  const text = decoded.text;
  const fail = (message: string, index: number) =>
    new TextPositions(decoded).error(message, index, options.fileName);
  const file = scanProperties(text, fail);
  const valueText = (entry: PropertyEntry) =>
    entry.valueEscaped
      ? unescapeProperties(text, entry.valueStart, entry.valueEnd, fail)
      : text.slice(entry.valueStart, entry.valueEnd);
  const keys = file.entries.map((entry) => entry.key);
  const repeats: [number, number][] = [];
  if (file.entries.length > 1) {
    const first = new Map<string, number>();
    keys.forEach((key, k) => {
      const at = first.get(key);
      if (at === undefined) first.set(key, k);
      else repeats.push([k, at]);
    });
  }
  const ids = repeats.length > 0 ? lastWins(keys) : keys;
  return { entries: file.entries, separator: file.separator, decoded, valueText, ids, repeats };
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const file = read(bytes, options, false);
  if (options.onWarning && file.repeats.length > 0) {
    const positions = new TextPositions(file.decoded);
    for (const [k, at] of file.repeats) {
      const entry = file.entries[k]!;
      options.onWarning(
        positions.warning(
          `duplicate key ${JSON.stringify(entry.key)} (first on line ${positions.at(file.entries[at]!.keyStart).line}); the last one is the value, as java.util.Properties reads it`,
          entry.keyStart,
        ),
      );
    }
  }
  const locator = new Locator(file.decoded);
  return file.entries.map((entry, k) => ({
    id: file.ids[k]!,
    source: file.valueText(entry),
    notes: entry.comments.length > 0 ? [entry.comments.join('\n')] : NO_STRINGS,
    flags: NO_STRINGS,
    translatable: true,
    location: locator.location(entry.valueStart, entry.valueEnd),
  }));
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const file = read(original, options, true);
  if (translations.size === 0) return original;
  const { decoded } = file;
  const style = detectPropertiesStyle(decoded);
  // Entries, and so their edits, come in file order.
  const patch = new TextPatch(file.entries.length);
  const lookup = new InFileOrder(translations);
  for (const [k, entry] of file.entries.entries()) {
    const translation = lookup.get(file.ids[k]!);
    if (translation === undefined) continue;
    if (typeof translation !== 'string') {
      const where = { file: options.fileName, ...new TextPositions(decoded).at(entry.keyStart) };
      throw new FormatError(
        `translation of ${JSON.stringify(entry.key)} has plural forms but the unit is not plural`,
        where,
      );
    }
    const text = translation;
    if (entry.valueEscaped ? text === file.valueText(entry) : sameValue(decoded.text, entry, text)) continue;
    let replacement = escapePropertiesValue(text, style);
    if (entry.valueStart === entry.keyEnd && replacement !== '')
      replacement = (file.separator || '=') + replacement;
    patch.replace(entry.valueStart, entry.valueEnd, replacement);
  }
  return patch.encode(original, decoded);
}

/** Whether an unescaped value's text is `value`, compared in place (no slice). */
function sameValue(text: string, entry: PropertyEntry, value: string): boolean {
  return value.length === entry.valueEnd - entry.valueStart && text.startsWith(value, entry.valueStart);
}

const JAVA_PLACEHOLDERS: readonly PlaceholderSyntax[] = ['java', 'tags'];

/** True when the text looks like key/value lines: a first content line that is a comment or has a separator. */
function sniff(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const line = head.split(/\r\n|\r|\n/).find((l) => l.trim() !== '' && !/^\s*[#!]/.test(l));
  return line !== undefined && /^\s*[^\s=:{}[\]<"]+\s*[=:]/.test(line);
}

export const propertiesFormat: FormatModule = {
  name: 'properties',
  extensions: ['properties'],
  sniff,
  parse,
  render,
  edit: propertiesEdit(parse, render),
  renameKeys: propertiesRenameKeys,
  placeholders: () => JAVA_PLACEHOLDERS,
};
