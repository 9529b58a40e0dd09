import type { MtProvider } from '../../engine/mt/index.ts';
import { pretranslateDocument } from '../../services/documents/pretranslate.ts';
import { deliverJob } from '../../services/jobs/workflow.ts';
import type { TmCache } from '../../services/tm-cache.ts';
import type { Db } from '../../store/db.ts';
import { importedDocumentIdsOfJob } from '../../store/jobs/documents.ts';
import { findJobStatus } from '../../store/jobs/jobs.ts';
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
    const job = await findJobStatus(db, jobId);
    if (job?.status !== 'active' || job.deleted_at !== null) return;
    for (const id of await importedDocumentIdsOfJob(db, jobId)) {
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
