/**
 * `npm run floors` (`node scripts/check-floors.ts [ROOT]`): the floors of DESIGN §8, checked on
 * every import. `.ci/run` runs it after lint; it prints one `file:line: <importer> may not import
 * <target> (rule)` per breach and exits 1, or prints a count and exits 0.
 *
 * Every static import (type-only ones too: they couple the floors as much), `export … from`,
 * side-effect import, dynamic `import()` and `require()` in src/, server/ and receiver/ is read.
 * Two rules of the platform's layers are read too (DESIGN §8, server/services/README.md): only
 * server/store/ chooses the SQL dialect (`isPostgres`), and a presenter (`present*.ts`) shapes the
 * data it is given: it imports nothing but types from the store and never takes a `Db`.
 * test/, bench/, scripts/ and examples/ drive the parts from outside and are not held to a floor,
 * but no production file may import them. It also holds receiver/ to declaring no event shape
 * (floors/event-shapes.ts), every service to one shape (floors/service-shape.ts), src/qa/ to
 * naming no format (floors/qa-formats.ts), and a format to importing no other format's folder: only
 * its own, the shared src/formats/kit/ and src/formats/placeholders/, and src/formats/*.ts
 * (floors/format-folders.ts).
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { checkEventShapes, formatShapeBreach } from './floors/event-shapes.ts';
import { checkFormatFolders } from './floors/format-folders.ts';
import { checkQaFormats, formatQaFormatBreach } from './floors/qa-formats.ts';
import { checkServiceShape, formatServiceBreach } from './floors/service-shape.ts';

/** Where a file stands. */
export type Floor = 'cli' | 'action' | 'action-logic' | 'library' | 'server' | 'receiver' | 'harness';

/** The production trees read; anything else is outside the floors. */
export const CHECKED_DIRS = ['src', 'server', 'receiver'] as const;

export function floorOf(path: string): Floor | undefined {
  const p = path.split(sep).join('/');
  if (p.startsWith('src/cli/')) return 'cli';
  if (p.startsWith('src/action/')) return 'action';
  // The Action's logic: shared with nobody (what the receiver shares with it lives in the library).
  if (p.startsWith('src/sync/')) return 'action-logic';
  if (p.startsWith('src/')) return 'library';
  if (p.startsWith('server/')) return 'server';
  if (p.startsWith('receiver/')) return 'receiver';
  if (/^(test|bench|scripts|examples)\//.test(p)) return 'harness';
  return undefined;
}

const SERVICES = 'the services never import each other nor the Action (DESIGN §8)';
const HARNESS = 'production code never imports tests, benchmarks or scripts';

/** For each floor, the floors it may not import and why. */
const FORBIDDEN: Record<Floor, Partial<Record<Floor, string>>> = {
  library: {
    server: 'the library imports no service (DESIGN §8)',
    receiver: 'the library imports no service (DESIGN §8)',
    'action-logic': "the library does not import the Action's logic; shared pieces live in the library",
    action: 'the library imports no entry point',
    cli: 'the library imports no entry point',
    harness: HARNESS,
  },
  'action-logic': {
    server: "the Action's logic imports no service (it ships in the Action's bundle)",
    receiver: "the Action's logic imports no service (it ships in the Action's bundle)",
    action: 'the logic does not import its entry point',
    cli: 'the logic does not import an entry point',
    harness: HARNESS,
  },
  server: { receiver: SERVICES, 'action-logic': SERVICES, action: SERVICES, cli: SERVICES, harness: HARNESS },
  receiver: { server: SERVICES, 'action-logic': SERVICES, action: SERVICES, cli: SERVICES, harness: HARNESS },
  action: {
    server: "the Action's bundle carries no service",
    receiver: "the Action's bundle carries no service",
    cli: 'entry points do not import each other',
    harness: HARNESS,
  },
  cli: { action: 'entry points do not import each other', harness: HARNESS },
  harness: {},
};

export interface ImportSite {
  /** 1-based line of the import keyword. */
  line: number;
  /** The string given, or undefined for a computed `import(expr)`. */
  specifier: string | undefined;
}

/**
 * Source with comments, regular expressions and template literals blanked and every string literal's
 * contents blanked too (kept aside by offset), so text that merely looks like an import — in a
 * comment, a fixture string or a pattern — is never taken for one. Newlines stay where they were.
 */
export function blank(text: string): { code: string; strings: Map<number, string> } {
  const out = text.split('');
  const strings = new Map<number, string>();
  const wipe = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  // The last significant character decides whether `/` starts a pattern or divides.
  let last = '';
  let lastWord = '';
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      wipe(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      wipe(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let depth = 0;
      while (j < text.length && (text[j] !== c || depth > 0)) {
        if (text[j] === '\\') j++;
        else if (c === '`' && text[j] === '$' && text[j + 1] === '{') depth++;
        else if (c === '`' && depth > 0 && text[j] === '}') depth--;
        else if (c !== '`' && text[j] === '\n') break;
        j++;
      }
      if (c !== '`') strings.set(i, text.slice(i + 1, j));
      wipe(i + 1, j);
      i = j + 1;
      last = 'x'; // a value: a `/` after it divides
      lastWord = '';
    } else if (
      c === '/' &&
      (!/[\w$)\]]/.test(last) || /^(return|typeof|case|in|of|void|yield|await)$/.test(lastWord))
    ) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n' && (text[j] !== '/' || inClass)) {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j++;
      }
      wipe(i + 1, j);
      i = j + 1;
      last = '/';
      lastWord = '';
    } else {
      if (/[\w$]/.test(c)) lastWord = /[\w$]/.test(last) ? lastWord + c : c;
      else if (!/\s/.test(c)) lastWord = '';
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return { code: out.join(''), strings };
}

