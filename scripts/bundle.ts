/**
 * `npm run bundle`: builds the Action into dist/ with ncc.
 *
 * ncc compiles TypeScript through ts-loader, which needs TypeScript's JavaScript API — and the
 * TypeScript 7 we type-check with is native and has none. Our sources are erasable TypeScript, so
 * scripts/strip-types.ts turns them into JavaScript exactly as Node runs them; they are
 * written under node_modules/.cache (a path fixed relative to the repository, so the bundle is
 * the same on every clone) and ncc bundles that JavaScript.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripTree } from './strip-types.ts';

const root = join(import.meta.dirname, '..');
const stage = join(root, 'node_modules', '.cache', 'svc-bundle');
// Everything src may import (it shares a few pure platform modules: languages, word splitting);
// ncc bundles only what the Action's entry reaches.
const SOURCES = ['src', 'server'];

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
stripTree(root, SOURCES, stage);
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
