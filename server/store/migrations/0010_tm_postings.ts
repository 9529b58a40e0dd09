import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import type { Db } from '../db.ts';
import { buildPostings } from '../memories/postings.ts';
import { binaryType } from './columns.ts';

/**
 * The TM's posting lists in the database (`tm_lists`, `tm_postings`;
 * `server/store/memories/postings.ts`), so that on PostgreSQL every server process answers from
 * one shared copy instead of holding its own index (DESIGN §9). The tables are created on SQLite
 * too, where they stay empty (SQLite keeps its in-process index), so that deleting a memory is the
 * same statements on both.
 *
 * On PostgreSQL the lists of the segments already stored are built here, memory by memory. The
 * sizes' primary key carries `n`, so that a query's list sizes come from the index alone, and
 * chunks are stored uncompressed: their varints compress poorly, and appending to a compressed
 * value would decompress and compress it again each time.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      CREATE TABLE tm_lists (
        memory_id integer NOT NULL,
        gram bigint NOT NULL,
        bucket smallint NOT NULL,
        n integer NOT NULL,
        PRIMARY KEY (memory_id, gram, bucket) INCLUDE (n)
      )`.execute(db);
    await sql`
      CREATE TABLE tm_postings (
        memory_id integer NOT NULL,
        gram bigint NOT NULL,
        bucket smallint NOT NULL,
        chunk integer NOT NULL,
        n integer NOT NULL,
        ids bytea NOT NULL,
        PRIMARY KEY (memory_id, gram, bucket, chunk)
      )`.execute(db);
    await sql`ALTER TABLE tm_postings ALTER COLUMN ids SET STORAGE EXTERNAL`.execute(db);
    // A query's exact matches are the newest few of a source that may be stored thousands of
    // times: this index gives them without reading the others.
    await sql`CREATE INDEX segments_hash_id ON segments (memory_id, source_hash, id)`.execute(db);
    await buildExisting(db as unknown as Db);
    return;
  }
  await db.schema
    .createTable('tm_lists')
    .addColumn('memory_id', 'integer', (c) => c.notNull())
    .addColumn('gram', 'bigint', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tm_lists_pkey', ['memory_id', 'gram', 'bucket'])
    .execute();
  await db.schema
    .createTable('tm_postings')
    .addColumn('memory_id', 'integer', (c) => c.notNull())
    .addColumn('gram', 'bigint', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('ids', binaryType(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint('tm_postings_pkey', ['memory_id', 'gram', 'bucket', 'chunk'])
    .execute();
}

/** Lists for every segment already stored (staged ones too: a running import publishes them later). */
async function buildExisting(db: Db): Promise<void> {
  const memories = await db.selectFrom('memories').select('id').orderBy('id').execute();
  for (const { id: memoryId } of memories) await buildPostings(db, memoryId);
}
