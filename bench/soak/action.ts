import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkout, parseOutputs } from '../../test/support/action-runner.ts';
import { repoRoot } from '../../test/support/processes.ts';

export interface ActionTarget {
  /** The bare repository of the GitHub double (`gh.repoPath`). */
  bareRepo: string;
  /** `owner/name`. */
  repository: string;
  githubUrl: string;
  platformUrl: string;
  apiKey: string;
  /** The Action's bundle (see snapshotAction). */
  script: string;
}

/**
 * A copy of the committed bundle (dist/) under `dir`: the soak runs one build of the Action from
 * start to end, even when dist/ is rebuilt in the checkout while it runs.
 */
export async function snapshotAction(dir: string): Promise<string> {
  await cp(join(repoRoot, 'dist'), join(dir, 'dist'), { recursive: true });
  return join(dir, 'dist', 'index.js');
}

/**
 * One run of the Action on a fresh checkout of main, as a runner runs a node24 action after a
 * push (the environment test/support/action-runner.ts gives it). Resolves with its outputs; a
 * failed run rejects with what it printed.
 */
export async function runActionOnce(
  target: ActionTarget,
  mode: 'job' | 'instant',
): Promise<Record<string, string>> {
  const workspace = await checkout(target.bareRepo);
  const runner = await mkdtemp(join(tmpdir(), 'svc-soak-runner-'));
  try {
    const sha = execFileSync('git', ['-C', workspace, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const output = join(runner, 'output');
    const event = join(runner, 'event.json');
    await writeFile(output, '');
    await writeFile(join(runner, 'summary'), '');
    await writeFile(
      event,
      JSON.stringify({ ref: 'refs/heads/main', after: sha, repository: { full_name: target.repository } }),
    );
    const child = spawn(process.execPath, [target.script], {
      cwd: workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GITHUB_ACTIONS: 'true',
        CI: 'true',
        GITHUB_REPOSITORY: target.repository,
        GITHUB_REF: 'refs/heads/main',
        GITHUB_REF_NAME: 'main',
        GITHUB_SHA: sha,
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: event,
        GITHUB_WORKSPACE: workspace,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: join(runner, 'summary'),
        GITHUB_API_URL: target.githubUrl,
        RUNNER_TEMP: runner,
        'INPUT_API-URL': target.platformUrl,
        'INPUT_API-KEY': target.apiKey,
        INPUT_MODE: mode,
      },
    });
    let printed = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (printed += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (printed += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the Action (${mode}) exited ${code}:\n${printed}`.trimEnd());
    return parseOutputs(await readFile(output, 'utf8'));
  } finally {
    await rm(workspace, { recursive: true, force: true });
    await rm(runner, { recursive: true, force: true });
  }
}
