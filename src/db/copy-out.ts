// Ours (pg-copy-streams would hand over raw chunks; the tuple decoding is the work): measured in `npm run bench -- tm-replicas` at 44bacba, half the GC and ~1 ms less a query than text results.
import pg from 'pg';

/**
 * Runs `COPY (query) TO STDOUT (FORMAT binary)` and returns its tuples. For reads of many bytes:
 * node-postgres turns every value of an ordinary result into a JS string (a `bytea` as hex or as
 * whatever text the query makes of it), which costs a decoding per value and young-generation
 * garbage in proportion to the bytes; a binary COPY arrives as raw chunks, and a field is decoded
 * only when it is read. COPY takes no parameters: the query must carry its values as literals
 * (`src/db/sql-literals.ts`).
 */
export type CopyOut = (query: string, onTuple?: OnTuple) => Promise<CopyRows>;

/**
 * Called with each tuple as soon as its bytes arrived, while the rest are still coming: work on
 * the first tuples overlaps the sending of the last. `rows` shows the tuples so far. A throw
 * rejects the read, once PostgreSQL has finished the statement.
 */
export type OnTuple = (rows: CopyRows, tuple: number) => void;

/** The smallest buffer a COPY is read into. */
const MIN_BUFFER = 64 * 1024;

/** `copyOut` over a node-postgres pool (one of its connections, for the one statement). */
export function poolCopyOut(pool: pg.Pool): CopyOut {
  // What recent reads took, slowly forgotten: a read starts in a buffer that fits, rather than
  // doubling one from 64 KB (every doubling an allocation and a copy).
  let expected = MIN_BUFFER;
  return async (query, onTuple) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      const { rows, size } = await new Promise<{ rows: CopyRows; size: number }>((resolve, reject) => {
        const submittable = new CopyToBuffer(
          `COPY (${query}) TO STDOUT (FORMAT binary)`,
          expected,
          onTuple,
          resolve,
          reject,
        );
        client.query(submittable);
      });
      expected = Math.max(MIN_BUFFER, size, Math.floor(expected * 0.9));
      return rows;
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
 * parser's buffer, which it reuses, so each is copied out at once and parsed as far as it goes.
 * A failure while the data arrives (malformed, or thrown by `onTuple`) stops the parsing; it is
 * answered once PostgreSQL is ready again, so the connection stays in step.
 */
class CopyToBuffer {
  private data: Buffer;
  private size = 0;
  private parsed = 0;
  private error: Error | undefined;
  private failure: Error | undefined;
  private readonly parser = new BinaryCopyParser();
  private readonly text: string;
  private readonly onTuple: OnTuple | undefined;
  private readonly resolve: (read: { rows: CopyRows; size: number }) => void;
  private readonly reject: (error: Error) => void;

  constructor(
    text: string,
    expected: number,
    onTuple: OnTuple | undefined,
    resolve: (read: { rows: CopyRows; size: number }) => void,
    reject: (error: Error) => void,
  ) {
    this.text = text;
    this.data = Buffer.allocUnsafe(expected);
    this.onTuple = onTuple;
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
    if (this.failure !== undefined) return;
    try {
      const tuples = this.parser.feed(this.data, this.size);
      if (this.onTuple === undefined) return;
      for (; this.parsed < tuples; this.parsed++) this.onTuple(this.parser.rows, this.parsed);
    } catch (error) {
      this.failure = error as Error;
    }
  }

  handleError(error: Error): void {
    // Answered at once, as node-postgres's own queries are; the connection's ReadyForQuery (when
    // it still has one) follows and is then ignored.
    if (this.error !== undefined) return;
    this.error = error;
    this.reject(error);
  }

  handleReadyForQuery(): void {
    if (this.error !== undefined) return;
    if (this.failure !== undefined) {
      this.reject(this.failure);
      return;
    }
    try {
      const rows = this.parser.finish(this.data, this.size);
      // Tuples completed by the last bytes (none, as PostgreSQL sends them) are given now.
      for (; this.parsed < rows.length && this.onTuple !== undefined; this.parsed++) {
        this.onTuple(rows, this.parsed);
      }
      this.resolve({ rows, size: this.size });
    } catch (error) {
      this.reject(error as Error);
    }
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
  private data: Buffer = Buffer.alloc(0);
  private tuples = 0;
  private fieldsPerTuple = 0;
  /** Per field (tuple × width + column): where its bytes start, or −1 for NULL. */
  private starts: Int32Array = new Int32Array(0);
  private lengths: Int32Array = new Int32Array(0);

  /** Tuples. */
  get length(): number {
    return this.tuples;
  }

  /** Fields per tuple. */
  get width(): number {
    return this.fieldsPerTuple;
  }

  /** What the parser has read so far (`BinaryCopyParser`). */
  show(data: Buffer, length: number, width: number, starts: Int32Array, lengths: Int32Array): void {
    this.data = data;
    this.tuples = length;
    this.fieldsPerTuple = width;
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
  const parser = new BinaryCopyParser();
  parser.feed(data, data.length);
  return parser.finish(data, data.length);
}

/**
 * Parses binary COPY data while it arrives: `feed` is given the bytes received so far and parses
 * the tuples they complete (`rows` shows them at once); `finish` checks that the data ended where
 * it should. A malformed byte fails as soon as it is seen.
 */
export class BinaryCopyParser {
  readonly rows = new CopyRows();
  private at = 0;
  private headerRead = false;
  private ended = false;
  private width = -1;
  private tuples = 0;
  private starts = new Int32Array(256);
  private lengths = new Int32Array(256);
  /** Why the bytes so far do not yet end: the error `finish` gives if no more come. */
  private short: [string, number] = ['no PGCOPY signature', 0];

  /** Parses what `data[0, size)` adds; returns the number of tuples parsed so far. */
  feed(data: Buffer, size: number): number {
    if (!this.headerRead && !this.readHeader(data, size)) return this.tuples;
    while (!this.ended) {
      const end = this.readTuple(data, size);
      if (end < 0) break;
      this.at = end;
    }
    this.rows.show(data, this.tuples, Math.max(this.width, 0), this.starts, this.lengths);
    return this.tuples;
  }

  /** The tuples, once `data[0, size)` is all there is. */
  finish(data: Buffer, size: number): CopyRows {
    this.feed(data, size);
    if (!this.ended) malformed(this.short[0], this.short[1], size);
    return this.rows;
  }

  private readHeader(data: Buffer, size: number): boolean {
    if (size >= SIGNATURE.length && !data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
      malformed('no PGCOPY signature', 0, size);
    }
    if (size < 19) return false;
    // Bit 16 says each tuple starts with an OID, which a COPY of a query never sends.
    if ((data.readInt32BE(11) & 0x10000) !== 0) malformed('tuples with OIDs', 11, size);
    const extension = data.readInt32BE(15);
    if (extension < 0) malformed('header extension past the end', 15, size);
    if (19 + extension > size) {
      this.short = ['header extension past the end', 15];
      return false;
    }
    this.at = 19 + extension;
    this.headerRead = true;
    this.short = ['no end-of-data marker', this.at];
    return true;
  }

  /** Reads the tuple at `this.at`: its end, or −1 when the bytes so far do not complete it. */
  private readTuple(data: Buffer, size: number): number {
    let at = this.at;
    if (at + 2 > size) {
      this.short = ['no end-of-data marker', at];
      return -1;
    }
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) {
      this.ended = true;
      return at;
    }
    if (fields < 0) malformed(`field count ${fields}`, at - 2, size);
    if (this.width === -1) this.width = fields;
    else if (fields !== this.width) {
      malformed(`a tuple of ${fields} fields after tuples of ${this.width}`, at - 2, size);
    }
    const first = this.tuples * fields;
    if (first + fields > this.starts.length) this.grow(first + fields);
    for (let i = 0; i < fields; i++) {
      if (at + 4 > size) {
        this.short = ['a field length past the end', at];
        return -1;
      }
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) {
        this.starts[first + i] = -1;
        continue;
      }
      if (length < 0) malformed(`a field of ${length} bytes past the end`, at - 4, size);
      if (at + length > size) {
        this.short = [`a field of ${length} bytes past the end`, at - 4];
        return -1;
      }
      this.starts[first + i] = at;
      this.lengths[first + i] = length;
      at += length;
    }
    this.tuples++;
    return at;
  }

  private grow(fields: number): void {
    const size = Math.max(this.starts.length * 2, fields);
    const starts = new Int32Array(size);
    starts.set(this.starts);
    this.starts = starts;
    const lengths = new Int32Array(size);
    lengths.set(this.lengths);
    this.lengths = lengths;
  }
}

function malformed(what: string, at: number, size: number): never {
  throw new Error(`[db] malformed binary COPY data: ${what} at byte ${at} of ${size}`);
}
