/**
 * CSV string tables (RFC 4180): columns key, source[, context].
 *
 * - A first row naming the columns is a header: key/id/name/string_id, source/text/value/string/en
 *   (or the source language given), context/msgctxt, and comment/description/note(s) for notes.
 *   Without a header the columns are positional: key, source, context.
 * - The id is the key; rows with an empty key are not units; other columns (e.g. existing target
 *   columns) are never touched.
 * - Render replaces the source column (monolingual, like the other monolingual formats), quoting
 *   only when the text needs it (delimiter, quote, line break, edge spaces) or the field was quoted.
 */
import { FormatError } from '../errors.ts';
import { InFileOrder } from '../kit/in-file-order.ts';
import { LastRead } from '../kit/last-read.ts';
import { LazyUnit, UnitPlaces } from '../kit/lazy-unit.ts';
import { TextPatch } from '../kit/text-patch.ts';
import type { FormatModule, ParseOptions, RenderOptions, Translations, Unit } from '../model.ts';
import { csvEdit } from './edit.ts';
import type { CsvFile } from './read.ts';
import { fieldAt, fieldCount, fieldValue, readCsv } from './read.ts';

const KEY_NAMES = ['key', 'id', 'name', 'string_id', 'identifier', 'msgid'];
const SOURCE_NAMES = ['source', 'text', 'value', 'string', 'en', 'english', 'original'];
const CONTEXT_NAMES = ['context', 'msgctxt'];
const NOTE_NAMES = ['comment', 'comments', 'description', 'note', 'notes'];

interface Columns {
  key: number;
  source: number;
  context: number | undefined;
  note: number | undefined;
  /** Index of the first data record (1 after a header). */
  first: number;
}

function columns(file: CsvFile): Columns {
  const count = file.recordEnd.length === 0 ? 0 : fieldCount(file, 0);
  const names = Array.from({ length: count }, (_, c) => fieldValue(file, c).trim().toLowerCase());
  const find = (list: string[]) => {
    const index = names.findIndex((n) => list.includes(n));
    return index < 0 ? undefined : index;
  };
  const key = find(KEY_NAMES);
  const source = find(SOURCE_NAMES);
  const context = find(CONTEXT_NAMES);
  const note = find(NOTE_NAMES);
  // Two or more known column names make the first row a header; a missing key or source column
  // is then taken from the positional order.
  const known = [key, source, context, note].filter((c) => c !== undefined).length;
  if (known >= 2) {
    const k = key ?? (source === 0 ? 1 : 0);
    return { key: k, source: source ?? (k === 0 ? 1 : 0), context, note, first: 1 };
  }
  return { key: 0, source: 1, context: 2, note: undefined, first: 0 };
}

/** Data records with a key, in file order (parallel lists); a repeated key is a FormatError. */
interface Keyed {
  records: number[];
  keys: string[];
}

function rows(file: CsvFile, cols: Columns, fileName: string | undefined): Keyed {
  const keyed: Keyed = { records: [], keys: [] };
  const seen = new Set<string>();
  for (let r = cols.first; r < file.recordEnd.length; r++) {
    const field = fieldAt(file, r, cols.key);
    const key = fieldValue(file, field);
    if (key === '') continue;
    if (seen.has(key)) {
      const { line, column } = file.positions().at(file.fieldStart[field]!);
      throw new FormatError(`duplicate key ${JSON.stringify(key)}`, { file: fileName, line, column });
    }
    seen.add(key);
    keyed.records.push(r);
    keyed.keys.push(key);
  }
  return keyed;
}

interface ReadTable {
  file: CsvFile;
  cols: Columns;
  keyed: Keyed;
}

const lastRead = new LastRead<ReadTable>();

/** Reads a table; with `again` (render), what a parse of the same bytes read (kit/last-read.ts). */
function read(bytes: Uint8Array, options: ParseOptions, again: boolean): ReadTable {
  return lastRead.read(bytes, options, again, () => {
    const file = readCsv(bytes, options);
    const cols = columns(file);
    return { file, cols, keyed: rows(file, cols, options.fileName) };
  });
}

