/**
 * `prepack`: compiles src, server and receiver into lib/ as JavaScript, which the package's bin
 * runs — Node strips TypeScript types of a clone's files but refuses to under node_modules.
 * `postpack` removes lib/ again, so a clone keeps running its TypeScript.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripTree } from './strip-types.ts';

const root = join(import.meta.dirname, '..');
const lib = join(root, 'lib');
rmSync(lib, { recursive: true, force: true });
stripTree(root, ['src', 'server', 'receiver'], lib);
writeFileSync(join(lib, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
