import { createHash } from 'node:crypto';
import type { Db } from './db.ts';

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
}

/**
 * Streams content into the database in 1 MiB chunks, so every server process can read it and no
 * upload is held in memory whole. An upload that fails or exceeds `maxBytes` leaves nothing behind.
 */
export async function writeBlob(
  db: Db,
  organizationId: number,
  source: AsyncIterable<Uint8Array>,
  options: { maxBytes: number; now: number },
): Promise<StoredBlob> {
  const { id } = await db
    .insertInto('blobs')
    .values({ organization_id: organizationId, size: 0, md5: '', complete: 0, created_at: options.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const md5 = createHash('md5');
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (all: boolean) => {
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
    await flush(true);
    const digest = md5.digest('hex');
    await db.updateTable('blobs').set({ size, md5: digest, complete: 1 }).where('id', '=', id).execute();
    return { id, size, md5: digest };
  } catch (err) {
    await deleteBlob(db, id);
    throw err;
  }
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

/** The content, chunk by chunk, reading one chunk from the database at a time. */
export async function* readBlob(db: Db, id: number): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const row = await db
      .selectFrom('blob_chunks')
      .select('data')
      .where('blob_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    yield row.data;
  }
}

/** The whole content in memory (for files known to be small). */
export async function readBlobBytes(db: Db, id: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of readBlob(db, id)) parts.push(chunk);
  return Buffer.concat(parts);
}

export async function deleteBlob(db: Db, id: number): Promise<void> {
  await db.deleteFrom('blob_chunks').where('blob_id', '=', id).execute();
  await db.deleteFrom('blobs').where('id', '=', id).execute();
}
