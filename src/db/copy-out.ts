import pg from 'pg';

/**
 * Runs `COPY (query) TO STDOUT (FORMAT binary)` and returns its tuples. For reads of many bytes:
 * node-postgres turns every value of an ordinary result into a JS string (a `bytea` as hex or as
 * whatever text the query makes of it), which costs a decoding per value and young-generation
 * garbage in proportion to the bytes; a binary COPY arrives as raw chunks, and a field is decoded
 * only when it is read. COPY takes no parameters: the query must carry its values as literals
 * (`src/db/sql-literals.ts`).
 */
export type CopyOut = (query: string) => Promise<CopyRows>;

/** The smallest buffer a COPY is read into. */
const MIN_BUFFER = 64 * 1024;

/** `copyOut` over a node-postgres pool (one of its connections, for the one statement). */
export function poolCopyOut(pool: pg.Pool): CopyOut {
  // What recent reads took, slowly forgotten: a read starts in a buffer that fits, rather than
  // doubling one from 64 KB (every doubling an allocation and a copy).
  let expected = MIN_BUFFER;
  return async (query) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      const data = await new Promise<Buffer>((resolve, reject) => {
        const submittable = new CopyToBuffer(
          `COPY (${query}) TO STDOUT (FORMAT binary)`,
          expected,
          resolve,
          reject,
        );
        client.query(submittable);
      });
      expected = Math.max(MIN_BUFFER, data.length, Math.floor(expected * 0.9));
      return parseBinaryCopy(data);
    } catch (error) {
      // An error PostgreSQL answered leaves the connection usable; any other may not have.
      failed = error instanceof pg.DatabaseError ? undefined : (error as Error);
      throw error;
    } finally {
      client.release(failed);
    }
  };
}

/**
 * A node-postgres "submittable": the client hands it the connection to send the statement on and
 * then the messages that answer it. The COPY's data messages arrive as views of the protocol
 * parser's buffer, which it reuses, so each is copied out at once.
 */
class CopyToBuffer {
  private data: Buffer;
  private size = 0;
  private error: Error | undefined;
  private readonly text: string;
  private readonly resolve: (data: Buffer) => void;
  private readonly reject: (error: Error) => void;

  constructor(
    text: string,
    expected: number,
    resolve: (data: Buffer) => void,
    reject: (error: Error) => void,
  ) {
    this.text = text;
    this.data = Buffer.allocUnsafe(expected);
    this.resolve = resolve;
    this.reject = reject;
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    const chunk = message.chunk;
    if (this.size + chunk.length > this.data.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.data.length * 2, this.size + chunk.length));
      this.data.copy(grown, 0, 0, this.size);
      this.data = grown;
    }
    chunk.copy(this.data, this.size);
    this.size += chunk.length;
  }

  handleError(error: Error): void {
    // Answered at once, as node-postgres's own queries are; the connection's ReadyForQuery (when
    // it still has one) follows and is then ignored.
    if (this.error !== undefined) return;
    this.error = error;
    this.reject(error);
  }

  handleReadyForQuery(): void {
    if (this.error === undefined) this.resolve(this.data.subarray(0, this.size));
  }

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('a COPY TO query cannot take data');
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The tuples of a binary COPY as offsets into its bytes: a field is read by tuple and column, in
 * the type PostgreSQL sent it as, and nothing is decoded or copied until it is read.
 */
export class CopyRows {
  /** Tuples. */
  readonly length: number;
  /** Fields per tuple. */
  readonly width: number;
  private readonly data: Buffer;
  /** Per field (tuple × width + column): where its bytes start, or −1 for NULL. */
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;

  constructor(data: Buffer, length: number, width: number, starts: Int32Array, lengths: Int32Array) {
    this.data = data;
    this.length = length;
    this.width = width;
    this.starts = starts;
    this.lengths = lengths;
  }

  isNull(tuple: number, column: number): boolean {
    return this.starts[this.at(tuple, column)]! < 0;
  }

  /** An `int4` field. */
  int32(tuple: number, column: number): number {
    return this.data.readInt32BE(this.start(tuple, column, 4));
  }

