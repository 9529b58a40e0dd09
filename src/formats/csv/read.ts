/**
 * Ours, not csv-parse: it locates each field's bytes to edit in place (csv-parse gives values only;
 * it is the tests' oracle, test/formats/csv-oracle.test.ts).
 *
 * RFC 4180 reader that keeps every field's exact position: quoted fields with doubled quotes and
 * embedded line breaks, CRLF or LF records; spaces before an opening quote are skipped, as PHP's
 * fgetcsv (Magento's reader) skips them. The delimiter is sniffed from the first record
 * (comma, semicolon as European spreadsheets write it, or tab).
 */
import type { DecodedText } from '../file-text.ts';
import { decodeText, TextPositions } from '../file-text.ts';

/**
 * Fields are kept as flat arrays of positions (a big table would otherwise mean an object per
 * cell); values are unquoted on demand.
 */
export interface CsvFile {
  decoded: DecodedText;
  positions: () => TextPositions;
  delimiter: string;
  /** Start and end of each field as written (quotes included), and whether it is quoted. */
  fieldStart: number[];
  fieldEnd: number[];
  fieldQuoted: boolean[];
  /** Index of each record's first field in the field arrays; one extra entry closes the last record. */
  recordFirst: number[];
  /** Index just after each record's last field (before its line break). */
  recordEnd: number[];
}

/** Number of fields of a record. */
export function fieldCount(file: CsvFile, record: number): number {
  return file.recordFirst[record + 1]! - file.recordFirst[record]!;
}

/** Field `column` of a record (an index into the field arrays), or -1 when the row is shorter. */
export function fieldAt(file: CsvFile, record: number, column: number): number {
  return column < fieldCount(file, record) ? file.recordFirst[record]! + column : -1;
}

/** The unquoted value of a field ('' for a missing one). */
export function fieldValue(file: CsvFile, field: number): string {
  if (field < 0) return '';
  const start = file.fieldStart[field]!;
  const end = file.fieldEnd[field]!;
  if (!file.fieldQuoted[field]) return file.decoded.text.slice(start, end);
  const inner = file.decoded.text.slice(start + 1, end - 1);
  return inner.includes('"') ? inner.replace(/""/g, '"') : inner;
}

/** The delimiter that occurs most often outside quotes on the first line (comma on a tie). */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  // Quotes open a field only at its start (as the reader sees them), whichever delimiter it is.
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
      continue;
    }
    if (c === '\n' || c === '\r') break;
    if (c === '"' && fieldStart) quoted = true;
    const delimiter = counts.has(c);
    if (delimiter) counts.set(c, counts.get(c)! + 1);
    // Spaces before a quote keep it at the field's start (readCsv skips them, as PHP's fgetcsv).
    fieldStart = delimiter || (fieldStart && (c === ' ' || c === '\t'));
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** Reads a CSV file; an unterminated quote or text after a closing quote is a FormatError. */
export function readCsv(bytes: Uint8Array, options: { fileName?: string; maxBytes?: number }): CsvFile {
  // Spreadsheets often save CSV in a legacy 8-bit code page: read invalid UTF-8 as Latin-1.
  const decoded = decodeText(bytes, { ...options, fallback: 'latin1' });
  let built: TextPositions | undefined;
  const positions = () => {
    built ??= new TextPositions(decoded);
    return built;
  };
  const fail = (message: string, at: number) => positions().error(message, at, options.fileName);
  const text = decoded.text;
  const delimiter = sniffDelimiter(text);
  const d = delimiter.charCodeAt(0);
  const file: CsvFile = {
    decoded,
    positions,
    delimiter,
    fieldStart: [],
    fieldEnd: [],
    fieldQuoted: [],
    recordFirst: [],
    recordEnd: [],
  };
  const { fieldStart, fieldEnd, fieldQuoted, recordFirst, recordEnd } = file;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const first = fieldStart.length;
    for (;;) {
      // Spaces or tabs before an opening quote are not the field's (`"VISA", "Visa"`): PHP's
      // fgetcsv, which Magento reads its i18n CSV files with, skips them; the field is quoted.
      let lead = i;
      for (let c = text.charCodeAt(lead); c === 32 || (c === 9 && d !== 9); c = text.charCodeAt(++lead));
      if (lead > i && text.charCodeAt(lead) === 34) i = lead;
      const start = i;
      const quoted = text.charCodeAt(i) === 34;
      if (quoted) {
        let from = i + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0) throw fail('unterminated quoted field', start);
          if (text.charCodeAt(quote + 1) === 34) {
            from = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        const next = text.charCodeAt(i);
        if (i < length && next !== d && next !== 10 && next !== 13) {
          throw fail('unexpected text after a closing quote', i);
        }
      } else {
        while (i < length) {
          const c = text.charCodeAt(i);
          if (c === d || c === 10 || c === 13) break;
          i++;
        }
      }
      fieldStart.push(start);
      fieldEnd.push(i);
      fieldQuoted.push(quoted);
      if (text.charCodeAt(i) === d) {
        i++;
        continue;
      }
      break;
    }
    const end = i;
    if (text.charCodeAt(i) === 13) i++;
    if (text.charCodeAt(i) === 10) i++;
    // A blank line is not a record.
    if (fieldStart.length === first + 1 && end === fieldStart[first]) {
      fieldStart.pop();
      fieldEnd.pop();
      fieldQuoted.pop();
      continue;
    }
    recordFirst.push(first);
    recordEnd.push(end);
  }
  recordFirst.push(fieldStart.length);
  return file;
}
