/**
 * The npm package (issue 11, Distribution): `npm pack` compiles the sources into lib/ at prepack,
 * and the tarball installed into an empty folder runs its `svc-connector` bin from node_modules —
 * where Node would refuse to strip TypeScript types.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runScript } from '../support/processes.ts';
import { freePort } from '../support/receiver.ts';

const work = mkdtempSync(join(tmpdir(), 'svc-package-'));
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
let bin: string;

beforeAll(() => {
  // Pack a copy of the files git knows, so prepack's lib/ never appears in the working tree under
  // other tests.
  const copy = join(work, 'repo');
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).split('\0');
  for (const path of tracked.filter(Boolean)) {
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    try {
      cpSync(join(repoRoot, path), join(copy, path));
    } catch (err) {
      // A tracked file deleted in the working tree is simply not packed.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'));
  npm(['pack', '--pack-destination', work], copy);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;

  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{"name":"consumer","private":true}\n');
  npm(['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball)], app);
  bin = join(app, 'node_modules', '.bin', 'svc-connector');
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed npm package', () => {
  it('ships compiled JavaScript and no TypeScript sources', () => {
    const listing = execFileSync(
      'tar',
      ['-tzf', join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!)],
      {
        encoding: 'utf8',
      },
    ).split('\n');
    expect(listing).toContain('package/lib/src/cli/main.js');
    expect(listing).toContain('package/lib/server/app.js');
    expect(listing).toContain('package/lib/receiver/main.js');
    expect(listing.filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('runs `svc-connector server` from node_modules: the API answers with the bootstrap key', async () => {
    const port = await freePort();
    const data = join(work, 'data');
    const server = runScript(
      bin,
      ['server', '--port', String(port), '--db', `sqlite:${join(data, 'platform.db')}`],
      {
        cwd: join(work, 'app'),
      },
    );
    try {
      const [, key] = (await server.waitFor(/^SVC_API_KEY=(svc_\S+)$/, 30_000)) as RegExpMatchArray;
      await server.waitFor(/platform listening on/, 30_000);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const auth = `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;
      const languages = await fetch(`${base}/v2/languages`, { headers: { authorization: auth } });
      expect(languages.status).toBe(200);
      const body = (await languages.json()) as { code_to_name: Record<string, string> };
      expect(body.code_to_name.de).toBe('German');
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('runs `svc-connector receiver --help` from node_modules', async () => {
    const help = runScript(bin, ['receiver', '--help'], { cwd: join(work, 'app') });
    expect(await help.exit).toBe(0);
    expect(help.stdout.join('\n')).toMatch(/Usage: svc-connector receiver/);
  });
});