  /** An `int8` field, which must fit a double exactly (a TypeError otherwise). */
  int64(tuple: number, column: number): number {
    const at = this.start(tuple, column, 8);
    const value = this.data.readInt32BE(at) * 2 ** 32 + this.data.readUInt32BE(at + 4);
    if (!Number.isSafeInteger(value)) {
      throw new TypeError(
        `[db] int8 in tuple ${tuple}, column ${column} is beyond 2^53: ${this.data.readBigInt64BE(at)}`,
      );
    }
    return value;
  }

  /** A `text` (or `varchar`) field, decoded from UTF-8. */
  text(tuple: number, column: number): string {
    const i = this.at(tuple, column);
    const start = this.starts[i]!;
    if (start < 0) throw new TypeError(`[db] tuple ${tuple}, column ${column} is NULL`);
    return this.data.toString('utf8', start, start + this.lengths[i]!);
  }

  /** A field's bytes, as a view of the data (not a copy); null for NULL. */
  bytes(tuple: number, column: number): Buffer | null {
    const i = this.at(tuple, column);
    const start = this.starts[i]!;
    return start < 0 ? null : this.data.subarray(start, start + this.lengths[i]!);
  }

  /** Every field of a tuple, as `bytes` reads them. */
  fields(tuple: number): (Buffer | null)[] {
    return Array.from({ length: this.width }, (_, column) => this.bytes(tuple, column));
  }

  private at(tuple: number, column: number): number {
    if (!(tuple >= 0 && tuple < this.length && column >= 0 && column < this.width)) {
      throw new RangeError(`[db] no field (${tuple}, ${column}) in ${this.length} tuples of ${this.width}`);
    }
    return tuple * this.width + column;
  }

  /** Where a field of `size` bytes starts; a TypeError when it is NULL or of another size. */
  private start(tuple: number, column: number, size: number): number {
    const i = this.at(tuple, column);
    if (this.starts[i]! < 0) throw new TypeError(`[db] tuple ${tuple}, column ${column} is NULL`);
    if (this.lengths[i] !== size) {
      throw new TypeError(`[db] tuple ${tuple}, column ${column} has ${this.lengths[i]} bytes, not ${size}`);
    }
    return this.starts[i]!;
  }
}

/**
 * PostgreSQL's binary COPY format: a signature, flags and a header extension, then per tuple a
 * 16-bit field count and each field as a 32-bit length (−1: null) and its bytes, up to a count of
 * −1. The tuples of a query's COPY all have its width. Throws an Error naming what is malformed.
 */
export function parseBinaryCopy(data: Buffer): CopyRows {
  const fail = (what: string, at: number): never => {
    throw new Error(`[db] malformed binary COPY data: ${what} at byte ${at} of ${data.length}`);
  };
  if (data.length < 19 || !data.subarray(0, 11).equals(SIGNATURE)) fail('no PGCOPY signature', 0);
  // Bit 16 says each tuple starts with an OID, which a COPY of a query never sends.
  if ((data.readInt32BE(11) & 0x10000) !== 0) fail('tuples with OIDs', 11);
  const extension = data.readInt32BE(15);
  let at = 19 + extension;
  if (extension < 0 || at > data.length) fail('header extension past the end', 15);
  let starts = new Int32Array(256);
  let lengths = new Int32Array(256);
  let width = -1;
  let tuples = 0;
  let field = 0;
  for (;;) {
    if (at + 2 > data.length) fail('no end-of-data marker', at);
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    if (fields < 0) fail(`field count ${fields}`, at - 2);
    if (width === -1) width = fields;
    else if (fields !== width) fail(`a tuple of ${fields} fields after tuples of ${width}`, at - 2);
    if (field + fields > starts.length) {
      const size = Math.max(starts.length * 2, field + fields);
      const grownStarts = new Int32Array(size);
      grownStarts.set(starts);
      starts = grownStarts;
      const grownLengths = new Int32Array(size);
      grownLengths.set(lengths);
      lengths = grownLengths;
    }
    for (let i = 0; i < fields; i++, field++) {
      if (at + 4 > data.length) fail('a field length past the end', at);
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) {
        starts[field] = -1;
        continue;
      }
      if (length < 0 || at + length > data.length) fail(`a field of ${length} bytes past the end`, at - 4);
      starts[field] = at;
      lengths[field] = length;
      at += length;
    }
    tuples++;
  }
  return new CopyRows(data, tuples, Math.max(width, 0), starts, lengths);
}
