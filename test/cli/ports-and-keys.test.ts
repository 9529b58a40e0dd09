import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/main.ts';
import { startLocalStack } from '../../src/cli/local-stack.ts';
import { PortInUseError } from '../../src/http/listen.ts';
import { basic } from '../support/platform.ts';
import { runCli } from '../support/processes.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'svc-ports-'));
const quiet = pino({ level: 'silent' });

let busy: Server;
let busyPort: number;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

describe('a port in use', () => {
  it('fails startServer within a second, before any database file exists', async () => {
    const dir = tmp();
    const started = Date.now();
    const error = await startServer({
      port: busyPort,
      databaseUrl: `sqlite:${join(dir, 'p.db')}`,
      log: quiet,
    }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe(`port ${busyPort} is in use (use --port)`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('svc-connector server exits 1 with "port N is in use (use --port)" and nothing else', async () => {
    const dir = tmp();
    const cli = runCli(['server', '--port', String(busyPort), '--db', `sqlite:${join(dir, 'p.db')}`]);
    expect(await cli.exit).toBe(1);
    expect(cli.stderr.join('')).toBe(`svc-connector: port ${busyPort} is in use (use --port)\n`);
    expect(cli.stdout).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('svc-connector up exits 1 naming --port for the platform and --receiver-port for the receiver', async () => {
    const dir = tmp();
    const platform = runCli(['up', '--data', dir, '--port', String(busyPort)]);
    expect(await platform.exit).toBe(1);
    expect(platform.stderr.join('')).toBe(`svc-connector: port ${busyPort} is in use (use --port)\n`);
    expect(readdirSync(dir)).toEqual([]);

    const receiver = runCli(['up', '--data', dir, '--port', '0', '--receiver-port', String(busyPort)], {
      GITHUB_TOKEN: 'ghp_test',
    });
    expect(await receiver.exit).toBe(1);
    expect(receiver.stderr.join('')).toBe(
      `svc-connector: port ${busyPort} is in use (use --receiver-port)\n`,
    );
    // Both ports are checked before anything starts.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('startLocalStack names --receiver-port when the receiver’s port is taken after the platform started', async () => {
    const dir = tmp();
    const error = await startLocalStack({
      dataDir: dir,
      port: 0,
      receiverPort: busyPort,
      env: { GITHUB_TOKEN: 'ghp_test' },
      log: quiet,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`port ${busyPort} is in use (use --receiver-port)`);
    // The platform had started: its key was kept for the next start.
    expect(readFileSync(join(dir, 'api-key'), 'utf8')).toMatch(/^svc_[0-9a-f]{40}\n$/);
  });
});

describe('the API key on a later start', () => {
  it('up issues a new key, printed and kept, when the key file beside an existing database is gone', async () => {
    const dir = tmp();
    const first = await startLocalStack({ dataDir: dir, port: 0, receiverPort: 0, env: {}, log: quiet });
    const firstKey = first.apiKey;
    expect(first.created).toBe(true);
    expect(first.reissued).toBe(false);
    await first.close();

    const again = await startLocalStack({ dataDir: dir, port: 0, receiverPort: 0, env: {}, log: quiet });
    expect(again.created).toBe(false);
    expect(again.apiKey).toBe(firstKey);
    await again.close();

    rmSync(join(dir, 'api-key'));
    const cli = runCli(['up', '--data', dir, '--port', '0', '--receiver-port', '0']);
    const key = (await cli.waitFor(/^SVC_API_KEY=(svc_[0-9a-f]{40})$/))[1]!;
    const url = (await cli.waitFor(/^platform listening on (http:\/\/\S+)$/))[1]!;
    expect(key).not.toBe(firstKey);
    expect(readFileSync(join(dir, 'api-key'), 'utf8')).toBe(`${key}\n`);
    expect(cli.stderr.join('')).toContain(
      `${join(dir, 'api-key')} was missing: issued admin@localhost a new API key (kept there)\n`,
    );
    const res = await fetch(`${url}/v2/api-keys`, { headers: { authorization: basic(key) } });
    expect(res.status).toBe(200);
    // The first key still works: a new key is added, none is taken away.
    const old = await fetch(`${url}/v2/api-keys`, { headers: { authorization: basic(firstKey) } });
    expect(old.status).toBe(200);
    expect(await cli.stop()).toBe(0);
  });

  it('server --key-file on an initialised database says how to get a key and writes nothing', async () => {
    const dir = tmp();
    const db = `sqlite:${join(dir, 'p.db')}`;
    const first = await startServer({ port: 0, databaseUrl: db, log: quiet });
    expect(first.bootstrapKey).toBeDefined();
    await first.close();
    const keyFile = join(dir, 'key');
    const cli = runCli(['server', '--port', '0', '--db', db, '--key-file', keyFile]);
    await cli.waitFor(/^platform listening on/);
    expect(cli.stderr.join('')).toContain(
      `database already initialised: its first API key was printed on its first start only, so ${keyFile} ` +
        'was not written; create another with a key you hold (POST /v2/api-keys)\n',
    );
    expect(existsSync(keyFile)).toBe(false);
    expect(await cli.stop()).toBe(0);
  });
});
