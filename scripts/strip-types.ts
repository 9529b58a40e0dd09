/**
 * Turns the repository's erasable TypeScript into JavaScript exactly as Node runs it (Node's own
 * `stripTypeScriptTypes`), for the two places that need plain JavaScript: ncc's bundle of the
 * Action (ncc's TypeScript loader needs TypeScript's JS API, which the native TypeScript 7 lacks)
 * and the npm package (Node does not strip types of files under node_modules).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join } from 'node:path';

/** Relative `.ts` specifiers (static and dynamic imports, re-exports) become `.js`. */
export const rewriteSpecifiers = (code: string) =>
  code.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2.js$3');

/**
 * Writes every `.ts` file under `dirs` (relative to `root`) as `.js` under `out`, keeping the
 * layout; other files (`copyOthers`) are copied as they are. Declaration files are skipped.
 */
export function stripTree(root: string, dirs: readonly string[], out: string, copyOthers = false): void {
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const code = stripTypeScriptTypes(readFileSync(join(root, path), 'utf8'), { mode: 'strip' });
        const target = join(out, path.replace(/\.ts$/, '.js'));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, rewriteSpecifiers(code));
      } else if (copyOthers && !entry.name.endsWith('.d.ts')) {
        mkdirSync(join(out, dir), { recursive: true });
        copyFileSync(join(root, path), join(out, path));
      }
    }
  };
  for (const dir of dirs) walk(dir);
}
