import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReceiver } from '../../receiver/cli.ts';
import { runAction } from '../support/action-runner.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { repoRoot, runCli } from '../support/processes.ts';

const fixture = join(repoRoot, 'test/fixtures/json/ascii-escaped.json');
const ended = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const cli = runCli(args, env);
  const code = await cli.exit;
  return { code, stdout: cli.stdout, stderr: cli.stderr.join('') };
};

describe('svc-connector --version', () => {
  it('prints the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(await ended(['--version'])).toEqual({ code: 0, stdout: [version], stderr: '' });
  });
});

describe('language tags on the command line', () => {
  it('extract --target-lang fr_ca is read as fr-CA', async () => {
    const { code, stdout } = await ended(['extract', fixture, '--target-lang', 'fr_ca']);
    expect(code).toBe(0);
    expect(stdout.join('\n')).toContain('source-language="en" target-language="fr-CA"');
  });

  it('a tag that stays unusable is refused with the config’s message, naming the option', async () => {
    expect(await ended(['extract', fixture, '--target-lang', 'fr_XX'])).toMatchObject({
      code: 1,
      stderr: 'svc-connector: --target-lang: unknown region "XX" in "fr-XX"\n',
    });
    expect(await ended(['extract', fixture, '--source-lang', 'english'])).toMatchObject({
      code: 1,
      stderr:
        'svc-connector: --source-lang: unsupported language tag "english": use a language with an optional script and region, like "fr-CA" or "zh-Hans"\n',
    });
  });
});

describe('errors caused by environment variables name them', () => {
  it('LOG_LEVEL and SVC_DATABASE_URL (server)', async () => {
    expect(await ended(['server', '--port', '0'], { LOG_LEVEL: 'loud' })).toMatchObject({
      code: 1,
      stderr:
        'svc-connector: LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent\n',
    });
    expect(await ended(['server', '--port', '0'], { SVC_DATABASE_URL: 'mysql://db/svc' })).toMatchObject({
      code: 1,
      stderr:
        'svc-connector: SVC_DATABASE_URL: unsupported database URL "mysql://db/svc": use sqlite:PATH, sqlite::memory: or postgres://user:pass@host/db\n',
    });
  });

  it('SVC_WEBHOOK_SECRET, SVC_RECEIVER_DATABASE_URL, SVC_API_URL and GITHUB_API_URL (receiver)', async () => {
    const base = {
      SVC_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
      SVC_RECEIVER_DATABASE_URL: 'sqlite::memory:',
      SVC_API_KEY: 'svc_test',
      RECEIVER_ALLOWED_REPOS: 'acme/*',
      GITHUB_TOKEN: 'ghp_test',
    };
    const start = (env: NodeJS.ProcessEnv) =>
      runReceiver(
        { port: '0', host: '127.0.0.1' },
        { env: { ...base, ...env }, log: pino({ level: 'silent' }) },
      );
    await expect(start({ SVC_WEBHOOK_SECRET: 'whsec_not base64!' })).rejects.toThrow(
      'SVC_WEBHOOK_SECRET: [webhooks] a webhook secret must be whsec_ followed by base64',
    );
    await expect(start({ SVC_RECEIVER_DATABASE_URL: 'receiver.db' })).rejects.toThrow(
      'SVC_RECEIVER_DATABASE_URL: unsupported database URL "receiver.db": use sqlite:PATH, sqlite::memory: or postgres://user:pass@host/db',
    );
    await expect(start({ SVC_API_URL: 'platform:8080' })).rejects.toThrow(
      'SVC_API_URL: "platform:8080" is not a valid URL (http:// or https://)',
    );
    await expect(start({ GITHUB_API_URL: 'ghe.example.com/api/v3' })).rejects.toThrow(
      'GITHUB_API_URL: "ghe.example.com/api/v3" is not a valid URL (http:// or https://)',
    );
  });
});

describe('the Action (its sources, run as the runner runs them)', () => {
  let p: TestPlatform;
  let workspace: string;
  beforeAll(async () => {
    p = await startPlatform();
    workspace = mkdtempSync(join(tmpdir(), 'svc-action-nomatch-'));
    const put = async (path: string, text: string) => {
      await mkdir(dirname(join(workspace, path)), { recursive: true });
      await writeFile(join(workspace, path), text);
    };
    await put(
      '.svc.yml',
      'source: en\ntargets: [de]\nfiles:\n  - source: i18n/en.json\n    translation: i18n/%lang%.json\n  - source: docs/*.md\n    translation: docs/%lang%/%file%\n',
    );
    await put('i18n/en.json', '{ "title": "Welcome" }\n');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  });
  afterAll(() => p.close());

  it('annotates a files: pattern that matches no file with a warning naming it', async () => {
    const run = await runAction({
      entry: 'src/action/index.ts',
      inputs: { 'api-url': p.url, 'api-key': p.key, 'dry-run': 'true' },
      workspace,
      repository: 'acme/app',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout.split('\n'), run.stdout).toContain(
      // The runner's workflow command; it decodes %3A back to ":".
      '::warning title=svc-connector%3A no files,file=.svc.yml::files[1].source "docs/*.md" matches no file',
    );
  });
});
