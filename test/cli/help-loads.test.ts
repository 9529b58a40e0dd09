import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/processes.ts';

/** The modules (files, not node: built-ins) Node loads to run `svc-connector ARGS`, repository-relative. */
function modulesLoadedBy(args: string[]): string[] {
  const hook = [
    "import { registerHooks } from 'node:module';",
    "import { writeSync } from 'node:fs';",
    'registerHooks({ load(url, context, next) {',
    "  if (url.startsWith('file:')) writeSync(2, 'LOADED ' + url + '\\n');",
    '  return next(url, context);',
    '} });',
  ].join('\n');
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(hook)}`,
      join(repoRoot, 'bin/svc-connector.js'),
      ...args,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(run.status).toBe(0);
  return [...run.stderr.matchAll(/^LOADED file:\/\/(.*)$/gm)].map((m) =>
    (m[1] as string).slice(repoRoot.length + 1),
  );
}

describe('svc-connector --help', () => {
  it('loads only the command definitions and commander: no service, client, schema or logger', () => {
    const loaded = modulesLoadedBy(['--help']);
    expect(loaded).toContain('src/cli/main.ts');
    const heavy = loaded.filter((path) =>
      /^(server\/|src\/(api|formats\/(?!errors\.ts)|sync|github|qa)\/|node_modules\/(?!commander\/))/.test(
        path,
      ),
    );
    expect(heavy).toEqual([]);
    // receiver/cli.ts defines the receiver's commands; nothing else of the receiver loads.
    expect(loaded.filter((path) => path.startsWith('receiver/'))).toEqual(['receiver/cli.ts']);
  });
});
