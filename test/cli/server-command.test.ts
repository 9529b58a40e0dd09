import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/main.ts';
import { basic } from '../support/platform.ts';
import { runCli } from '../support/processes.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'svc-cli-'));

describe('svc-connector server', () => {
  it('bootstraps an empty database once: prints SVC_API_KEY, writes --key-file, and stops on SIGTERM', async () => {
    const dir = tmp();
    const db = `sqlite:${join(dir, 'p.db')}`;
    const keyFile = join(dir, 'key');
    const first = runCli(['server', '--port', '0', '--db', db, '--key-file', keyFile]);
    const key = (await first.waitFor(/^SVC_API_KEY=(svc_[0-9a-f]{40})$/))[1]!;
    const url = (await first.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
    expect(readFileSync(keyFile, 'utf8')).toBe(`${key}\n`);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const res = await fetch(`${url}/v2/api-keys`, { headers: { authorization: basic(key) } });
    expect(res.status).toBe(200);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = runCli(['server', '--port', '0', '--db', db]);
    await second.waitFor(/listening on/);
    expect(second.stdout.join('\n')).not.toMatch(/SVC_API_KEY/);
    await second.stop();
  });

  it('refuses plain HTTP on a non-loopback address', async () => {
    const cli = runCli(['server', '--port', '0', '--host', '0.0.0.0', '--db', 'sqlite::memory:']);
    const code = await new Promise((resolve) => cli.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(cli.stderr.join('')).toMatch(/refusing plain HTTP on 0\.0\.0\.0.*--tls-cert.*--trust-proxy/);
  });

  it('explains itself in --help', () => {
    const out = execFileSync(process.execPath, ['src/cli/main.ts', 'server', '--help'], { encoding: 'utf8' });
    for (const word of ['--db', '--key-file', '--tls-cert', 'SVC_API_KEY', 'Basic key:key', 'Examples'])
      expect(out).toContain(word);
  });

  it('a bad --port is a clear error', async () => {
    const cli = runCli(['server', '--port', 'eighty']);
    await new Promise((resolve) => cli.child.once('exit', resolve));
    expect(cli.child.exitCode).toBe(1);
    expect(cli.stderr.join('')).toMatch(/--port must be/);
  });
});

describe.runIf(existsSync('/usr/bin/openssl'))('HTTPS', () => {
  it('serves HTTPS with --tls-cert/--tls-key', async () => {
    const dir = tmp();
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const server = await startServer({
      port: 0,
      databaseUrl: 'sqlite::memory:',
      tlsCert: join(dir, 'cert.pem'),
      tlsKey: join(dir, 'key.pem'),
      env: { LOG_LEVEL: 'silent' },
    });
    try {
      expect(server.url).toMatch(/^https:\/\//);
      const status = await new Promise<number>((resolve, reject) => {
        https
          .get(
            `${server.url}/v2/api-keys`,
            { rejectUnauthorized: false, headers: { authorization: basic(server.bootstrapKey!) } },
            (res) => {
              res.resume();
              resolve(res.statusCode!);
            },
          )
          .on('error', reject);
      });
      expect(status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing the database', async () => {
    const server = await startServer({
      port: 0,
      databaseUrl: 'sqlite::memory:',
      env: { LOG_LEVEL: 'silent' },
    });
    const inFlight = fetch(`${server.url}/v2/languages`, {
      headers: { authorization: basic(server.bootstrapKey!) },
    }).then(async (r) => ({ status: r.status, size: (await r.arrayBuffer()).byteLength }));
    // In flight: the server has the request (a fixed sleep raced the connection on a busy machine).
    await once(server.server, 'request');
    const closed = server.close();
    const done = await inFlight;
    await closed;
    expect(done.status).toBe(200);
    expect(done.size).toBeGreaterThan(100_000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
