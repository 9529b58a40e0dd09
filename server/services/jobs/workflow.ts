import type { Db } from '../../store/db.ts';
import { lockJob } from '../../store/locks.ts';
import { stateOf, templatesById } from '../workflows.ts';
import { jobEvent, projectDeliverEvent, projectUpdateEvent } from './events.ts';

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
  const { job_id } = await tx
    .selectFrom('projects')
    .select('job_id')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  // Projects of one job advance concurrently; the one that completes the job must see the others.
  await lockJob(tx, job_id);
  const project = await tx
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const job = await tx
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', project.job_id)
    .executeTakeFirstOrThrow();
  const template = (await templatesById(tx, [job.workflow_template_id])).get(job.workflow_template_id);
  const last = (template?.stages.length ?? 1) - 1;
  if (project.stage >= last) return { project, changed: false };
  const stage = options.toDone ? last : project.stage + 1;
  await tx.updateTable('projects').set({ stage, updated_at: now }).where('id', '=', projectId).execute();
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
  const job = await tx.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
  if (job.status !== 'active' || job.creation_status !== 'COMPLETE') return false;
  const template = (await templatesById(tx, [job.workflow_template_id])).get(job.workflow_template_id);
  const last = (template?.stages.length ?? 1) - 1;
  const open = await tx
    .selectFrom('projects')
    .select('id')
    .where('job_id', '=', jobId)
    .where('stage', '<', last)
    .executeTakeFirst();
  if (open) return false;
  const result = await tx
    .updateTable('jobs')
    .set({ status: 'delivered', delivered_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await jobEvent(tx, now, 'JOB_DELIVER', { ...job, status: 'delivered', delivered_at: now, updated_at: now });
  return true;
}

/** Delivers a job now: every project moves to done (POST /v2/jobs/{id}/deliver, auto-deliver). */
export async function deliverJob(tx: Db, jobId: number, now: number): Promise<void> {
  const projects = await tx
    .selectFrom('projects')
    .select('id')
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
  for (const { id } of projects) await advanceProject(tx, id, now, { toDone: true });
  await deliverIfComplete(tx, jobId, now);
}