const PATTERNS = [
  // import x from '…', import type { A } from '…', import * as m from '…', multi-line braces
  /(?<![\w$.])import\s+(?:type\s+)?[\w$*{}\s,]*?\bfrom\s*(['"])/g,
  // import '…' (for its side effects)
  /(?<![\w$.])import\s*(['"])/g,
  // export * from '…', export { a } from '…', export type { A } from '…'
  /(?<![\w$.])export\s+(?:type\s+)?(?:\*(?:\s*as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*(['"])/g,
  // import('…'), require('…')
  /(?<![\w$.])(?:import|require)\s*\(\s*(['"])/g,
];

/** Every import in `text` (TypeScript or JavaScript), with its line. */
export function findImports(text: string): ImportSite[] {
  return scan(text).sites.map(({ line, specifier }) => ({ line, specifier }));
}

/** The imports, each saying whether it is type-only, and the code with comments and strings blanked. */
function scan(text: string): { code: string; sites: (ImportSite & { typeOnly: boolean })[] } {
  const { code, strings } = blank(text);
  const lineAt = (offset: number) => code.slice(0, offset).split('\n').length;
  const sites: (ImportSite & { typeOnly: boolean })[] = [];
  for (const pattern of PATTERNS)
    for (const m of code.matchAll(pattern)) {
      const quote = m.index + m[0].length - 1;
      const typeOnly = /^(?:import|export)\s+type\b/.test(m[0]);
      sites.push({ line: lineAt(m.index), specifier: strings.get(quote), typeOnly });
    }
  // A computed import() cannot be checked, so it is reported rather than trusted.
  for (const m of code.matchAll(/(?<![\w$.])import\s*\(\s*(?!['"\s])/g))
    sites.push({ line: lineAt(m.index), specifier: undefined, typeOnly: false });
  return { code, sites: sites.sort((a, b) => a.line - b.line) };
}

const DIALECT = 'only server/store/ chooses the SQL dialect: a service calls one store function';
const PRESENTER = 'a presenter shapes the data it is given: the service or the store reads it';

/** Breaches of the platform's layer rules in one server/ file (`code` blanked by scan). */
function layerBreaches(
  file: string,
  code: string,
  sites: { line: number; target: string; typeOnly: boolean }[],
): Breach[] {
  if (!file.startsWith('server/') || file.startsWith('server/store/')) return [];
  const lineAt = (offset: number) => code.slice(0, offset).split('\n').length;
  const out: Breach[] = [];
  for (const m of code.matchAll(/(?<![\w$.])isPostgres\b/g))
    out.push({ file, line: lineAt(m.index), target: 'isPostgres', rule: DIALECT });
  if (/(?:^|\/)present[\w-]*\.ts$/.test(file)) {
    for (const site of sites)
      if (!site.typeOnly && site.target.startsWith('server/store/'))
        out.push({ file, line: site.line, target: site.target, rule: PRESENTER });
    for (const m of code.matchAll(/(?<![\w$.])Db\b/g))
      out.push({ file, line: lineAt(m.index), target: 'Db', rule: PRESENTER });
  }
  return out;
}

export interface Breach {
  file: string;
  line: number;
  target: string;
  rule: string;
}

export function* sourceFiles(dir: string): Generator<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // a tree without this folder
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(path);
    } else if (/\.(?:[cm]?ts|[cm]?js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Every breach under `root` (a checkout of this repository, or a tree shaped like one). */
export function checkFloors(root: string): Breach[] {
  const breaches: Breach[] = [];
  for (const dir of CHECKED_DIRS)
    for (const path of sourceFiles(join(root, dir))) {
      const file = relative(root, path).split(sep).join('/');
      const from = floorOf(file);
      if (!from) continue;
      const { code, sites } = scan(readFileSync(path, 'utf8'));
      const resolved: { line: number; target: string; typeOnly: boolean }[] = [];
      for (const site of sites) {
        if (site.specifier === undefined) {
          breaches.push({
            file,
            line: site.line,
            target: '(computed)',
            rule: 'a dynamic import names its module literally',
          });
          continue;
        }
        if (!site.specifier.startsWith('.')) continue;
        const target = relative(root, resolve(dirname(path), site.specifier))
          .split(sep)
          .join('/');
        resolved.push({ line: site.line, target, typeOnly: site.typeOnly });
        const to = floorOf(target);
        const rule = to && FORBIDDEN[from][to];
        if (rule) breaches.push({ file, line: site.line, target, rule });
      }
      breaches.push(...layerBreaches(file, code, resolved));
    }
  return breaches;
}

/** `file:line: importer may not import target (rule)`. */
export function formatBreach(b: Breach): string {
  return `${b.file}:${b.line}: ${b.file} may not import ${b.target} (${b.rule})`;
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
  const breaches = [
    ...checkFloors(root).map(formatBreach),
    ...checkEventShapes(root).map(formatShapeBreach),
    ...checkQaFormats(root).map(formatQaFormatBreach),
    ...checkServiceShape(root).map(formatServiceBreach),
    ...checkFormatFolders(root).map(formatBreach),
  ];
  for (const b of breaches) console.error(b);
  if (breaches.length > 0) {
    console.error(`${breaches.length} floor breach${breaches.length === 1 ? '' : 'es'}`);
    process.exitCode = 1;
  } else console.log('floors: no breach');
}
