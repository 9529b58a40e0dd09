import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Packaged from '@sparticuz/chromium';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium, used when it is installed (`apt-get install chromium`). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where browser tests keep screenshots (git-ignored). */
export const ARTIFACTS_DIR = join(import.meta.dirname, '..', '..', 'test-artifacts');

/**
 * The headless Chromium that the npm package @sparticuz/chromium carries inside itself
 * (brotli-packed), unpacked once per package version under the system's temporary folder.
 *
 * The package unpacks into `os.tmpdir()` itself and takes an existing `/tmp/chromium` as done,
 * so two test files starting at once could run a half-written binary. Each process unpacks into a
 * folder of its own instead (TMPDIR points there for the synchronous start of the unpacking) and
 * renames it into place; the first rename wins and the others throw theirs away.
 */
export async function packagedChromium(): Promise<string> {
  // The package exports only its entry (build/index.js), not package.json.
  const pkgDir = join(dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const home = join(tmpdir(), `svc-chromium-${version}`);
  const binary = join(home, 'chromium');
  if (existsSync(binary)) return binary;
  const staging = mkdtempSync(join(tmpdir(), `svc-chromium-${version}-`));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  let unpacking: Promise<string>;
  try {
    unpacking = Packaged.executablePath(join(pkgDir, 'bin'));
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  try {
    await unpacking;
    renameSync(staging, home);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return binary;
}

/**
 * Launches headless Chromium with networking it does not need turned off: the one at
 * `executablePath` when given, else Debian's when installed, else the one @sparticuz/chromium
 * ships — so `npm test` needs no browser installed by hand. A missing browser is an error, never a
 * skip.
 */
export async function launchBrowser(executablePath?: string): Promise<Browser> {
  if (executablePath !== undefined && !existsSync(executablePath))
    throw new Error(`Chromium is not installed at ${executablePath}`);
  const path = executablePath ?? (existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : await packagedChromium());
  return chromium.launch({
    executablePath: path,
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
