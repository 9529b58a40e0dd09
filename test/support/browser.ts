import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium, which `.ci/run` installs with apt-get when it is missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where browser tests keep screenshots (git-ignored). */
export const ARTIFACTS_DIR = join(import.meta.dirname, '..', '..', 'test-artifacts');

/**
 * Launches headless Chromium with networking it does not need turned off. A missing browser is
 * an error, not a skip: the acceptance tests must run wherever the suite runs.
 */
export async function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium is not installed at ${executablePath}; the workbench browser tests need it. ` +
        'Install it with "apt-get update && apt-get install -y chromium" (.ci/run does this).',
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A folder under test-artifacts/ for one suite's screenshots, created when missing. */
export function artifactsDir(name: string): string {
  const dir = join(ARTIFACTS_DIR, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
