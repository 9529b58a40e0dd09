/**
 * A format's own tool, installed from Debian, used as a test oracle (issue 34): present, or the
 * test skips with a message naming the package — except in CI (`CI=true`), where `.ci/run`
 * installs it and a missing tool fails the run instead of passing in silence.
 */
import { spawnSync } from 'node:child_process';

export interface DebianTool {
  /** The tool runs here. */
  available: boolean;
  /** Why the oracle tests are skipped (undefined when the tool runs). */
  skipped: string | undefined;
  /** In CI and missing: the tests must fail, not skip. */
  required: boolean;
}

/** Whether `command args` runs; `pkg` is the Debian package that provides it. */
export function debianTool(command: string, args: string[], pkg: string, env = process.env): DebianTool {
  const run = spawnSync(command, args, { stdio: 'ignore' });
  const available = !run.error;
  const ci = env.CI === 'true' || env.CI === '1';
  const skipped =
    available || ci
      ? undefined
      : `${command} not found: install the Debian package ${pkg} (apt-get install ${pkg})`;
  if (skipped) console.warn(`skipping the ${command} oracle tests: ${skipped}`);
  return { available, skipped, required: !available && ci };
}
