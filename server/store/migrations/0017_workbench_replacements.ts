import type { Kysely } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import { idColumn } from './columns.ts';

/**
 * The workbench's search-and-replace runs, each the undo record of one replace: what every changed
 * segment held before and what the replace wrote, so "Undo replace" can put back exactly the
 * previous text and status. Rows belong to an organization (every read filters on it).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('workbench_replacements')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('replacement', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('match_case', 'integer', (c) => c.notNull())
    .addColumn('segment_count', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'text', (c) => c.notNull())
    .addColumn('segments', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('undone_by', 'text')
    .addColumn('undone_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('workbench_replacements_document')
    .on('workbench_replacements')
    .columns(['organization_id', 'document_id', 'id'])
    .execute();
}
