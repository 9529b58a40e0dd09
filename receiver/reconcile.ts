import type { Logger } from 'pino';
import type { Client } from '../src/api/index.ts';
import { instantTranslationsMentioned, type NewEvent, storeEvents } from './store/inbox.ts';
import type { ReceiverDb } from './store/schema.ts';

export interface ReconcileDeps {
  client: Client;
  db: ReceiverDb;
  log: Logger;
  now?: () => number;
  /** How far back instant translations are looked for (default 7 days). */
  lookbackMs?: number;
}

/**
 * Finds what webhooks may have missed and puts it in the inbox as if it had been delivered:
 * delivered jobs not yet archived (the receiver archives a job once its PR is written), and
 * instant translations that finished (ReadyForDownload or Failed) within the lookback and that no
 * event in the inbox mentions. The synthetic webhook ids (`reconcile:job:<id>:<deliveredAt>`,
 * `reconcile:translation:<id>`) dedupe repeated passes; the handlers skip archived jobs, so a
 * webhook and a reconcile pass for the same job still make one commit.
 */
export function createReconcile(deps: ReconcileDeps): () => Promise<void> {
  const now = deps.now ?? Date.now;
  const lookbackMs = deps.lookbackMs ?? 7 * 24 * 60 * 60_000;
  return async () => {
    const events: NewEvent[] = [];
    const at = now();
    for (let offset = 0; ; offset += 50) {
      const jobs = await deps.client.jobs.list({ isDelivered: true, isArchived: false, offset, limit: 50 });
      for (const job of jobs) {
        if (job.status !== 'delivered') continue;
        events.push({
          webhookId: `reconcile:job:${job.id}:${job.deliveredAt ?? ''}`,
          type: 'JOB_DELIVER',
          payload: JSON.stringify({
            eventType: 'JOB_DELIVER',
            id: job.id,
            name: job.name,
            due: job.due,
            isDelivered: true,
          }),
          receivedAt: at,
          status: 'pending',
        });
      }
      if (jobs.length < 50) break;
    }

    const since = Math.floor((at - lookbackMs) / 1000);
    const finished = [
      ...(await deps.client.instant.status({ status: 'ReadyForDownload', fromTime: since })),
      ...(await deps.client.instant.status({ status: 'Failed', fromTime: since })),
    ];
    if (finished.length > 0) {
      const known = await instantTranslationsMentioned(deps.db, at - lookbackMs - 24 * 60 * 60_000);
      for (const t of finished) {
        if (known.has(t.id)) continue;
        const type = t.status === 'Failed' ? 'INSTANT_TRANSLATE_FAILED' : 'INSTANT_TRANSLATE_COMPLETED';
        events.push({
          webhookId: `reconcile:translation:${t.id}`,
          type,
          payload: JSON.stringify({ eventType: type, translationId: t.id, fileId: t.fileId }),
          receivedAt: at,
          status: 'pending',
        });
      }
    }
    if (events.length === 0) return;
    const stored = (await storeEvents(deps.db, events)).filter((r) => !r.duplicate).length;
    if (stored > 0) deps.log.info({ stored }, 'reconcile found work the webhooks had not brought');
  };
}
