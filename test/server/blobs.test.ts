/**
 * Blob storage on the engine under test (SVC_TEST_DB): content of any size reads back exactly,
 * small content is stored whole, and a failed write leaves no row behind.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BlobTooLargeError,
  CHUNK_BYTES,
  deleteBlob,
  readBlob,
  readBlobBytes,
  writeBlob,
  writeBlobBytes,
} from '../../server/store/blobs.ts';
import { eachPlatformDatabase } from '../support/platform-db.ts';

const database = eachPlatformDatabase();

/** Deterministic bytes that differ from chunk to chunk, so a misordered chunk shows. */
function content(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 20)) & 0xff;
  return out;
}

/** The content as a stream of pieces of `piece` bytes. */
async function* pieces(bytes: Buffer, piece: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
}

async function rows(): Promise<{ blobs: number; chunks: number }> {
  const db = database().db;
  const blobs = await db
    .selectFrom('blobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const chunks = await db
    .selectFrom('blob_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { blobs: Number(blobs.n), chunks: Number(chunks.n) };
}

async function streamed(id: number): Promise<{ bytes: Buffer; reads: number }> {
  const parts: Uint8Array[] = [];
  for await (const part of readBlob(database().db, id)) parts.push(part);
  return { bytes: Buffer.concat(parts), reads: parts.length };
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('blobs', () => {
  it.each([
    ['empty', 0, 0],
    ['one byte', 1, 1],
    ['just under a chunk', CHUNK_BYTES - 1, 1],
    ['exactly a chunk', CHUNK_BYTES, 1],
    ['a chunk and a byte', CHUNK_BYTES + 1, 2],
    ['two and a half chunks', CHUNK_BYTES * 2.5, 3],
  ])('%s: stored in %s chunk(s) and read back exactly, streamed and whole', async (_name, size, chunks) => {
    const bytes = content(size);
    const blob = await writeBlob(database().db, 1, pieces(bytes, 64 * 1024 + 7), {
      maxBytes: 10 * CHUNK_BYTES,
      now: 5,
    });
    expect(blob).toMatchObject({ size, md5: md5(bytes) });
    // Content of less than a chunk comes back with the result (callers look at small files).
    if (size < CHUNK_BYTES) expect(blob.bytes?.equals(bytes)).toBe(true);
    else expect(blob.bytes).toBeUndefined();
    expect(await rows()).toEqual({ blobs: 1, chunks });
    const row = await database()
      .db.selectFrom('blobs')
      .selectAll()
      .where('id', '=', blob.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organization_id: 1, size, md5: md5(bytes), complete: 1, created_at: 5 });
    const read = await streamed(blob.id);
    expect(read.bytes.equals(bytes)).toBe(true);
    expect(read.reads).toBe(chunks);
    expect((await readBlobBytes(database().db, blob.id)).equals(bytes)).toBe(true);
  });

  it('writeBlobBytes stores bytes in memory the same way', async () => {
    const bytes = content(1000);
    const blob = await writeBlobBytes(database().db, 1, bytes, 9);
    expect((await readBlobBytes(database().db, blob.id)).equals(bytes)).toBe(true);
  });

  it('content over the limit is refused and leaves nothing, small or chunked', async () => {
    for (const [size, max] of [
      [1000, 999],
      [CHUNK_BYTES * 2 + 10, CHUNK_BYTES * 2],
    ] as const) {
      await expect(
        writeBlob(database().db, 1, pieces(content(size), 4096), { maxBytes: max, now: 1 }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
    }
    expect(await rows()).toEqual({ blobs: 0, chunks: 0 });
  });

  it('a source that fails midway leaves nothing, before or after its first chunk was stored', async () => {
    for (const failAfter of [1000, CHUNK_BYTES + 1000]) {
      async function* broken(): AsyncGenerator<Uint8Array> {
        yield* pieces(content(failAfter), 4096);
        throw new Error('connection reset');
      }
      await expect(
        writeBlob(database().db, 1, broken(), { maxBytes: 10 * CHUNK_BYTES, now: 1 }),
      ).rejects.toThrow('connection reset');
    }
    expect(await rows()).toEqual({ blobs: 0, chunks: 0 });
  });

  it('a write inside a transaction commits and rolls back with it', async () => {
    const bytes = content(500);
    await expect(
      database()
        .db.transaction()
        .execute(async (tx) => {
          await writeBlobBytes(tx, 1, bytes, 1);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await rows()).toEqual({ blobs: 0, chunks: 0 });
    const id = await database()
      .db.transaction()
      .execute(async (tx) => (await writeBlobBytes(tx, 1, bytes, 1)).id);
    expect((await readBlobBytes(database().db, id)).equals(bytes)).toBe(true);
  });

  it('deleteBlob removes the row and its chunks', async () => {
    const keep = await writeBlobBytes(database().db, 1, content(10), 1);
    const gone = await writeBlob(database().db, 1, pieces(content(CHUNK_BYTES + 5), 65536), {
      maxBytes: 4 * CHUNK_BYTES,
      now: 1,
    });
    await deleteBlob(database().db, gone.id);
    expect(await rows()).toEqual({ blobs: 1, chunks: 1 });
    expect((await streamed(gone.id)).reads).toBe(0);
    expect((await readBlobBytes(database().db, keep.id)).equals(content(10))).toBe(true);
  });
});
