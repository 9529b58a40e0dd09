/** Content generation's rows: the terms each organization signed, its preferences, its contents. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { ContentsTable } from './schema.ts';

export type ContentRow = Selectable<ContentsTable>;

/** Marks failed the contents still generating whose last change is older than `before`. */
export async function failContentsGeneratingSince(
  db: Db,
  before: number,
  set: { error: string; updated_at: number },
): Promise<number> {
  const result = await db
    .updateTable('contents')
    .set({ status: 'failed', ...set })
    .where('status', '=', 'generating')
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A content of one organization; another organization's is never returned. */
export async function getContent(
  db: Db,
  organizationId: number,
  id: number,
): Promise<ContentRow | undefined> {
  return db
    .selectFrom('contents')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listContents(db: Db, organizationId: number): Promise<ContentRow[]> {
  return db
    .selectFrom('contents')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

export async function insertContent(db: Db, row: Insertable<ContentsTable>): Promise<number> {
  const { id } = await db.insertInto('contents').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateContent(
  db: Db,
  organizationId: number,
  id: number,
  set: Partial<ContentRow>,
): Promise<void> {
  await db
    .updateTable('contents')
    .set(set)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

export async function deleteContent(db: Db, organizationId: number, id: number): Promise<void> {
  await db
    .deleteFrom('contents')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

/** Starts the next generation of a content; its number, or undefined when the content is gone. */
export async function startContentGeneration(
  db: Db,
  id: number,
  generator: string,
  now: number,
): Promise<number | undefined> {
  const started = await db
    .updateTable('contents')
    .set((eb) => ({
      status: 'generating',
      result: null,
      error: null,
      generator,
      generation: eb('generation', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .returning('generation')
    .executeTakeFirst();
  return started?.generation;
}

/** Records one generation's outcome; a row deleted or regenerated meanwhile is left alone. */
export async function finishContentGeneration(
  db: Db,
  id: number,
  generation: number,
  set: Pick<ContentRow, 'status' | 'result' | 'error' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('contents')
    .set(set)
    .where('id', '=', id)
    .where('generation', '=', generation)
    .execute();
}

export async function upsertContentTerms(
  db: Db,
  organizationId: number,
  values: { signed_agreement: number; signed_at: number },
): Promise<void> {
  await db
    .insertInto('content_terms')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}

/** Whether the organization signed the content terms (and did not withdraw). */
export async function contentTermsSigned(db: Db, organizationId: number): Promise<boolean> {
  const terms = await db
    .selectFrom('content_terms')
    .select('signed_agreement')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return terms?.signed_agreement === 1;
}

/** The stored preferences JSON, or undefined when none were stored. */
export async function getContentPreferences(db: Db, organizationId: number): Promise<string | undefined> {
  const found = await db
    .selectFrom('content_preferences')
    .select('preferences')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return found?.preferences;
}

export async function upsertContentPreferences(
  db: Db,
  organizationId: number,
  values: { preferences: string; updated_at: number },
): Promise<void> {
  await db
    .insertInto('content_preferences')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}
