import type { Kysely } from 'kysely';

/**
 * Context the repository sends with its files (issue 38, items 3 and 4):
 * - `file_code_links`: per uploaded source file and unit id, the lines of code that use the unit's
 *   key (JSON array of `{path, line, url}`, pinned to a commit) and how many uses there were.
 * - `screenshots`: a REFERENCE file that is a PNG screenshot, with its size in pixels.
 * - `screenshot_keys`: the keys a screenshot shows, each with its box in image pixels (or none).
 * Rows go with their file (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_code_links')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('links', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_code_links_pk', ['file_id', 'unit_id'])
    .execute();
  await db.schema
    .createTable('screenshots')
    .addColumn('file_id', 'integer', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('screenshot_keys')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('unit_key', 'text', (c) => c.notNull())
    .addColumn('x', 'integer')
    .addColumn('y', 'integer')
    .addColumn('w', 'integer')
    .addColumn('h', 'integer')
    .addPrimaryKeyConstraint('screenshot_keys_pk', ['file_id', 'unit_key'])
    .execute();
  // The workbench asks "which screenshots show these keys?".
  await db.schema
    .createIndex('screenshot_keys_key')
    .on('screenshot_keys')
    .columns(['unit_key', 'file_id'])
    .execute();
}
