/** Instant file translations: one uploaded file into one memory's target language. */
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Db, isPostgres } from './db.ts';
import type { InstantTranslationsTable } from './schema.ts';
import { enqueue, enqueueEach } from './work-items.ts';

export type InstantTranslationRow = Selectable<InstantTranslationsTable>;

/**
 * Inserts translations, each with its `instant-translate` work item. On PostgreSQL one statement
 * (one round trip instead of four); elsewhere row by row in one transaction.
 */
export async function insertInstantTranslations(
  db: Db,
  rows: Insertable<InstantTranslationsTable>[],
  now: number,
  work: { organizationId: number; maxAttempts: number },
): Promise<InstantTranslationRow[]> {
  if (!isPostgres(db)) return db.transaction().execute((tx) => insertRowByRow(tx, rows, now, work));
  return db
    .with('t', (qb) => qb.insertInto('instant_translations').values(rows).returningAll())
    .with('w', (qb) =>
      enqueueEach(
        qb,
        now,
        'instant-translate',
        work,
        't',
        sql`json_build_object('translationId', t.id)::text`,
      ),
    )
    .selectFrom('t')
    .selectAll()
    .orderBy('id')
    .execute();
}

async function insertRowByRow(
  db: Db,
  rows: Insertable<InstantTranslationsTable>[],
  now: number,
  work: { organizationId: number; maxAttempts: number },
): Promise<InstantTranslationRow[]> {
  const out: InstantTranslationRow[] = [];
  for (const row of rows) {
    const inserted = await db
      .insertInto('instant_translations')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueue(db, now, 'instant-translate', { translationId: inserted.id }, work);
    out.push(inserted);
  }
  return out;
}

export interface InstantFilters {
  translationIds?: number[] | undefined;
  status?: InstantTranslationRow['status'] | undefined;
  /** Epoch milliseconds. */
  from?: number | undefined;
  to?: number | undefined;
}

/** The organization's translations in id order, at most `limit`. */
export async function listInstantTranslations(
  db: Db,
  organizationId: number,
  filters: InstantFilters,
  limit: number,
): Promise<InstantTranslationRow[]> {
  let q = db.selectFrom('instant_translations').selectAll().where('organization_id', '=', organizationId);
  if (filters.translationIds) q = q.where('id', 'in', filters.translationIds);
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.from !== undefined) q = q.where('created_at', '>=', filters.from);
  if (filters.to !== undefined) q = q.where('created_at', '<', filters.to);
  return q.orderBy('id').limit(limit).execute();
}

export async function getInstantTranslation(
  db: Db,
  organizationId: number,
  id: number,
): Promise<InstantTranslationRow | undefined> {
  return db
    .selectFrom('instant_translations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The translation with its file's name and blob (null when the file was deleted), in one query. */
export async function findInstantTranslationWithFile(db: Db, id: number) {
  return db
    .selectFrom('instant_translations as t')
    .leftJoin('files as f', 'f.id', 't.file_id')
    .selectAll('t')
    .select(['f.name as file_name', 'f.blob_id as file_blob_id'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export async function updateInstantTranslation(
  db: Db,
  id: number,
  set: Partial<InstantTranslationRow>,
): Promise<void> {
  await db.updateTable('instant_translations').set(set).where('id', '=', id).execute();
}

/** Ends a translation still running; false when it had ended already. */
export async function finishInstantTranslation(
  db: Db,
  id: number,
  set: Partial<InstantTranslationRow>,
): Promise<boolean> {
  const done = await db
    .updateTable('instant_translations')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', ['InProgress', 'Completed'])
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
