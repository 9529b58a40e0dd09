import pg from 'pg';

/** A tuple of a binary COPY: each field's bytes as PostgreSQL sends them, or null. */
export type CopyTuple = (Buffer | null)[];

/**
 * Runs `COPY (query) TO STDOUT (FORMAT binary)` and returns its tuples. For reads of many bytes:
 * node-postgres turns every value of an ordinary result into a JS string (a `bytea` as hex or as
 * whatever text the query makes of it), which costs a decoding per value and young-generation
 * garbage in proportion to the bytes; a binary COPY arrives as raw chunks. COPY takes no
 * parameters: the query must carry its values as literals (`src/db/sql-literals.ts`).
 */
export type CopyOut = (query: string) => Promise<CopyTuple[]>;

/** `copyOut` over a node-postgres pool (one of its connections, for the one statement). */
export function poolCopyOut(pool: pg.Pool): CopyOut {
  return async (query) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      const data = await new Promise<Buffer>((resolve, reject) => {
        client.query(new CopyToBuffer(`COPY (${query}) TO STDOUT (FORMAT binary)`, resolve, reject));
      });
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
  private data = Buffer.allocUnsafe(64 * 1024);
  private size = 0;
  private error: Error | undefined;
  private readonly text: string;
  private readonly resolve: (data: Buffer) => void;
  private readonly reject: (error: Error) => void;

  constructor(text: string, resolve: (data: Buffer) => void, reject: (error: Error) => void) {
    this.text = text;
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
 * The tuples of PostgreSQL's binary COPY format: a signature, flags and a header extension, then
 * per tuple a 16-bit field count and each field as a 32-bit length (−1: null) and its bytes, up
 * to a count of −1. Fields are views of `data`. Throws an Error naming what is malformed.
 */
export function parseBinaryCopy(data: Buffer): CopyTuple[] {
  const fail = (what: string, at: number): never => {
    throw new Error(`[db] malformed binary COPY data: ${what} at byte ${at} of ${data.length}`);
  };
  if (data.length < 19 || !data.subarray(0, 11).equals(SIGNATURE)) fail('no PGCOPY signature', 0);
  // Bit 16 says each tuple starts with an OID, which a COPY of a query never sends.
  if ((data.readInt32BE(11) & 0x10000) !== 0) fail('tuples with OIDs', 11);
  const extension = data.readInt32BE(15);
  let at = 19 + extension;
  if (extension < 0 || at > data.length) fail('header extension past the end', 15);
  const tuples: CopyTuple[] = [];
  for (;;) {
    if (at + 2 > data.length) fail('no end-of-data marker', at);
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    if (fields < 0) fail(`field count ${fields}`, at - 2);
    const tuple: CopyTuple = new Array(fields);
    for (let i = 0; i < fields; i++) {
      if (at + 4 > data.length) fail('a field length past the end', at);
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) {
        tuple[i] = null;
        continue;
      }
      if (length < 0 || at + length > data.length) fail(`a field of ${length} bytes past the end`, at - 4);
      tuple[i] = data.subarray(at, at + length);
      at += length;
    }
    tuples.push(tuple);
  }
  return tuples;
}
