import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './processes.ts';

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Reads a GITHUB_OUTPUT file: `name<<DELIM\nvalue\nDELIM` blocks, as @actions/core writes them. */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]!);
    out[m[1]!] = value.join('\n');
  }
  return out;
}

/** A checkout of the repository, as actions/checkout leaves it (a real git working tree). */
export async function checkout(bareRepo: string, branch = 'main'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-checkout-'));
  execFileSync('git', ['clone', '-q', '--depth', '1', '--branch', branch, `file://${bareRepo}`, dir]);
  return dir;
}

/**
 * Runs the committed dist/index.js as the runner runs a node24 action: a Node process with
 * `INPUT_<NAME>` variables (upper case, hyphens kept), GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
 * GITHUB_EVENT_PATH and GITHUB_WORKSPACE.
 */
export async function runAction(o: {
  inputs: Record<string, string>;
  workspace: string;
  repository: string;
  ref?: string;
  env?: NodeJS.ProcessEnv;
  /** The script run (default the committed dist/index.js; src/action/index.ts runs the sources). */
  entry?: string;
}): Promise<ActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-runner-'));
  try {
    const outputFile = join(dir, 'output');
    const summaryFile = join(dir, 'summary');
    const eventFile = join(dir, 'event.json');
    const sha = execFileSync('git', ['-C', o.workspace, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    await writeFile(outputFile, '');
    await writeFile(summaryFile, '');
    await writeFile(
      eventFile,
      JSON.stringify({
        ref: `refs/heads/${o.ref ?? 'main'}`,
        after: sha,
        repository: { full_name: o.repository },
      }),
    );
    const inputs = Object.fromEntries(
      Object.entries(o.inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]),
    );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_REPOSITORY: o.repository,
      GITHUB_REF: `refs/heads/${o.ref ?? 'main'}`,
      GITHUB_REF_NAME: o.ref ?? 'main',
      GITHUB_SHA: sha,
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: eventFile,
      GITHUB_WORKSPACE: o.workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: dir,
      ...inputs,
      ...o.env,
    };
    const child = spawn(process.execPath, [join(repoRoot, o.entry ?? 'dist/index.js')], {
      cwd: o.workspace,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return {
      code,
      stdout,
      stderr,
      outputs: parseOutputs(await readFile(outputFile, 'utf8')),
      summary: await readFile(summaryFile, 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
