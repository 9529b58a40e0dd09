/**
 * `npm run bundle`: builds the Action into dist/ with ncc.
 *
 * ncc compiles TypeScript through ts-loader, which needs TypeScript's JavaScript API — and the
 * TypeScript 7 we type-check with is native and has none. Our sources are erasable TypeScript, so
 * Node's own `stripTypeScriptTypes` turns them into JavaScript exactly as Node runs them; they are
 * written under node_modules/.cache (a path fixed relative to the repository, so the bundle is
 * the same on every clone) and ncc bundles that JavaScript.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const stage = join(root, 'node_modules', '.cache', 'svc-bundle');
// Everything src may import (it shares a few pure platform modules: languages, word splitting);
// ncc bundles only what the Action's entry reaches.
const SOURCES = ['src', 'server'];

/** Relative `.ts` specifiers become `.js`: the staged files are JavaScript. */
const rewriteSpecifiers = (code: string) =>
  code.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2.js$3');

function stageDir(dir: string): void {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) stageDir(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      const code = stripTypeScriptTypes(readFileSync(join(root, path), 'utf8'), { mode: 'strip' });
      const out = join(stage, path.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, rewriteSpecifiers(code));
    }
  }
}

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
for (const dir of SOURCES) stageDir(dir);
writeFileSync(join(stage, 'package.json'), JSON.stringify({ type: 'module' }));
symlinkSync(relative(stage, join(root, 'node_modules')), join(stage, 'node_modules'));

rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js'),
    'build',
    join(stage, 'src/action/index.js'),
    '-o',
    join(root, 'dist'),
    '--license',
    'licenses.txt',
    '--quiet',
  ],
  { stdio: 'inherit', cwd: root },
);
