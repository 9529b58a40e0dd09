/**
 * Benchmark input for CSV string tables. No CSV library is installed; the baseline is the usual
 * hand-rolled RFC 4180 reader (one regular expression per field) that builds rows, then writes
 * every row back with quoting.
 */
import { csvFormat } from '../../src/formats/csv/index.ts';
import { fillTo } from '../support/generate.ts';

function row(n: number): string {
  return `screen${n}.title,Screen ${n},navigation,Title in the top bar\nscreen${n}.body,"Welcome back, %s! You have ""${n}"" new messages.",inbox,\n`;
}

const FIELD = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r?\n|$)/y;

export const benchFormat = {
  name: 'csv',
  format: csvFormat,
  /** A key,source,context,comment table of about `targetBytes` bytes. */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(fillTo(targetBytes, row, { head: 'key,source,context,comment\n' }));
  },
  /** The naive way: parse all rows into arrays, then serialize them all again. */
  naive(bytes: Uint8Array): void {
    const text = new TextDecoder().decode(bytes);
    const rows: string[][] = [];
    let current: string[] = [];
    FIELD.lastIndex = 0;
    while (FIELD.lastIndex < text.length) {
      const m = FIELD.exec(text);
      if (!m) break;
      const raw = m[1]!;
      current.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
      if (m[2] !== ',') {
        rows.push(current);
        current = [];
      }
    }
    const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    new TextEncoder().encode(rows.map((r) => r.map(quote).join(',')).join('\n'));
  },
};
