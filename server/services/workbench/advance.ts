import type { Db } from '../../store/db.ts';
import { findJobStatus } from '../../store/jobs/jobs.ts';
import { progressBy } from '../../store/jobs/progress.ts';
import { findProjectStage } from '../../store/jobs/projects.ts';
import { lockJob } from '../../store/locks.ts';
import { advanceProject } from '../jobs/workflow.ts';
import { ownedProject } from './access.ts';
import { progressOf, stageInfo } from './progress.ts';

export type AdvanceResult =
  | { outcome: 'advanced'; stage: string; jobDelivered: boolean }
  /** The form was for another stage: someone else moved the project meanwhile; nothing changed. */
  | { outcome: 'stale' }
  /** Leaving Translate needs every segment confirmed. */
  | { outcome: 'unconfirmed'; remaining: number }
  /** Documents are still importing, or the job failed to import or is no longer active. */
  | { outcome: 'not-ready'; reason: 'importing' | 'import-failed' | 'inactive' }
  | { outcome: 'done' }
  | { outcome: 'not-found' };

/**
 * Completes the project's current stage ("Complete Translate"): the project moves one stage along
 * its job's workflow template, PROJECT_UPDATE/PROJECT_DELIVER fire, and when it was the job's last
 * open project the job is delivered (JOB_DELIVER). `expectedStage` is the stage the person saw, so
 * a double submit or a colleague's earlier click cannot skip a stage.
 */
export async function completeStage(
  deps: { db: Db; now: () => number; wake: () => void },
  organizationId: number,
  projectId: number,
  expectedStage: number,
): Promise<AdvanceResult> {
  const { db, now } = deps;
  const owned = await ownedProject(db, organizationId, projectId);
  if (!owned) return { outcome: 'not-found' };
  const stage = stageInfo(owned.template, owned.project.stage);
  if (stage.isLast) return { outcome: 'done' };
  if (owned.project.stage !== expectedStage) return { outcome: 'stale' };
  if (owned.job.status !== 'active') return { outcome: 'not-ready', reason: 'inactive' };
  if (owned.job.creation_status !== 'COMPLETE') {
    return {
      outcome: 'not-ready',
      reason: owned.job.creation_status === 'PENDING' ? 'importing' : 'import-failed',
    };
  }
  if (stage.assignmentType === 'TRANSLATE') {
    const { unconfirmedSegments } = progressOf(await progressBy(db, 'project', [projectId]), projectId);
    if (unconfirmedSegments > 0) return { outcome: 'unconfirmed', remaining: unconfirmedSegments };
  }
  const result = await db.transaction().execute(async (tx) => {
    // Two clicks at once must not both pass the stage check: decide under the job's lock.
    await lockJob(tx, owned.job.id);
    if ((await findProjectStage(tx, projectId)) !== expectedStage) return undefined;
    const moved = await advanceProject(tx, projectId, now());
    const job = await findJobStatus(tx, owned.job.id);
    return { moved, delivered: job?.status === 'delivered' };
  });
  if (!result?.moved.changed) return { outcome: 'stale' };
  // The events sit in the outbox; start their delivery now rather than at the next poll.
  deps.wake();
  return {
    outcome: 'advanced',
    stage: stageInfo(owned.template, result.moved.project.stage).name,
    jobDelivered: result.delivered,
  };
}
