/** Workflow templates: the stages a job's projects move through. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { WorkflowTemplatesTable } from '../schema.ts';

export type TemplateRow = Selectable<WorkflowTemplatesTable>;

export async function listTemplateRows(db: Db, organizationId: number): Promise<TemplateRow[]> {
  return db
    .selectFrom('workflow_templates')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

export async function insertTemplates(db: Db, rows: Insertable<WorkflowTemplatesTable>[]): Promise<void> {
  await db.insertInto('workflow_templates').values(rows).execute();
}

export async function templateRowsIn(db: Db, ids: number[]): Promise<TemplateRow[]> {
  return db.selectFrom('workflow_templates').selectAll().where('id', 'in', ids).execute();
}
