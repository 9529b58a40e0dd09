import type { Kysely } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import { idColumn } from './columns.ts';

/**
 * A document segment's versions (every write of its target or status: who, when, what) and the
 * comments people leave on it. Both go with their segment: a re-imported document starts afresh.
 * A version is keyed by its segment, its time and the table's own sequence (`id`), so two writes
 * in the same millisecond keep their order.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('segment_versions')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('segment_id', 'integer', (c) =>
      c.notNull().references('document_segments.id').onDelete('cascade'),
    )
    .addColumn('target', 'text')
    .addColumn('target_plural', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('segment_versions_segment')
    .on('segment_versions')
    .columns(['segment_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('segment_comments')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('segment_id', 'integer', (c) =>
      c.notNull().references('document_segments.id').onDelete('cascade'),
    )
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('segment_comments_job')
    .on('segment_comments')
    .columns(['job_id', 'resolved_at', 'id'])
    .execute();
  await db.schema
    .createIndex('segment_comments_segment')
    .on('segment_comments')
    .columns(['segment_id', 'id'])
    .execute();
}
