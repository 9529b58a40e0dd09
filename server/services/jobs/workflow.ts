import type { Db } from '../../store/db.ts';
import { findJob, type JobRow, markJobDelivered } from '../../store/jobs/jobs.ts';
import {
  findProject,
  findProjectJobId,
  jobHasProjectBefore,
  type ProjectRow,
  projectIdsOfJob,
  setProjectStage,
} from '../../store/jobs/projects.ts';
import { lockJob } from '../../store/locks.ts';
import { stateOf, templatesById } from '../workflows.ts';
import { jobEvent, projectDeliverEvent, projectUpdateEvent } from './events.ts';

/** The row a caller holds the id of; its absence is a broken invariant, not a caller's mistake. */
function present<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`${what} does not exist`);
  return row;
}

const jobOf = async (tx: Db, id: number): Promise<JobRow> => present(await findJob(tx, id), `job ${id}`);

/**
 * Moves a project along its job's workflow template (one stage, or straight to the last with
 * `toDone`), emitting PROJECT_UPDATE on every change and PROJECT_DELIVER when it reaches done.
 * When every project of the job is done, the job is delivered and JOB_DELIVER fires. Runs inside
 * the caller's transaction so state and events change together.
 */
export async function advanceProject(
  tx: Db,
  projectId: number,
  now: number,
  options: { toDone?: boolean } = {},
) {
  const jobId = present(await findProjectJobId(tx, projectId), `project ${projectId}`);
  // Projects of one job advance concurrently; the one that completes the job must see the others.
  await lockJob(tx, jobId);
  const project: ProjectRow = present(await findProject(tx, projectId), `project ${projectId}`);
  const job = await jobOf(tx, project.job_id);
  const template = (await templatesById(tx, [job.workflow_template_id])).get(job.workflow_template_id);
  const last = (template?.stages.length ?? 1) - 1;
  if (project.stage >= last) return { project, changed: false };
  const stage = options.toDone ? last : project.stage + 1;
  await setProjectStage(tx, projectId, stage, now);
  const updated = { ...project, stage, updated_at: now };
  await projectUpdateEvent(tx, now, updated, job.due);
  if (stateOf(template?.stages[stage]).state === 'done') {
    await projectDeliverEvent(tx, now, updated);
    await deliverIfComplete(tx, job.id, now);
  }
  return { project: updated, changed: true };
}

/** Delivers an active job whose projects are all done (JOB_DELIVER). */
export async function deliverIfComplete(tx: Db, jobId: number, now: number): Promise<boolean> {
  const job = await jobOf(tx, jobId);
  if (job.status !== 'active' || job.creation_status !== 'COMPLETE') return false;
  const template = (await templatesById(tx, [job.workflow_template_id])).get(job.workflow_template_id);
  const last = (template?.stages.length ?? 1) - 1;
  if (await jobHasProjectBefore(tx, jobId, last)) return false;
  if (!(await markJobDelivered(tx, jobId, now))) return false;
  await jobEvent(tx, now, 'JOB_DELIVER', { ...job, status: 'delivered', delivered_at: now, updated_at: now });
  return true;
}

/** Delivers a job now: every project moves to done (POST /v2/jobs/{id}/deliver, auto-deliver). */
export async function deliverJob(tx: Db, jobId: number, now: number): Promise<void> {
  for (const id of await projectIdsOfJob(tx, jobId)) await advanceProject(tx, id, now, { toDone: true });
  await deliverIfComplete(tx, jobId, now);
}
