import type { Selectable } from 'kysely';
import type { Db } from '../../store/db.ts';
import type { JobsTable, ProjectsTable } from '../../store/schema.ts';
import { emitEvent } from '../../webhooks/emit.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** JOB_UPDATE or JOB_DELIVER for a job as it is now (call inside the transaction that changed it). */
export function jobEvent(
  db: Db,
  now: number,
  type: 'JOB_UPDATE' | 'JOB_DELIVER',
  job: Selectable<JobsTable>,
) {
  return emitEvent(db, now, {
    organizationId: job.organization_id,
    type,
    payload: {
      OrganizationId: job.organization_id,
      id: job.id,
      name: job.name,
      due: iso(job.due),
      isDelivered: job.status === 'delivered' || (job.status === 'archived' && job.delivered_at !== null),
      ...(job.delivered_at !== null ? { deliveredAt: iso(job.delivered_at) } : {}),
    },
  });
}

export function projectUpdateEvent(
  db: Db,
  now: number,
  project: Selectable<ProjectsTable>,
  due: number | null,
) {
  return emitEvent(db, now, {
    organizationId: project.organization_id,
    type: 'PROJECT_UPDATE',
    payload: { OrganizationId: project.organization_id, id: project.id, name: project.name, due: iso(due) },
  });
}

export function projectDeliverEvent(db: Db, now: number, project: Selectable<ProjectsTable>) {
  return emitEvent(db, now, {
    organizationId: project.organization_id,
    type: 'PROJECT_DELIVER',
    payload: { OrganizationId: project.organization_id, id: project.id },
  });
}
