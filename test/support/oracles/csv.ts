/**
 * A CSV string table read by csv-parse (RFC 4180: fields separated by the delimiter, records by CRLF
 * or LF, a field in double quotes may hold the delimiter, line breaks and quotes doubled) as the
 * oracle for src/formats/csv. What is a unit follows that format's documented columns, written here
 * again rather than imported:
 * - the delimiter is the one of `,` `;` tab that gives the first record the most fields (comma on a
 *   tie): RFC 4180 says comma, spreadsheets in European locales write `;`, TSV exports tab;
 * - a first record with two or more known column names is a header (key: key/id/name/string_id/
 *   identifier/msgid; source: source/text/value/string/en/english/original; context:
 *   context/msgctxt; note: comment(s)/description/note(s)); else the columns are key, source;
 * - every later record with a non-empty key is a unit: its id the key, its text the source field
 *   ('' when the record is shorter); a key given twice is an error, as in our reader.
 * Blank lines are no records (csv-parse `skip_empty_lines`); rows may have fewer or more fields
 * than the header (`relax_column_count`); a quote inside an unquoted field is text
 * (`relax_quotes`), as spreadsheets read it.
 *
 * One rule is not RFC 4180's: spaces before an opening quote (`"VISA", "Visa"`, common in Magento's
 * i18n files) do not belong to the field, which is quoted — PHP's fgetcsv, the reader Magento
 * loads those files with, skips them. csv-parse does so with `ltrim`, which also drops the leading
 * spaces of unquoted fields (fgetcsv and RFC 4180 keep those); so leading spaces and tabs of ids
 * and texts are not compared (`csvComparable`), everything else is.
 */
import { parse } from 'csv-parse/sync';
import { decodeFile } from './decode.ts';

const KEY = ['key', 'id', 'name', 'string_id', 'identifier', 'msgid'];
const SOURCE = ['source', 'text', 'value', 'string', 'en', 'english', 'original'];
const OTHER = ['context', 'msgctxt', 'comment', 'comments', 'description', 'note', 'notes'];

function records(text: string, delimiter: string, to?: number): string[][] {
  return parse(text, {
    delimiter,
    ...(to ? { to } : {}),
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    ltrim: true,
  }) as string[][];
}

/** The records csv-parse reads from a file, with the delimiter its first record says. */
export function csvRecords(bytes: Uint8Array): string[][] {
  const text = decodeFile(bytes);
  let best = ',';
  let most = -1;
  for (const delimiter of [',', ';', '\t']) {
    let fields: number;
    try {
      fields = records(text, delimiter, 1)[0]?.length ?? 0;
    } catch {
      fields = 0; // a delimiter the file cannot be read with
    }
    if (fields > most) [best, most] = [delimiter, fields];
  }
  return records(text, best);
}

/** The units of a CSV string table, `key → source text`, as csv-parse reads it. */
export function csvOracleUnits(bytes: Uint8Array): Map<string, string> {
  const rows = csvRecords(bytes);
  const names = (rows[0] ?? []).map((n) => n.trim().toLowerCase());
  const find = (list: string[]) => names.findIndex((n) => list.includes(n));
  const known = [KEY, SOURCE, OTHER.slice(0, 2), OTHER.slice(2)].filter((l) => find(l) >= 0).length;
  let key = 0;
  let source = 1;
  let first = 0;
  if (known >= 2) {
    first = 1;
    const k = find(KEY);
    const s = find(SOURCE);
    key = k >= 0 ? k : s === 0 ? 1 : 0;
    source = s >= 0 ? s : key === 0 ? 1 : 0;
  }
  const units = new Map<string, string>();
  for (const row of rows.slice(first)) {
    const id = row[key] ?? '';
    if (id === '') continue;
    if (units.has(id)) throw new Error(`csv-parse: key ${JSON.stringify(id)} given twice`);
    units.set(id, row[source] ?? '');
  }
  return units;
}

const lead = (s: string) => s.replace(/^[ \t]+/, '');

/** An `id → text` map with the leading spaces and tabs of ids and texts taken off (see above). */
export function csvComparable(units: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...units].map(([id, text]) => [lead(id), lead(text)]));
}
