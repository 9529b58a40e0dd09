import { Command } from 'commander';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { receiverCommand, runReceiver } from '../../receiver/cli.ts';
import type { ReceiverServicesFactory } from '../../receiver/contracts.ts';
import { GITHUB_NOT_CONFIGURED } from '../../receiver/github-access.ts';
import { receiverSettingsFromEnv, secretsFromEnv } from '../../receiver/settings.ts';
import { composeServices } from '../../receiver/start.ts';
import {
  enqueue,
  jobDeliver,
  queueRow,
  receiverTestDatabase,
  recordingPhases,
  SECRET,
  signed,
} from './support/index.ts';

let db: Awaited<ReturnType<typeof receiverTestDatabase>>;
beforeEach(async () => {
  db = await receiverTestDatabase();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.drop();
});

/** Runs `svc receiver …ARGS` in this process and returns what it printed. */
async function cli(args: string[]): Promise<string> {
  const program = new Command('svc').exitOverride();
  receiverCommand(program, async () => {
    throw new Error('dead-letters must not build the services');
  });
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(['node', 'svc', 'receiver', ...args]);
  } finally {
    vi.restoreAllMocks();
  }
  return out;
}

async function deadEvent(): Promise<number> {
  const [id] = await enqueue(db.database, 1000, [{ group: 'g' }]);
  await db.database.db
    .updateTable('receiver_queue')
    .set({ status: 'dead', attempts: 8, last_error: 'GitHub: 404 Not Found', updated_at: 2000 })
    .where('event_id', '=', id!)
    .execute();
  return id!;
}

describe('receiver dead-letters', () => {
  it('lists dead events with id, type, webhook id, attempts and the last error', async () => {
    expect(await cli(['dead-letters', '--db', db.url])).toBe('no dead letters\n');
    const id = await deadEvent();
    const out = await cli(['dead-letters', '--db', db.url]);
    const [head, row] = out.trimEnd().split('\n');
    expect(head).toMatch(/^ID\s+TYPE\s+WEBHOOK ID\s+ATTEMPTS\s+DIED\s+LAST ERROR$/);
    expect(row).toMatch(
      new RegExp(
        `^${id}\\s+TEST\\s+msg_test_\\S+\\s+8\\s+1970-01-01T00:00:02.000Z\\s+GitHub: 404 Not Found$`,
      ),
    );
  });

  it('--retry puts a dead event back in line with attempts 0; an unknown id is an error', async () => {
    const id = await deadEvent();
    expect(await cli(['dead-letters', '--retry', String(id), '--db', db.url])).toBe(
      `event ${id} is pending again; a running receiver picks it up\n`,
    );
    expect(await queueRow(db.database, id)).toMatchObject({ status: 'pending', attempts: 0, grouped: 0 });
    await expect(cli(['dead-letters', '--retry', String(id), '--db', db.url])).rejects.toThrow(
      `no dead event with id ${id}`,
    );
    await expect(cli(['dead-letters', '--retry', 'abc', '--db', db.url])).rejects.toThrow(
      /needs an event id/,
    );
  });
});

