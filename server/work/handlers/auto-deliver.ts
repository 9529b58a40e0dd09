import type { MtProvider } from '../../engine/mt/index.ts';
import { pretranslateDocument } from '../../services/documents/pretranslate.ts';
import { deliverJob } from '../../services/jobs/workflow.ts';
import type { TmCache } from '../../services/tm-cache.ts';
import type { Db } from '../../store/db.ts';
import type { WorkHandler } from '../worker.ts';

/**
 * SVC_AUTO_DELIVER_MS (demos and tests only): a new job is pretranslated TM+MT and delivered
 * after the delay, standing in for the people who would translate it in the workbench.
 */
export function autoDeliverHandler(deps: {
  db: Db;
  now: () => number;
  tm: TmCache;
  mt: MtProvider;
}): WorkHandler {
  const { db, now } = deps;
  return async (payload) => {
    const { jobId } = payload as { jobId: number };
    const job = await db
      .selectFrom('jobs')
      .select(['status', 'deleted_at'])
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (job?.status !== 'active' || job.deleted_at !== null) return;
    const documents = await db
      .selectFrom('documents')
      .innerJoin('projects', 'projects.id', 'documents.project_id')
      .select('documents.id')
      .where('projects.job_id', '=', jobId)
      .where('documents.import_succeeded', '=', 1)
      .execute();
    for (const { id } of documents) {
      await pretranslateDocument(deps, id, {
        mode: 'TM+MT',
        autoAccept: true,
        caseSensitive: false,
        attributeTo: 'auto-deliver',
      });
    }
    await db.transaction().execute((tx) => deliverJob(tx, jobId, now()));
  };
}
