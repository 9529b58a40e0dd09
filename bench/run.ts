/**
 * `npm run bench` runs every benchmark; `npm run bench -- NAME` runs one. Each benchmark is a file
 * bench/NAME.ts that prints one JSON line {"bench": NAME, …figures}; this runner passes it through.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  process.stderr.write(`unknown benchmark ${unknown.join(', ')}; available: ${all.join(', ')}\n`);
  process.exitCode = 2;
} else {
  for (const name of wanted.length > 0 ? wanted : all) {
    const run = spawnSync(process.execPath, ['--expose-gc', join(dir, `${name}.ts`)], { stdio: 'inherit' });
    if (run.status !== 0) {
      process.stderr.write(`benchmark ${name} failed (exit ${run.status})\n`);
      process.exitCode = 1;
    }
  }
}
