import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import { type DocumentRow, getDocument } from '../../store/jobs/documents.ts';
import { getLiveJob, type JobRow } from '../../store/jobs/jobs.ts';
import { getProjectWithLiveJob, type ProjectRow } from '../../store/jobs/projects.ts';
import { templatesById } from '../workflows.ts';

export type { DocumentRow, JobRow, ProjectRow };

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
  const found = await getProjectWithLiveJob(db, organizationId, projectId);
  if (!found) return undefined;
  const { project, job } = found;
  const template = (await templatesById(db, [job.workflow_template_id])).get(job.workflow_template_id);
  return { project, job, template };
}

/** A document of the organization with its project, job and template (undefined as for projects). */
export async function ownedDocument(
  db: Db,
  organizationId: number,
  documentId: number,
): Promise<(OwnedProject & { document: DocumentRow }) | undefined> {
  const document = await getDocument(db, organizationId, documentId);
  if (!document) return undefined;
  const owner = await ownedProject(db, organizationId, document.project_id);
  return owner && { ...owner, document };
}

/** A job of the organization that was not deleted (undefined as for projects). */
export async function ownedJob(db: Db, organizationId: number, jobId: number): Promise<JobRow | undefined> {
  return getLiveJob(db, organizationId, jobId);
}
