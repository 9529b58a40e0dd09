import { Command } from 'commander';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { receiverCommand, runReceiver, secretsFromEnv } from '../../receiver/cli.ts';
import {
  enqueue,
  jobDeliver,
  queueRow,
  receiverTestDatabase,
  recordingDispatcher,
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
    const r = recordingDispatcher();
    let closed = false;
    const { running, services } = await runReceiver(
      { port: '0', host: '127.0.0.1' },
      {
        env: {
          SVC_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}, ${SECRET}`,
          SVC_RECEIVER_DATABASE_URL: db.url,
        },
        createServices: async () => ({
          dispatcher: r.dispatcher,
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
        dispatcher: recordingDispatcher().dispatcher,
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
    expect(secretsFromEnv({ SVC_WEBHOOK_SECRET: ' whsec_a,whsec_b  whsec_c ' })).toEqual([
      'whsec_a',
      'whsec_b',
      'whsec_c',
    ]);
  });
});
