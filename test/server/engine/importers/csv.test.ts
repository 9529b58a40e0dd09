import { parse as csvParse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvTokenizer } from '../../../../server/engine/importers/csv-tokenizer.ts';
import { fixture, importFailure, importTerms } from './support.ts';

describe('CSV termbase import', () => {
  it('reads quotes, escaped quotes, embedded CRLF line breaks and notes, skipping the header row', async () => {
    const { items, stats } = await importTerms('glossary.csv', fixture('glossary-crlf.csv'), {
      hasHeaderRow: true,
    });
    expect(items).toEqual([
      { source: 'contract', target: 'Vertrag' },
      {
        source: 'terms, conditions',
        target: 'AGB',
        notes: 'Abbreviation of "Allgemeine Geschäftsbedingungen"',
      },
      {
        source: 'billing\naddress',
        target: 'Rechnungs-\nadresse',
        notes: 'Line break kept inside the quoted field',
      },
      { source: 'invoice', target: 'Rechnung', notes: 'Used in all customer letters' },
      { source: 'VAT', target: 'USt.' },
      { source: '5" display', target: '5"-Display', notes: 'Quote inside an unquoted field' },
    ]);
    // "draft" has no target.
    expect(stats).toEqual({ format: 'csv', imported: 6, skipped: 1, skippedBy: { empty: 1 } });
  });

  it('imports the first row as a term without has_header_row', async () => {
    const { items } = await importTerms('glossary.csv', fixture('glossary-crlf.csv'));
    expect(items[0]).toEqual({ source: 'Source term', target: 'Target term', notes: 'Notes' });
  });

  it('gives the same terms when CR and LF fall into different chunks', async () => {
    const whole = await importTerms('glossary.csv', fixture('glossary-crlf.csv'), { hasHeaderRow: true });
    for (const chunkSize of [1, 2, 5]) {
      const { items } = await importTerms('glossary.csv', fixture('glossary-crlf.csv'), {
        hasHeaderRow: true,
        chunkSize,
      });
      expect(items).toEqual(whole.items);
    }
  });

  it('reads a semicolon-separated export', async () => {
    const { items } = await importTerms('glossar.csv', fixture('glossary-semicolon.csv'), {
      hasHeaderRow: true,
    });
    expect(items).toEqual([
      { source: 'shopping cart', target: 'Warenkorb' },
      { source: 'checkout', target: 'Kasse; Bezahlung', notes: 'Web-Shop' },
    ]);
  });

  it('fails naming the line of a row with fewer than two fields', async () => {
    const error = await importFailure('terms.csv', 'contract,Vertrag\r\n"multi\nline",Zeile\r\ninvoice\r\n');
    expect(error.message).toBe(
      'line 4: the row has 1 field; each row needs source,target[,notes] separated by commas',
    );
    expect(error.line).toBe(4);
  });

  it('fails at the opening quote of a field that is never closed', async () => {
    const error = await importFailure('terms.csv', 'a,b\nc,"d\ne,f\n');
    expect(error.message).toBe('line 2, column 3: a quoted field starts here and is never closed');
  });

  it('fails on text after a closing quote', async () => {
    const error = await importFailure('terms.csv', 'a,"b"x,c\n');
    expect(error.message).toMatch(/^line 1, column 6: unexpected character after the closing quote/);
  });

  it('refuses a spreadsheet saved with a .csv name', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    const error = await importFailure('terms.csv', zip);
    expect(error.message).toBe(
      'terms.csv is not a CSV text file: it is a ZIP archive (an Office document or a packaged project?)',
    );
  });

  it('refuses text that is not UTF-8, with the line of the first bad byte', async () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('a,b\nStra'),
      0xdf,
      0x65,
      ...new TextEncoder().encode(',street\n'),
    ]);
    const error = await importFailure('terms.csv', latin1);
    expect(error.message).toBe(
      'line 2, column 5: the file is not valid UTF-8 text (bad bytes at byte offset 8); save it as UTF-8',
    );
  });

  it('fails when the file holds no term rows', async () => {
    const error = await importFailure('terms.csv', 'Source,Target\r\n', { hasHeaderRow: true });
    expect(error.message).toBe(
      'terms.csv: nothing to import: the CSV file holds no term rows; the first row was read as the header row',
    );
  });
});

describe('CSV tokenizer', () => {
  /** RFC 4180 writer: quote every field, or only those that need it; double the quotes. */
  const write = (rows: string[][], eol: string, always: boolean) =>
    rows
      .map((row) =>
        row
          .map((field) => (always || /[",\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field))
          .join(','),
      )
      .join(eol) + eol;

  it('reads back any rows an RFC 4180 writer produces, however the text is cut', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'ß', ',', '"', '\n', ' ', '€') });
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        (rows, eol, cut, always) => {
          const text = write(rows, eol, always);
          const tokenizer = new CsvTokenizer(',');
          const read = [];
          for (let at = 0; at < text.length; at += cut)
            read.push(...tokenizer.push(text.slice(at, at + cut)));
          read.push(...tokenizer.end());
          expect(read.map((row) => row.fields)).toEqual(rows);
          // csv-parse, the library measured against it in bench/importers, reads the same rows
          // (it keeps CRLF inside quotes, which the tokenizer reads as "\n").
          const oracle = csvParse(text, { relax_column_count: true }) as string[][];
          expect(oracle.map((row) => row.map((f) => f.replaceAll('\r\n', '\n')))).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });
});