function parse(bytes: Uint8Array, options: ParseOptions = {}): Unit[] {
  const { file, cols, keyed } = read(bytes, options, false);
  // Locations are worked out when read (few callers do): a table has a unit per row.
  const places = new UnitPlaces(file.decoded);
  const { records, keys } = keyed;
  const units: Unit[] = new Array(records.length);
  for (let n = 0; n < records.length; n++) {
    const r = records[n]!;
    const source = fieldAt(file, r, cols.source);
    let start = file.recordEnd[r]!;
    let end = start;
    if (source >= 0) {
      const quoted = file.fieldQuoted[source] ? 1 : 0;
      start = file.fieldStart[source]! + quoted;
      end = file.fieldEnd[source]! - quoted;
    }
    const unit = new LazyUnit(keys[n]!, fieldValue(file, source), places, start, end);
    const note = cols.note === undefined ? '' : fieldValue(file, fieldAt(file, r, cols.note));
    if (note) unit.notes = [note];
    const context = cols.context === undefined ? '' : fieldValue(file, fieldAt(file, r, cols.context));
    if (context) unit.context = context;
    units[n] = unit;
  }
  return units;
}

function render(original: Uint8Array, translations: Translations, options: RenderOptions): Uint8Array {
  const { file, cols, keyed } = read(original, options, true);
  // Records come in file order, and so do their edits.
  const patch = new TextPatch(keyed.records.length);
  const lookup = new InFileOrder(translations);
  const { records, keys } = keyed;
  for (let n = 0; n < records.length; n++) {
    const r = records[n]!;
    const id = keys[n]!;
    const translation = lookup.get(id);
    if (translation === undefined) continue;
    const text = typeof translation === 'string' ? translation : translation.other;
    const field = fieldAt(file, r, cols.source);
    if (text === fieldValue(file, field)) continue;
    const at = field >= 0 ? file.fieldStart[field]! : file.recordEnd[r]!;
    if (file.decoded.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(text)) {
      const { line, column } = file.positions().at(at);
      throw new FormatError(
        `translation of ${JSON.stringify(id)} has characters this Latin-1 file cannot hold`,
        {
          file: options.fileName,
          line,
          column,
        },
      );
    }
    // The delimiter is sniffed from the first record: there, any candidate delimiter gets quoted.
    const delimiters = r === 0 ? ',;\t' : file.delimiter;
    const written = writeField(text, delimiters, field >= 0 && file.fieldQuoted[field]!);
    if (field >= 0) patch.replace(at, file.fieldEnd[field]!, written);
    else {
      // A short row gets the missing (empty) columns up to the source column.
      const missing = cols.source - fieldCount(file, r) + 1;
      patch.replace(at, at, file.delimiter.repeat(missing) + written);
    }
  }
  return patch.encode(original, file.decoded);
}

/** A field as RFC 4180 writes it: quoted (quotes doubled) when it holds a delimiter, a quote, a line break or edge spaces, or was quoted. */
export function writeField(text: string, delimiters: string, quoted: boolean): string {
  const needs = quoted || NEEDS_QUOTES.test(text) || hasDelimiter(text, delimiters) || hasEdgeSpace(text);
  return needs ? `"${text.replace(/"/g, '""')}"` : text;
}

const NEEDS_QUOTES = /["\r\n]/;

function hasDelimiter(text: string, delimiters: string): boolean {
  for (let i = 0; i < delimiters.length; i++) if (text.includes(delimiters[i]!)) return true;
  return false;
}

/** Whether trimming would change the text (checked at its ends before trimming anything). */
function hasEdgeSpace(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  // Every character trim() removes is at most U+0020 or at least U+00A0.
  if (first > 32 && first < 0xa0 && last > 32 && last < 0xa0) return false;
  return text !== text.trim();
}

export const csvFormat: FormatModule = {
  name: 'csv',
  extensions: ['csv'],
  parse,
  render,
  edit: csvEdit(parse, render),
};
