import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/processes.ts';

/** `node SCRIPT ARGS` with the compile cache in `cache` (or turned off), its output checked to succeed. */
function run(script: string, args: string[], cache: { dir: string } | 'off') {
  const env = { ...process.env };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  if (cache === 'off') env.NODE_DISABLE_COMPILE_CACHE = '1';
  else env.NODE_COMPILE_CACHE = cache.dir;
  const result = spawnSync(process.execPath, [join(repoRoot, script), ...args], { encoding: 'utf8', env });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const files = (dir: string) => readdirSync(dir, { recursive: true }).length;

describe('svc-connector from the compile cache (issue 35, item 9)', () => {
  it('fills the cache on the first run and prints from it what the sources print', () => {
    const cache = { dir: mkdtempSync(join(tmpdir(), 'svc-cc-')) };
    const help = run('src/cli/main.ts', ['--help'], 'off');
    expect(help).toContain('Usage: svc-connector');
    expect(run('bin/svc-connector.js', ['--help'], cache)).toBe(help);
    expect(files(cache.dir)).toBeGreaterThan(0);
    expect(run('bin/svc-connector.js', ['--help'], cache)).toBe(help);

    const source = join(cache.dir, 'app.json');
    writeFileSync(source, '{\n  "title": "Settings",\n  "save": "Save {count} files"\n}\n');
    const args = ['extract', source, '--target-lang', 'de', '--copy-source'];
    const xliff = run('src/cli/main.ts', args, 'off');
    expect(xliff).toContain('<source>Settings</source>');
    expect(run('bin/svc-connector.js', args, cache)).toBe(xliff);
    expect(run('bin/svc-connector.js', args, cache)).toBe(xliff);
    const xlf = join(cache.dir, 'app.xlf');
    writeFileSync(xlf, xliff);
    const merged = run('src/cli/main.ts', ['merge', source, xlf], 'off');
    expect(run('bin/svc-connector.js', ['merge', source, xlf], cache)).toBe(merged);
  });

  it('writes no cache with NODE_DISABLE_COMPILE_CACHE=1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cc-'));
    const env = { ...process.env, NODE_COMPILE_CACHE: dir, NODE_DISABLE_COMPILE_CACHE: '1' };
    const result = spawnSync(process.execPath, [join(repoRoot, 'bin/svc-connector.js'), '--version'], {
      encoding: 'utf8',
      env,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(files(dir)).toBe(0);
  });
});
