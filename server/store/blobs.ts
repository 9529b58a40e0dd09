import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, isPostgres } from './db.ts';

/** Chunk size in the database: small enough to stream, large enough to keep the row count low. */
export const CHUNK_BYTES = 1024 * 1024;

export class BlobTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`content is larger than the limit of ${limit} bytes`);
    this.name = 'BlobTooLargeError';
    this.limit = limit;
  }
}

export interface StoredBlob {
  id: number;
  size: number;
  md5: string;
  /** The content, when it fit in one chunk (so callers can look at small files without reading them back). */
  bytes?: Buffer;
}

/**
 * Streams content into the database in 1 MiB chunks, so every server process can read it and no
 * upload is held in memory whole. An upload that fails or exceeds `maxBytes` leaves nothing behind.
 * Content of one chunk or less (most string files) is stored in one statement once it has all
 * arrived; larger content gets its row first and its chunks as they fill.
 */
export async function writeBlob(
  db: Db,
  organizationId: number,
  source: AsyncIterable<Uint8Array>,
  options: { maxBytes: number; now: number },
): Promise<StoredBlob> {
  const md5 = createHash('md5');
  let id: number | undefined;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (all: boolean) => {
    id ??= (
      await db
        .insertInto('blobs')
        .values({ organization_id: organizationId, size: 0, md5: '', complete: 0, created_at: options.now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const data = joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(CHUNK_BYTES);
      await db.insertInto('blob_chunks').values({ blob_id: id, seq: seq++, data }).execute();
      pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      pendingBytes = rest.length;
    }
  };
  try {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
      md5.update(chunk);
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= CHUNK_BYTES) await flush(false);
    }
    const digest = md5.digest('hex');
    if (id === undefined) {
      const bytes = Buffer.concat(pending);
      const row = { organization_id: organizationId, size, md5: digest, created_at: options.now };
      return { id: await insertWhole(db, row, bytes), size, md5: digest, bytes };
    }
    await flush(true);
    await db.updateTable('blobs').set({ size, md5: digest, complete: 1 }).where('id', '=', id).execute();
    return { id, size, md5: digest };
  } catch (err) {
    if (id !== undefined) await deleteBlob(db, id);
    throw err;
  }
}

/**
 * A complete blob of at most one chunk, atomically: on PostgreSQL one statement (the row and its
 * chunk in one round trip), elsewhere one transaction.
 */
async function insertWhole(
  db: Db,
  row: { organization_id: number; size: number; md5: string; created_at: number },
  data: Buffer,
): Promise<number> {
  const blob = { ...row, complete: 1 };
  if (data.byteLength === 0)
    return (await db.insertInto('blobs').values(blob).returning('id').executeTakeFirstOrThrow()).id;
  if (isPostgres(db)) {
    const { rows } = await sql<{ id: number }>`
      with b as (
        insert into blobs (organization_id, size, md5, complete, created_at)
        values (${blob.organization_id}, ${blob.size}, ${blob.md5}, 1, ${blob.created_at})
        returning id
      )
      insert into blob_chunks (blob_id, seq, data) select id, 0, ${data} from b returning blob_id as id`.execute(
      db,
    );
    return rows[0]!.id;
  }
  const store = async (tx: Db) => {
    const { id } = await tx.insertInto('blobs').values(blob).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('blob_chunks').values({ blob_id: id, seq: 0, data }).execute();
    return id;
  };
  return db.isTransaction ? store(db) : db.transaction().execute(store);
}

/** Stores bytes already in memory. */
export function writeBlobBytes(
  db: Db,
  organizationId: number,
  bytes: Uint8Array,
  now: number,
): Promise<StoredBlob> {
  return writeBlob(db, organizationId, [bytes] as unknown as AsyncIterable<Uint8Array>, {
    maxBytes: Number.MAX_SAFE_INTEGER,
    now,
  });
}

/**
 * The content, chunk by chunk, reading one chunk from the database at a time. Each read also
 * brings the blob's size, so content of one chunk takes one round trip.
 */
export async function* readBlob(db: Db, id: number): AsyncGenerator<Uint8Array> {
  let read = 0;
  for (let seq = 0; ; seq++) {
    const row = await db
      .selectFrom('blob_chunks')
      .innerJoin('blobs', 'blobs.id', 'blob_chunks.blob_id')
      .select(['blob_chunks.data', 'blobs.size'])
      .where('blob_chunks.blob_id', '=', id)
      .where('blob_chunks.seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    read += row.data.byteLength;
    yield row.data;
    if (read >= row.size) return;
  }
}

/** The whole content in memory (for files known to be small), in one query. */
export async function readBlobBytes(db: Db, id: number): Promise<Buffer> {
  const rows = await db
    .selectFrom('blob_chunks')
    .select('data')
    .where('blob_id', '=', id)
    .orderBy('seq')
    .execute();
  return Buffer.concat(rows.map((r) => r.data));
}

export async function deleteBlob(db: Db, id: number): Promise<void> {
  await db.deleteFrom('blob_chunks').where('blob_id', '=', id).execute();
  await db.deleteFrom('blobs').where('id', '=', id).execute();
}
