import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { repoRoot } from '../support/processes.ts';

let p: TestPlatform;
let workspace: string;
let envFile: string;

beforeAll(async () => {
  p = await startPlatform();
  const dir = mkdtempSync(join(tmpdir(), 'svc-local-action-'));
  workspace = join(dir, 'ws');
  cpSync(join(repoRoot, 'examples/app'), workspace, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  envFile = join(dir, '.env');
  // The README's Development section shows the same file.
  writeFileSync(
    envFile,
    [
      `LOCAL_ACTION_WORKSPACE=${workspace}`,
      `INPUT_API-URL=${p.url}`,
      `INPUT_API-KEY=${p.key}`,
      `GITHUB_WORKSPACE=${workspace}`,
      'GITHUB_REPOSITORY=acme/example-app',
      'GITHUB_REF=refs/heads/main',
      `GITHUB_SHA=${git('rev-parse', 'HEAD')}`,
      '',
    ].join('\n'),
  );
});
afterAll(() => p.close());

describe('@github/local-action runs the Action’s sources against a local platform', () => {
  it('uploads the example app and creates a job, printing the outputs', async () => {
    const { stdout } = await promisify(execFile)(
      join(repoRoot, 'node_modules/.bin/local-action'),
      ['run', repoRoot, 'src/action/main.ts', envFile],
      { cwd: repoRoot, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const lines = stdout.split('\n');
    expect(lines).toContain('::info::3 changed, 0 unchanged, 0 not parsable');
    expect(lines).toContain('::set-output name=uploaded-count::3');
    expect(lines).toContain('::set-output name=job-id::1');
    expect(stdout).not.toContain('::error::');
    const jobs = (await (await p.call('/v2/jobs')).json()) as unknown[];
    expect(jobs).toHaveLength(1);
  }, 180_000);
});
