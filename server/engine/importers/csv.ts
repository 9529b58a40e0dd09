import { countSkipped, nothingImported, type ReadContext } from './context.ts';
import { type CsvRow, CsvTokenizer, sniffDelimiter } from './csv-tokenizer.ts';
import { ImportError } from './import-error.ts';
import type { ImportedTerm } from './types.ts';

const DELIMITER_NAMES: Record<string, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' };

/**
 * A CSV termbase: `source,target[,notes]` per row (RFC 4180, see csv-tokenizer.ts), the first row
 * skipped with `hasHeaderRow`. Terms are trimmed; blank lines are skipped, and so are rows whose
 * source or target is empty (counted). Columns after the third are ignored: exports often carry
 * extra columns (part of speech, status) that a term pair has no place for. A row with a single
 * field fails the import naming its line: the file is not in the expected shape.
 */
export async function* readCsvTerms(
  text: AsyncIterable<string>,
  context: ReadContext,
): AsyncGenerator<ImportedTerm> {
  let tokenizer: CsvTokenizer | undefined;
  let delimiter = ',';
  let first = true;
  let rows = 0;
  const take = function* (batch: CsvRow[]): Generator<ImportedTerm> {
    for (const row of batch) {
      if (row.fields.length === 1 && !row.fields[0]!.trim()) continue;
      if (first) {
        first = false;
        if (context.hasHeaderRow) continue;
      }
      rows++;
      const term = termOf(row, delimiter, context);
      if (term) yield term;
    }
  };
  for await (const piece of text) {
    if (!tokenizer) {
      delimiter = sniffDelimiter(piece);
      tokenizer = new CsvTokenizer(delimiter);
    }
    yield* take(tokenizer.push(piece));
  }
  if (tokenizer) yield* take(tokenizer.end());
  if (context.stats.imported === 0) {
    throw nothingImported(
      context,
      rows === 0
        ? 'the CSV file holds no term rows'
        : `none of the ${rows} rows holds both a source and a target term`,
      context.hasHeaderRow
        ? 'the first row was read as the header row'
        : 'expected rows of source,target[,notes]',
    );
  }
}

function termOf(row: CsvRow, delimiter: string, context: ReadContext): ImportedTerm | undefined {
  const [source = '', target, notes] = row.fields;
  if (target === undefined) {
    throw ImportError.at(
      row.line,
      undefined,
      `the row has 1 field; each row needs source,target[,notes] separated by ${DELIMITER_NAMES[delimiter]}`,
    );
  }
  const term: ImportedTerm = { source: source.trim(), target: target.trim() };
  if (!term.source || !term.target) {
    countSkipped(context.stats, 'empty');
    return undefined;
  }
  if (notes?.trim()) term.notes = notes.trim();
  context.stats.imported++;
  return term;
}
