/**
 * The webhook outbox does not grow for ever: finished messages older than the retention go with
 * their deliveries and attempts; a message still being retried stays however old it is. On the
 * engine under test (SVC_TEST_DB).
 */
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../server/settings.ts';
import { createOrganization } from '../../server/store/accounts.ts';
import type { WebhookDeliveryStatus } from '../../server/store/schema.ts';
import { pruneWebhookMessages } from '../../server/store/webhooks.ts';
import { createWebhooks } from '../../server/webhooks/index.ts';
import { createWorker } from '../../server/work/worker.ts';
import { eachPlatformDatabase } from '../support/platform-db.ts';

const DAY = 86_400_000;
let organizationId: number;
let configurationId: number;

const database = eachPlatformDatabase();

beforeEach(async () => {
  organizationId = await createOrganization(database().db, 'acme', 0);
  ({ id: configurationId } = await database()
    .db.insertInto('webhook_configurations')
    .values({
      organization_id: organizationId,
      name: 'hook',
      url: 'https://hooks.example.com/svc',
      event_types: '["JOB_DELIVER"]',
      secret: 'whsec_x',
      previous_secret: null,
      previous_secret_until: null,
      enabled: 1,
      disabled_reason: null,
      created_at: 0,
      updated_at: 0,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
});

/** A message created at `at` with one delivery per status given, each with one attempt. */
async function message(id: string, at: number, statuses: WebhookDeliveryStatus[]) {
  const db = database().db;
  await db
    .insertInto('webhook_messages')
    .values({
      id,
      organization_id: organizationId,
      event_type: 'JOB_DELIVER',
      body: '{}',
      request_id: null,
      created_at: at,
    })
    .execute();
  for (const status of statuses) {
    const { id: deliveryId } = await db
      .insertInto('webhook_deliveries')
      .values({
        message_id: id,
        configuration_id: configurationId,
        organization_id: organizationId,
        status,
        attempts: 1,
        first_failed_at: null,
        next_attempt_at: status === 'pending' ? at + DAY : null,
        last_attempt_at: at,
        last_status_code: 200,
        last_error: null,
        delivered_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('webhook_attempts')
      .values({
        delivery_id: deliveryId,
        attempted_at: at,
        status_code: 200,
        duration_ms: 5,
        response_excerpt: null,
        error: null,
      })
      .execute();
  }
}

async function left() {
  const db = database().db;
  const ids = (await db.selectFrom('webhook_messages').select('id').orderBy('id').execute()).map((r) => r.id);
  const deliveries = await db.selectFrom('webhook_deliveries').select('message_id').execute();
  const attempts = await db.selectFrom('webhook_attempts').select('id').execute();
  return { ids, deliveries: deliveries.length, attempts: attempts.length };
}

describe('webhook retention', () => {
  it('deletes finished messages older than the cut-off with their deliveries and attempts', async () => {
    const now = 100 * DAY;
    await message('msg_old_done', now - 40 * DAY, ['succeeded', 'failed']);
    await message('msg_old_disabled', now - 31 * DAY, ['disabled']);
    await message('msg_old_retrying', now - 60 * DAY, ['succeeded', 'pending']);
    await message('msg_recent', now - 2 * DAY, ['succeeded']);
    expect(await pruneWebhookMessages(database().db, now - 30 * DAY)).toBe(2);
    expect(await left()).toEqual({ ids: ['msg_old_retrying', 'msg_recent'], deliveries: 3, attempts: 3 });
    expect(await pruneWebhookMessages(database().db, now - 30 * DAY)).toBe(0);
  });

  it('the worker prunes by the configured retention as part of its housekeeping', async () => {
    const now = 100 * DAY;
    await message('msg_9_days', now - 9 * DAY, ['succeeded']);
    await message('msg_6_days', now - 6 * DAY, ['succeeded']);
    const log = pino({ level: 'silent' });
    const webhooks = createWebhooks({
      db: database().db,
      now: () => now,
      log,
      random: (n) => Buffer.alloc(n),
      settings: readSettings({ SVC_WEBHOOK_RETENTION_DAYS: '7' }).webhooks,
    });
    const failing = async () => {
      throw new Error('housekeeping broke');
    };
    const worker = createWorker({
      db: database().db,
      dialect: database().dialect,
      log,
      now: () => now,
      handlers: {},
      maintenance: [failing, webhooks.prune],
    });
    worker.start();
    await worker.idle();
    await worker.stop();
    // A failing task is logged and does not keep the others from running.
    expect((await left()).ids).toEqual(['msg_6_days']);
  });

  it('SVC_WEBHOOK_RETENTION_DAYS must be a positive number of days', () => {
    const retentionDaysFrom = (env: NodeJS.ProcessEnv) => readSettings(env).webhooks.retentionDays;
    expect(retentionDaysFrom({})).toBe(30);
    expect(retentionDaysFrom({ SVC_WEBHOOK_RETENTION_DAYS: '0.5' })).toBe(0.5);
    for (const bad of ['0', '-3', 'forever'])
      expect(() => retentionDaysFrom({ SVC_WEBHOOK_RETENTION_DAYS: bad })).toThrow(
        /SVC_WEBHOOK_RETENTION_DAYS must be a positive number of days/,
      );
  });
});
