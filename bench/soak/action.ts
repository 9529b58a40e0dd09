import { rm } from 'node:fs/promises';
import { checkout, runAction } from '../../test/support/action-runner.ts';

export interface ActionTarget {
  /** The bare repository of the GitHub double (`gh.repoPath`). */
  bareRepo: string;
  /** `owner/name`. */
  repository: string;
  githubUrl: string;
  platformUrl: string;
  apiKey: string;
}

/**
 * One run of the committed Action (dist/index.js) on a fresh checkout of main, as a runner runs
 * it after a push. Resolves with its outputs; a failed run rejects with what it printed.
 */
export async function runActionOnce(
  target: ActionTarget,
  mode: 'job' | 'instant',
): Promise<Record<string, string>> {
  const workspace = await checkout(target.bareRepo);
  try {
    const run = await runAction({
      inputs: { 'api-url': target.platformUrl, 'api-key': target.apiKey, mode },
      workspace,
      repository: target.repository,
      env: { GITHUB_API_URL: target.githubUrl },
    });
    if (run.code !== 0)
      throw new Error(`the Action (${mode}) exited ${run.code}:\n${run.stdout}${run.stderr}`.trimEnd());
    return run.outputs;
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
