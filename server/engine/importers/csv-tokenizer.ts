import { ImportError } from './import-error.ts';

export interface CsvRow {
  fields: string[];
  /** Line on which the row starts (rows may span lines inside quotes). */
  line: number;
}

const S = { start: 0, unquoted: 1, quoted: 2, quoteInQuoted: 3 } as const;
type State = (typeof S)[keyof typeof S];

/**
 * An RFC 4180 tokenizer fed text in pieces: quoted fields with `""` escapes and embedded line
 * breaks, CRLF, LF or lone CR line ends, a piece boundary anywhere (even between CR and LF).
 * One departure, as spreadsheet programs read it: a quote inside an unquoted field is kept as a
 * character (`5" display`), since refusing it would reject files every spreadsheet opens.
 */
export class CsvTokenizer {
  readonly #delimiter: string;
  #state: State = S.start;
  #field = '';
  #fields: string[] = [];
  #line = 1;
  #column = 0;
  #rowLine = 1;
  #quoteLine = 1;
  #quoteColumn = 1;
  #afterCr = false;

  constructor(delimiter: string) {
    this.#delimiter = delimiter;
  }

  /** Tokenizes a piece of text and returns the rows it completed. */
  push(text: string): CsvRow[] {
    const rows: CsvRow[] = [];
    const delimiter = this.#delimiter;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.#afterCr) {
        this.#afterCr = false;
        if (c === '\n') continue;
      }
      this.#column++;
      switch (this.#state) {
        case S.quoted:
          if (c === '"') {
            this.#state = S.quoteInQuoted;
          } else if (c === '\n' || c === '\r') {
            // A line break inside a field is kept as "\n", whatever the file's line ends are.
            this.#field += '\n';
            this.#newline(c);
          } else {
            this.#field += c;
          }
          break;
        case S.quoteInQuoted:
          if (c === '"') {
            this.#field += '"';
            this.#state = S.quoted;
          } else if (c === delimiter) {
            this.#endField();
          } else if (c === '\n' || c === '\r') {
            this.#endRow(rows, c);
          } else {
            throw ImportError.at(
              this.#line,
              this.#column,
              'unexpected character after the closing quote of a field (write a quote inside a quoted field as "")',
            );
          }
          break;
        default:
          if (c === delimiter) this.#endField();
          else if (c === '\n' || c === '\r') this.#endRow(rows, c);
          else if (c === '"' && this.#state === S.start) {
            this.#state = S.quoted;
            this.#quoteLine = this.#line;
            this.#quoteColumn = this.#column;
          } else {
            this.#field += c;
            this.#state = S.unquoted;
          }
      }
    }
    return rows;
  }

  /** The end of the text: the last row (without a final line break), or an error for an open quote. */
  end(): CsvRow[] {
    if (this.#state === S.quoted) {
      throw ImportError.at(
        this.#quoteLine,
        this.#quoteColumn,
        'a quoted field starts here and is never closed',
      );
    }
    if (this.#state === S.start && this.#fields.length === 0) return [];
    const rows: CsvRow[] = [];
    this.#endRow(rows, '\n');
    return rows;
  }

  #endField(): void {
    this.#fields.push(this.#field);
    this.#field = '';
    this.#state = S.start;
  }

  #endRow(rows: CsvRow[], c: string): void {
    this.#endField();
    rows.push({ fields: this.#fields, line: this.#rowLine });
    this.#fields = [];
    this.#newline(c);
    this.#rowLine = this.#line;
  }

  #newline(c: string): void {
    this.#line++;
    this.#column = 0;
    if (c === '\r') this.#afterCr = true;
  }
}

/**
 * The delimiter of a CSV file from its first line: a comma, unless the line has none and has
 * semicolons or tabs instead (spreadsheets in many European locales write `;`).
 */
export function sniffDelimiter(firstText: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of firstText) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  if (counts[',']! > 0) return ',';
  return counts[';']! >= counts['\t']! && counts[';']! > 0 ? ';' : counts['\t']! > 0 ? '\t' : ',';
}
