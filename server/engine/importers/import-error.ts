/**
 * Why an import failed. The storage layer rolls the whole import back and shows `message` to the
 * user as the failure reason, so the message must stand on its own: where (line, column) and what.
 */
export class ImportError extends Error {
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(
    message: string,
    where: { line?: number; column?: number } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImportError';
    this.line = where.line;
    this.column = where.column;
  }

  /** An error at a position in the file; the message starts with "line L, column C: ". */
  static at(
    line: number,
    column: number | undefined,
    detail: string,
    options?: { cause?: unknown },
  ): ImportError {
    const where = column === undefined ? `line ${line}` : `line ${line}, column ${column}`;
    return new ImportError(
      `${where}: ${detail}`,
      { line, ...(column === undefined ? {} : { column }) },
      options,
    );
  }
}
