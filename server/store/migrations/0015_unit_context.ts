import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import { idColumn } from './columns.ts';

/**
 * Context for translators, by where it lives:
 * - `document_segments.description` / `placeholders_json`: what the file itself says of a unit
 *   (ARB `description`, PO `#.`, Android `<xliff:g example>`), read at import like `notes`;
 * - `unit_contexts`: what the repository's context rules say (`.svc.yml` `context:`, a
 *   `*.context.yml`), by file name and unit id, replaced by every sync: the repository owns it;
 * - `unit_notes`: notes people add on the platform, by file name and unit id, which no sync touches.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const org = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');
  await db.schema.alterTable('document_segments').addColumn('description', 'text').execute();
  await db.schema.alterTable('document_segments').addColumn('placeholders_json', 'text').execute();

  await db.schema
    .createTable('unit_contexts')
    .addColumn('organization_id', 'integer', org)
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('max_length', 'integer')
    .addColumn('max_width_json', 'text')
    .addColumn('placeholders_json', 'text')
    .addColumn('do_not_translate', 'integer', (c) => c.notNull())
    .addColumn('origins_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('unit_contexts_pk', ['organization_id', 'file_name', 'unit_id'])
    .execute();

  await db.schema
    .createTable('unit_notes')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', org)
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unit_notes_unit')
    .on('unit_notes')
    .columns(['organization_id', 'file_name', 'unit_id'])
    .execute();
}
