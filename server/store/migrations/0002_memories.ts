import type { Kysely } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import { binaryType, idColumn } from './columns.ts';

/** Background work queue, chunked blobs, memories with segments, terms, imports and usage. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('work_items')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_items_due').on('work_items').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('blobs')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('blob_chunks')
    .addColumn('blob_id', 'integer', (c) => c.notNull().references('blobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', binaryType(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint('blob_chunks_pk', ['blob_id', 'seq'])
    .execute();

  await db.schema
    .createTable('memories')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('srclang', 'text', (c) => c.notNull())
    .addColumn('srclocale', 'text')
    .addColumn('trglang', 'text', (c) => c.notNull())
    .addColumn('trglocale', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memories_org').on('memories').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('memory_imports')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('memory_id', 'integer', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('blob_id', 'integer')
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('memory_imports_memory').on('memory_imports').column('memory_id').execute();

  await db.schema
    .createTable('segments')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('memory_id', 'integer', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('resource_name', 'text')
    .addColumn('user_email', 'text')
    .addColumn('import_id', 'integer')
    .addColumn('visible', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('segments_memory')
    .on('segments')
    .columns(['memory_id', 'visible', 'id'])
    .execute();
  await db.schema.createIndex('segments_hash').on('segments').columns(['memory_id', 'source_hash']).execute();
  await db.schema.createIndex('segments_import').on('segments').column('import_id').execute();

  await db.schema
    .createTable('terms')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('memory_id', 'integer', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('import_id', 'integer')
    .addColumn('visible', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('terms_memory').on('terms').columns(['memory_id', 'visible']).execute();
  await db.schema.createIndex('terms_import').on('terms').column('import_id').execute();

  await db.schema
    .createTable('termbase_exports')
    .addColumn('memory_id', 'integer', (c) => c.primaryKey().references('memories.id').onDelete('cascade'))
    .addColumn('csv', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('usage')
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_pk', ['organization_id', 'day', 'metric'])
    .execute();
}
