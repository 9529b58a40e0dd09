import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryWebUrl } from '../../src/cli/sync-command.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { makePng } from '../support/png.ts';
import { runCli } from '../support/processes.ts';

let p: TestPlatform;
let dir: string;

async function put(path: string, content: string | Buffer) {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
}

beforeAll(async () => {
  p = await startPlatform();
  dir = await mkdtemp(join(tmpdir(), 'svc-cli-shots-'));
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  execFileSync('git', ['remote', 'add', 'origin', 'git@github.com:acme/shots-app.git'], { cwd: dir });
});
afterAll(async () => {
  await p.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ SVC_API_URL: p.url, SVC_API_KEY: p.key });

describe('svc-connector screenshots upload DIR', () => {
  it('uploads, then reports an unchanged folder with one request; the repository comes from the remote', async () => {
    await put('shots/home.png', makePng(40, 30));
    await put(
      'shots/screenshots.json',
      JSON.stringify({ 'home.png': [{ key: 'home.title', box: { x: 1, y: 2, w: 10, h: 5 } }] }),
    );
    const first = runCli(['screenshots', 'upload', join(dir, 'shots')], env());
    expect(await first.exit).toBe(0);
    expect(first.stdout).toEqual([
      'uploaded: home.png',
      'screenshots: 1 uploaded, 0 replaced, 0 relabelled, 0 unchanged, 0 removed — 3 request(s)',
    ]);
    const files = (await (await p.call('/v2/files?labels=svc:screenshot')).json()) as { labels: string[] }[];
    expect(files.map((f) => f.labels)).toEqual([['repo:acme/shots-app', 'svc:screenshot']]);
    const again = runCli(['screenshots', 'upload', join(dir, 'shots')], env());
    expect(await again.exit).toBe(0);
    expect(again.stdout).toEqual([
      'screenshots: 0 uploaded, 0 replaced, 0 relabelled, 1 unchanged, 0 removed — 1 request(s)',
    ]);
  });

  it('a bad folder fails with every problem named, before any request', async () => {
    await put('bad/a.png', 'not a png');
    await put('bad/screenshots.yml', 'a.png: [k]\nb.png: [k]\n');
    const cli = runCli(['screenshots', 'upload', join(dir, 'bad')], {
      ...env(),
      SVC_API_URL: 'http://127.0.0.1:9',
    });
    expect(await cli.exit).toBe(1);
    expect(cli.stderr.join('\n').trimEnd()).toBe(
      `svc-connector: ${join(dir, 'bad')}: 2 problem(s) with the screenshots:\n  screenshots.yml: "b.png" names no PNG file in the folder\n  a.png is not a PNG image (the PNG signature is missing)`,
    );
  });
});

describe('svc-connector screenshots upload DIR --from-pseudo', () => {
  it('a screenshot whose text carries no marker fails before any request, naming the file', async () => {
    await put(
      'app/.svc.yml',
      "source: en\ntargets: [de]\nfiles:\n  - source: en.json\n    translation: '%lang%.json'\n",
    );
    await put('app/en.json', '{"home": {"title": "Welcome"}}');
    await put('app/shots/home.png', makePng(20, 10));
    await put('app/shots/home.txt', 'Welcome');
    const cli = runCli(
      ['screenshots', 'upload', join(dir, 'app/shots'), '--from-pseudo', '--root', join(dir, 'app')],
      { ...env(), SVC_API_URL: 'http://127.0.0.1:9' },
    );
    expect(await cli.exit).toBe(1);
    expect(cli.stderr.join('')).toBe(
      `svc-connector: ${join(dir, 'app/shots')}: 1 problem(s) with the screenshots:\n  home.txt: carries no key marker: the screenshot was not taken of a pseudo build made with \`svc-connector pseudo --mark-keys\` (or the text dump dropped the invisible characters)\n`,
    );
  });

  it('without a configuration the keys cannot be checked: said so', async () => {
    await put('none/shots/home.png', makePng(20, 10));
    await put('none/shots/home.txt', 'x');
    const cli = runCli(
      ['screenshots', 'upload', join(dir, 'none/shots'), '--from-pseudo', '--root', join(dir, 'none')],
      env(),
    );
    expect(await cli.exit).toBe(1);
    expect(cli.stderr.join('')).toBe(
      `svc-connector: .svc.yml: not found in ${join(dir, 'none')}: add one at the repository root (source, targets, files)\n`,
    );
  });
});

describe('repositoryWebUrl', () => {
  it('takes the host of the remote for the code links', () => {
    const repo = { owner: 'o', repo: 'r' };
    expect(repositoryWebUrl('git@ghe.example.com:o/r.git', repo)).toBe('https://ghe.example.com/o/r');
    expect(repositoryWebUrl('https://token@github.com/o/r.git', repo)).toBe('https://github.com/o/r');
    expect(repositoryWebUrl('ssh://git@ghe.example.com/o/r.git', repo)).toBe('https://ghe.example.com/o/r');
    expect(repositoryWebUrl(undefined, repo)).toBe('https://github.com/o/r');
  });
});
