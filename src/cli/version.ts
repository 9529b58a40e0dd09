import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The version in svc-connector's package.json: the nearest one above this file, which is
 * two folders up in a clone (src/cli) and three in the npm package (lib/src/cli).
 */
export function packageVersion(from = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'svc-connector' && pkg.version) return pkg.version;
    }
    if (dirname(dir) === dir) throw new Error(`no package.json of svc-connector above ${from}`);
  }
}
