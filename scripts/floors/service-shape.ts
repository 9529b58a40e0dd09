/**
 * The floor "one service shape" (issue 35, server/services/README.md). A service module — a file
 * of server/ named `service.ts` or `…-service.ts`, or any file of server/ that exports a
 * `…Service` factory — exports `function thingService(…)` and, beside it,
 * `type ThingService = ReturnType<typeof thingService>`. A service writes no SQL: in server/services/
 * and in every service module nothing but types comes from kysely, and no query is built there
 * (`sql` templates, `selectFrom`, `insertInto`, `updateTable`, `deleteFrom`); the store does that.
 *
 * The check is lexical, over source with comments and strings blanked (see `blank` in
 * check-floors.ts), so a name in a comment or a fixture string is never taken for code.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { blank, sourceFiles } from '../check-floors.ts';

export interface ServiceSite {
  line: number;
  problem: string;
}

export interface ServiceBreach extends ServiceSite {
  file: string;
}

const FACTORY = /(?<![\w$.])export\s+(?:async\s+)?function\s+([a-z][\w$]*Service)\s*[(<]/g;
const IMPORT = /(?<![\w$.])import\s+(type\s+)?([\w$*{}\s,]*?)\bfrom\s*(['"])/g;
const QUERY = /(?<![\w$.])sql\s*`|\.\s*(?:selectFrom|insertInto|updateTable|deleteFrom)\s*\(/g;

/** Whether `file` (relative to the root, with `/`) is a service module by its name. */
export function namedAsService(file: string): boolean {
  return file.startsWith('server/') && /(?:^|\/)(?:[\w-]+-)?service\.ts$/.test(file);
}

/**
 * Breaches of the service shape in one file's text: `named` says the file is a service module by
 * its name (it must then export a factory); `services` that it is held to writing no SQL.
 */
export function findServiceShapeBreaches(text: string, named: boolean, services: boolean): ServiceSite[] {
  const { code, strings } = blank(text);
  const lineAt = (offset: number) => code.slice(0, offset).split('\n').length;
  const sites: ServiceSite[] = [];
  const factories = [...code.matchAll(FACTORY)];
  if (named && factories.length === 0)
    sites.push({
      line: 1,
      problem: 'a service module exports a `…Service` factory (`export function thingService(deps)`)',
    });
  for (const m of factories) {
    const name = m[1] as string;
    const type = name[0]!.toUpperCase() + name.slice(1);
    const declared = new RegExp(
      `(?<![\\w$.])export\\s+type\\s+${type}\\s*=\\s*ReturnType\\s*<\\s*typeof\\s+${name}\\s*>`,
    );
    if (!declared.test(code))
      sites.push({
        line: lineAt(m.index),
        problem: `${name} comes with \`export type ${type} = ReturnType<typeof ${name}>\``,
      });
  }
  if (!services && factories.length === 0) return sites;
  for (const m of code.matchAll(IMPORT)) {
    if (strings.get(m.index + m[0].length - 1) !== 'kysely' || m[1]) continue;
    const names = (m[2] as string)
      .replace(/[{}]/g, '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.some((n) => !n.startsWith('type ')))
      sites.push({ line: lineAt(m.index), problem: 'a service writes no SQL: only types come from kysely' });
  }
  for (const m of code.matchAll(QUERY))
    sites.push({
      line: lineAt(m.index),
      problem: 'a service writes no SQL: a store function builds the query',
    });
  return sites.sort((a, b) => a.line - b.line);
}

/** Every breach of the service shape under `root`/server/. */
export function checkServiceShape(root: string): ServiceBreach[] {
  const breaches: ServiceBreach[] = [];
  for (const path of sourceFiles(join(root, 'server'))) {
    const file = relative(root, path).split(sep).join('/');
    if (file.startsWith('server/store/')) continue;
    const services = file.startsWith('server/services/') || namedAsService(file);
    const text = readFileSync(path, 'utf8');
    for (const site of findServiceShapeBreaches(text, namedAsService(file), services))
      breaches.push({ file, ...site });
  }
  return breaches;
}

/** `file:line: one service shape (problem; server/services/README.md)`. */
export function formatServiceBreach(b: ServiceBreach): string {
  return `${b.file}:${b.line}: one service shape (${b.problem}; server/services/README.md)`;
}
