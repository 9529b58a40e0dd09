import type { Selectable } from 'kysely';
import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import type { DocumentsTable, JobsTable, ProjectsTable } from '../../store/schema.ts';
import { templatesById } from '../workflows.ts';

export type ProjectRow = Selectable<ProjectsTable>;
export type JobRow = Selectable<JobsTable>;
export type DocumentRow = Selectable<DocumentsTable>;

export interface OwnedProject {
  project: ProjectRow;
  job: JobRow;
  template: WorkflowTemplate | undefined;
}

/**
 * A project of the organization with its job and workflow template, or undefined: another
 * organization's project, and one of a deleted job, look exactly like one that does not exist.
 */
export async function ownedProject(
  db: Db,
  organizationId: number,
  projectId: number,
): Promise<OwnedProject | undefined> {
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!project) return undefined;
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', project.job_id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!job) return undefined;
  const template = (await templatesById(db, [job.workflow_template_id])).get(job.workflow_template_id);
  return { project, job, template };
}

/** A document of the organization with its project, job and template (undefined as for projects). */
export async function ownedDocument(
  db: Db,
  organizationId: number,
  documentId: number,
): Promise<(OwnedProject & { document: DocumentRow }) | undefined> {
  const document = await db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!document) return undefined;
  const owner = await ownedProject(db, organizationId, document.project_id);
  return owner && { ...owner, document };
}
