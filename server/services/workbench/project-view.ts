import type { Db } from '../../store/db.ts';
import { documentsOfProject } from '../../store/jobs/documents.ts';
import { progressBy } from '../../store/jobs/progress.ts';
import { type OwnedProject, ownedProject } from './access.ts';
import { type Progress, progressOf, type StageInfo, stageInfo } from './progress.ts';

export interface DocumentSummary {
  id: number;
  name: string;
  format: string | null;
  importing: boolean;
  importError: string | null;
  progress: Progress;
}

export interface ProjectView extends OwnedProject {
  stage: StageInfo;
  documents: DocumentSummary[];
  progress: Progress;
}

/** A project page's content: its job, stage, and documents with word counts; undefined when not the organization's. */
export async function projectView(
  db: Db,
  organizationId: number,
  projectId: number,
): Promise<ProjectView | undefined> {
  const owned = await ownedProject(db, organizationId, projectId);
  if (!owned) return undefined;
  const documents = await documentsOfProject(db, projectId);
  const [byDocument, byProject] = await Promise.all([
    progressBy(
      db,
      'document',
      documents.map((d) => d.id),
    ),
    progressBy(db, 'project', [projectId]),
  ]);
  return {
    ...owned,
    stage: stageInfo(owned.template, owned.project.stage),
    progress: progressOf(byProject, projectId),
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      format: d.format,
      importing: d.import_in_progress === 1,
      importError: d.import_succeeded === 1 ? null : d.import_error_message,
      progress: progressOf(byDocument, d.id),
    })),
  };
}