describe('receiver', () => {
  it('starts from the environment with the services the factory builds', async () => {
    const r = recordingPhases();
    let closed = false;
    const { running, services } = await runReceiver(
      { port: '0', host: '127.0.0.1' },
      {
        env: {
          SVC_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}, ${SECRET}`,
          SVC_RECEIVER_DATABASE_URL: db.url,
          SVC_API_KEY: 'svc_test',
          RECEIVER_ALLOWED_REPOS: 'acme/*',
        },
        createServices: async () => ({
          phases: r.phases,
          checkPlatform: async () => {},
          close: async () => {
            closed = true;
          },
        }),
        log: pino({ level: 'silent' }),
      },
    );
    try {
      const body = jobDeliver(1);
      const res = await fetch(`${running.url}/webhooks`, { method: 'POST', headers: signed(body), body });
      expect(res.status).toBe(202);
      await expect.poll(() => r.calls.length).toBe(1);
    } finally {
      await running.close();
      await services.close?.();
    }
    expect(closed).toBe(true);
  });

  it('refuses to start without a webhook secret or with a bad port', async () => {
    const context = {
      env: {},
      createServices: async () => ({
        phases: recordingPhases().phases,
        checkPlatform: async () => {},
      }),
    };
    await expect(runReceiver({ port: '0', host: '127.0.0.1' }, context)).rejects.toThrow(
      /SVC_WEBHOOK_SECRET is not set/,
    );
    await expect(runReceiver({ port: '70000', host: '127.0.0.1' }, context)).rejects.toThrow(
      /--port must be/,
    );
  });

  it('reads several secrets separated by spaces or commas', () => {
    expect(secretsFromEnv({ SVC_WEBHOOK_SECRET: ' whsec_YWJj,whsec_ZGVm  whsec_Z2hp ' })).toEqual([
      'whsec_YWJj',
      'whsec_ZGVm',
      'whsec_Z2hp',
    ]);
    expect(() => secretsFromEnv({ SVC_WEBHOOK_SECRET: 'whsec_YWJj whsec_a' })).toThrow(
      'SVC_WEBHOOK_SECRET: [webhooks] a webhook secret must be whsec_ followed by base64',
    );
  });
});

describe('receiver without GitHub access', () => {
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    SVC_WEBHOOK_SECRET: SECRET,
    SVC_RECEIVER_DATABASE_URL: db.url,
    SVC_API_KEY: 'svc_test',
    SVC_API_URL: 'http://127.0.0.1:9',
    SVC_RECEIVER_POLL_MS: '20',
    RECEIVER_ALLOWED_REPOS: 'acme/*',
    ...extra,
  });
  /** The real services from the environment, with a platform that answers /readyz. */
  const fromEnv: ReceiverServicesFactory = async (context) => ({
    ...(await composeServices(context)),
    checkPlatform: async () => {},
  });
  const capture = () => {
    const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { lines, log };
  };

  it('stores and acknowledges events, handles none, says so once and in /readyz; handles them after a restart with access', async () => {
    const first = capture();
    const stored = await runReceiver(
      { port: '0', host: '127.0.0.1' },
      { env: env(), createServices: fromEnv, log: first.log },
    );
    const body = jobDeliver(7);
    try {
      expect(stored.services.storeOnly).toBe(GITHUB_NOT_CONFIGURED);
      // Delivered twice (a redelivery keeps its webhook-id): stored once, acknowledged both times.
      const statuses = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${stored.running.url}/webhooks`, {
          method: 'POST',
          headers: signed(body, { id: 'msg_store_only' }),
          body,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([202, 200]);
      const ready = await fetch(`${stored.running.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        handling: false,
        reason:
          'events are stored, not handled: GitHub access is not configured: set GITHUB_TOKEN, or GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY',
      });
      // Ten poll intervals: a running worker would have tried the event by now.
      await new Promise((r) => setTimeout(r, 200));
      const rows = await db.database.db.selectFrom('receiver_queue').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await stored.running.close();
      await stored.services.close?.();
    }
    const said = first.lines.filter((l) => l.msg.includes('not handled'));
    expect(said.map((l) => [l.level, l.msg])).toEqual([
      [
        40,
        'events are stored, not handled: GitHub access is not configured: set GITHUB_TOKEN, or GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY; they are handled once the receiver restarts with it',
      ],
    ]);
    expect(first.lines.filter((l) => l.level >= 40)).toHaveLength(1);
    expect(JSON.stringify(first.lines)).not.toMatch(/"stack"|\n\s+at /);

    // With a token the services handle events: the one stored above is handled after the restart.
    const withToken = await fromEnv({
      settings: receiverSettingsFromEnv(env({ GITHUB_TOKEN: 'ghp_test' })),
      log: pino({ level: 'silent' }),
      db: db.database.db,
    });
    expect(withToken.storeOnly).toBeUndefined();
    await withToken.close?.();
    const r = recordingPhases();
    const handled = await runReceiver(
      { port: '0', host: '127.0.0.1' },
      {
        env: env({ GITHUB_TOKEN: 'ghp_test' }),
        createServices: async () => ({ phases: r.phases, checkPlatform: async () => {} }),
        log: pino({ level: 'silent' }),
      },
    );
    try {
      await expect.poll(() => r.calls.flat().map((e) => e.payload)).toEqual([JSON.parse(body)]);
      expect(await (await fetch(`${handled.running.url}/readyz`)).json()).toEqual({
        status: 'ready',
        handling: true,
      });
    } finally {
      await handled.running.close();
    }
  });

  it('a GitHub App half configured is an error naming the missing variable, not a store-only start', async () => {
    await expect(
      runReceiver(
        { port: '0', host: '127.0.0.1' },
        { env: env({ GITHUB_APP_ID: '12' }), createServices: fromEnv, log: pino({ level: 'silent' }) },
      ),
    ).rejects.toThrow('GITHUB_APP_ID is set but GITHUB_APP_PRIVATE_KEY is not: a GitHub App needs both');
  });
});
