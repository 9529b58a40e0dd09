import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/processes.ts';

const bin = join(repoRoot, 'bin', 'svc-connector.js');
// Plain JavaScript shipped as is (the package carries no .d.ts), so typed here by hand.
const { nodeTooOld, REQUIRED_NODE_MAJOR } = (await import(
  pathToFileURL(join(repoRoot, 'bin', 'node-version.js')).href
)) as {
  nodeTooOld: (version: string, execPath?: string) => string | undefined;
  REQUIRED_NODE_MAJOR: number;
};

/** A Node.js older than the CLI needs on this machine (Debian's, e.g. /usr/bin/node), if any. */
function olderNode(): { path: string; version: string } | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/bin', '/usr/local/bin', '/bin'];
  for (const dir of new Set(dirs.filter(Boolean))) {
    const path = join(dir, 'node');
    try {
      const version = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: 'pipe' }).trim().slice(1);
      if (Number.parseInt(version, 10) < REQUIRED_NODE_MAJOR) return { path, version };
    } catch {
      // no node there
    }
  }
  return undefined;
}

describe('the svc-connector bin on an older Node.js', () => {
  it('names the Node.js it needs and the one it found, in one line', () => {
    expect(nodeTooOld('20.20.2', '/usr/bin/node')).toBe(
      'svc-connector needs Node.js 24 or later; found Node.js 20.20.2 (/usr/bin/node)',
    );
    expect(nodeTooOld('22.18.0')).toBe('svc-connector needs Node.js 24 or later; found Node.js 22.18.0');
    expect(nodeTooOld('24.0.0')).toBeUndefined();
    expect(nodeTooOld('25.2.1')).toBeUndefined();
    expect(nodeTooOld(process.versions.node)).toBeUndefined();
  });

  it('asks for the Node.js that package.json `engines` names', () => {
    const { engines } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
  });

  const old = olderNode();
  it.skipIf(!old)(`exits 1 with that line and no stack trace when run by Node.js ${old?.version}`, () => {
    const run = spawnSync(old!.path, [bin, '--help'], { encoding: 'utf8', cwd: repoRoot });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `svc-connector needs Node.js 24 or later; found Node.js ${old!.version} (${old!.path})\n`,
    );
  });
});
