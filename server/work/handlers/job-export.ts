import { zipSync } from 'fflate';
import type { Logger } from 'pino';
import { fileNameProblem } from '../../../src/api/schemas/paths.ts';
import { renderDocument, targetTag } from '../../services/documents/content.ts';
import { deleteBlob, writeBlobBytes } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import { documentsOfProjects, updateDocuments } from '../../store/jobs/documents.ts';
import { findJob, updateJob } from '../../store/jobs/jobs.ts';
import { projectsOfJob } from '../../store/jobs/projects.ts';
import type { WorkHandler } from '../worker.ts';

/**
 * Renders every document of a job for each target language into one zip: a folder per target
 * (`de/`, or `de-AT/` with a locale) holding each document under its name (DESIGN §5). The folder
 * entry comes first. On failure the job shows isProcessing -2 and the reason.
 */
export function jobExportHandler(deps: { db: Db; now: () => number; log: Logger }): WorkHandler {
  const { db, now } = deps;
  return async (payload) => {
    const { jobId } = payload as { jobId: number };
    const job = await findJob(db, jobId);
    if (job?.is_processing !== 1) return;
    const projects = await projectsOfJob(db, jobId);
    const documents = await documentsOfProjects(db, projects.length > 0 ? projects.map((p) => p.id) : [0]);
    const documentIds = documents.map((d) => d.id);
    await updateDocuments(db, documentIds, { export_in_progress: 1 });
    try {
      const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
      for (const project of projects) {
        const folder = targetTag(project);
        entries[`${folder}/`] = [new Uint8Array(0), { level: 0 }];
        for (const doc of documents.filter((d) => d.project_id === project.id)) {
          // Names were checked at upload; a name that slipped past (older data) fails the export
          // instead of becoming an entry that climbs out of its folder.
          const problem = fileNameProblem(doc.name);
          if (problem) throw new Error(`document ${doc.id} has an unsafe name "${doc.name}": ${problem}`);
          entries[`${folder}/${doc.name}`] = await renderDocument(db, doc, project);
        }
      }
      const zip = zipSync(entries as Parameters<typeof zipSync>[0], { level: 6 });
      const blob = await writeBlobBytes(db, job.organization_id, zip, now());
      const t = now();
      await db.transaction().execute(async (tx) => {
        await updateJob(tx, jobId, {
          is_processing: 0,
          export_blob_id: blob.id,
          export_error: null,
          updated_at: t,
        });
        await updateDocuments(tx, documentIds, {
          export_in_progress: 0,
          export_succeeded: 1,
          export_error_message: null,
          updated_at: t,
        });
      });
      if (job.export_blob_id !== null) await deleteBlob(db, job.export_blob_id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.warn({ jobId, error: message }, 'job export failed');
      const t = now();
      await updateJob(db, jobId, { is_processing: -2, export_error: message, updated_at: t });
      await updateDocuments(db, documentIds, {
        export_in_progress: 0,
        export_succeeded: 0,
        export_error_message: message,
        updated_at: t,
      });
    }
  };
}
