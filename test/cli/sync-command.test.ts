import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MtError, offlineProvider } from '../../server/engine/mt/index.ts';
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

  it('--dry-run lists what it would upload in plain text, uploads nothing, and writes Markdown only to GITHUB_STEP_SUMMARY', async () => {
    const stepSummary = join(dir, '..', `${dir.split('/').pop()}-summary.md`);
    const cli = runCli(['sync', '--dir', dir, '--dry-run'], {
      SVC_API_URL: p.url,
      SVC_API_KEY: p.key,
      GITHUB_STEP_SUMMARY: stepSummary,
    });
    expect(await cli.exit).toBe(0);
    expect(cli.stdout).toEqual([
      'svc-connector: instant mode (dry run)',
      '',
      'Would upload 1 file(s), skipped 0 unchanged.',
      '',
      '  File          Words  Languages  Translations',
      '  i18n/en.json  1      de         —',
    ]);
    const markdown = await readFile(stepSummary, 'utf8');
    expect(markdown).toContain('### svc-connector: instant mode (dry run)');
    expect(markdown).toContain('Would upload **1** file(s)');
    expect(markdown).toContain('| `i18n/en.json` | 1 | de | — |');
    expect(await (await p.call('/v2/files')).json()).toEqual([]);
  });

  it('warns on stderr, naming it, about a files: pattern that matches no file', async () => {
    await put(
      'typo.yml',
      'source: en\ntargets: [de]\nmode: instant\nfiles:\n  - source: i18n/en.json\n    translation: i18n/%lang%.json\n  - source: docs/*.md\n    translation: docs/%lang%/%file%\n',
    );
    const cli = runCli(['sync', '--dir', dir, '--dry-run', '--config', 'typo.yml'], {
      SVC_API_URL: p.url,
      SVC_API_KEY: p.key,
    });
    expect(await cli.exit).toBe(0);
    expect(cli.stderr.join('').split('\n')).toContain('warning: files[1].source "docs/*.md" matches no file');
  });

  it('names SVC_API_URL when it is not a URL', async () => {
    const cli = runCli(['sync', '--dir', dir, '--dry-run'], {
      SVC_API_URL: 'platform.local',
      SVC_API_KEY: p.key,
    });
    expect(await cli.exit).toBe(1);
    expect(cli.stderr.join('')).toBe(
      'svc-connector: SVC_API_URL: "platform.local" is not a valid URL (http:// or https://)\n',
    );
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

describe('svc-connector sync --write over existing translations', () => {
  let q: TestPlatform;
  let work: string;
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(work, path)), { recursive: true });
    await writeFile(join(work, path), text);
  };
  const run = () =>
    runCli(['sync', '--dir', work, '--write', '--repo', 'acme/cli-existing', '--ref', 'main'], {
      SVC_API_URL: q.url,
      SVC_API_KEY: q.key,
    });

  beforeAll(async () => {
    // French MT is down: its translations fail once the platform's retries are spent.
    const offline = offlineProvider();
    q = await startPlatform({
      mt: {
        name: 'half-down',
        translate: async (req) => {
          if (req.trglang === 'fr') throw new MtError('half-down', 'French is unavailable', { status: 503 });
          return offline.translate(req);
        },
      },
    });
    work = await mkdtemp(join(tmpdir(), 'svc-cli-existing-'));
    await write(
      '.svc.yml',
      'source: en\ntargets: [de, fr]\nmode: instant\nfiles:\n  - source: i18n/en.json\n    translation: i18n/%lang%.json\n',
    );
    await write('i18n/en.json', '{\n  "title": "Welcome",\n  "save": "Save"\n}\n');
    await write('i18n/de.json', '{\n  "title": "Willkommen"\n}\n');
  });

  afterAll(async () => {
    await q.close();
    await rm(work, { recursive: true, force: true });
  });

  it('writes what succeeded, names each failed translation, exits 1, and prints progress while waiting', async () => {
    const cli = run();
    expect(await cli.exit).toBe(1);
    expect(cli.stdout).toContain('wrote i18n/de.json');
    expect(cli.stdout).not.toContain('wrote i18n/fr.json');
    const stderr = cli.stderr.join('');
    expect(stderr).toMatch(/^2 of 2 translations ready$/m);
    expect(stderr).toMatch(
      /^i18n\/en\.json → fr: translation failed: Machine_translation_failed: half-down: French is unavailable$/m,
    );
    const de = JSON.parse(await readFile(join(work, 'i18n/de.json'), 'utf8'));
    expect(de.title).toBe('Willkommen');
    expect(de.save).not.toBe('Save');
  });

  it('rebuilds a deleted target although its source did not change: deliveries come back as they were, people’s words from the memory', async () => {
    const before = await readFile(join(work, 'i18n/de.json'), 'utf8');
    await rm(join(work, 'i18n/de.json'));
    const cli = run();
    await cli.exit;
    expect(cli.stdout).toContain('wrote i18n/de.json');
    // German `save` is written again as delivered, not sent; German `title` (a person's, taught to
    // the memory) goes out and the memory answers it; French's two units go out and still fail.
    expect(cli.stdout).toContain('Sent 3 unit(s) for translation; wrote 1 file(s).');
    expect(JSON.parse(await readFile(join(work, 'i18n/de.json'), 'utf8'))).toEqual(JSON.parse(before));
  });
});

describe('svc-connector sync --write with removed_keys: keep-until-merged', () => {
  it('keeps a removed key off the default branch (the clone’s origin/HEAD) and removes it on it', async () => {
    const work = await mkdtemp(join(tmpdir(), 'svc-cli-removed-'));
    const write = async (path: string, text: string) => {
      await mkdir(dirname(join(work, path)), { recursive: true });
      await writeFile(join(work, path), text);
    };
    await write(
      '.svc.yml',
      'source: en\ntargets: [de]\nmode: instant\nremoved_keys: keep-until-merged\nfiles:\n  - source: i18n/en.json\n    translation: i18n/%lang%.json\n',
    );
    await write('i18n/en.json', '{\n  "title": "Welcome"\n}\n');
    await write('i18n/de.json', '{\n  "title": "Willkommen",\n  "old": "Alt"\n}\n');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: work });
    git('init', '-q', '-b', 'main');
    git('remote', 'add', 'origin', 'https://github.com/acme/cli-removed.git');
    git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    const run = (ref: string) =>
      runCli(['sync', '--dir', work, '--write', '--ref', ref], { SVC_API_URL: p.url, SVC_API_KEY: p.key });
    try {
      const feature = run('feature');
      expect(await feature.exit).toBe(0);
      expect(feature.stderr.join('')).toContain(
        'i18n/de.json (de): removed from the source, kept in the target until the change is on the default branch: "old"',
      );
      expect(await readFile(join(work, 'i18n/de.json'), 'utf8')).toContain('"old": "Alt"');
      const main = run('main');
      expect(await main.exit).toBe(0);
      expect(await readFile(join(work, 'i18n/de.json'), 'utf8')).toBe('{\n  "title": "Willkommen"\n}\n');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);
});
