import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryOfRemote } from '../../src/cli/sync-command.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { runCli } from '../support/processes.ts';

let p: TestPlatform;
let dir: string;

async function put(path: string, text: string) {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

beforeAll(async () => {
  p = await startPlatform();
  dir = await mkdtemp(join(tmpdir(), 'svc-cli-sync-'));
  await put(
    '.svc.yml',
    'source: en\ntargets: [de]\nmode: instant\nfiles:\n  - source: i18n/en.json\n    translation: i18n/%lang%.json\n',
  );
  await put('i18n/en.json', '{\n  "title": "Welcome"\n}\n');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  execFileSync('git', ['remote', 'add', 'origin', 'https://github.com/acme/cli-app.git'], { cwd: dir });
});

afterAll(async () => {
  await p.close();
  await rm(dir, { recursive: true, force: true });
});

describe('svc-connector sync', () => {
  it('reads the repository from the origin remote', () => {
    expect(repositoryOfRemote('https://github.com/acme/app.git')).toEqual({ owner: 'acme', repo: 'app' });
    expect(repositoryOfRemote('git@github.com:acme/app.git')).toEqual({ owner: 'acme', repo: 'app' });
  });

  it('--dry-run lists what it would upload and uploads nothing', async () => {
    const cli = runCli(['sync', '--dir', dir, '--dry-run'], { SVC_API_URL: p.url, SVC_API_KEY: p.key });
    expect(await cli.exit).toBe(0);
    expect(cli.stdout.join('\n')).toContain('Would upload **1** file(s)');
    expect(await (await p.call('/v2/files')).json()).toEqual([]);
  });

  it('--write translates instantly and writes the translation at its configured path', async () => {
    const cli = runCli(['sync', '--dir', dir, '--write', '--ref', 'main'], {
      SVC_API_URL: p.url,
      SVC_API_KEY: p.key,
    });
    expect(await cli.exit).toBe(0);
    expect(cli.stdout).toContain('wrote i18n/de.json');
    const written = JSON.parse(await readFile(join(dir, 'i18n/de.json'), 'utf8'));
    expect(Object.keys(written)).toEqual(['title']);
  });

  it('fails with one clear line when the API key is wrong', async () => {
    const cli = runCli(['sync', '--dir', dir], { SVC_API_URL: p.url, SVC_API_KEY: 'svc_wrong' });
    expect(await cli.exit).toBe(1);
    expect(cli.stderr.join('')).toMatch(/refused the API key \(401\)/);
    expect(cli.stderr.join('')).not.toMatch(/\n\s+at /);
  });
});
