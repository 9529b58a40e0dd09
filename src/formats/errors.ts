/** A file that cannot be parsed or rendered; carries where the problem is. */
export class FormatError extends Error {
  readonly file: string | undefined;
  readonly line: number;
  readonly column: number;

  constructor(
    message: string,
    where: { file?: string | undefined; line?: number; column?: number } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FormatError';
    this.file = where.file;
    this.line = where.line ?? 1;
    this.column = where.column ?? 1;
  }

  /** `file:line:col: message`, the form compilers and Okapi Tikal print. */
  format(): string {
    return `${this.file ?? '<input>'}:${this.line}:${this.column}: ${this.message}`;
  }
}
