import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFloors, findImports } from '../../scripts/check-floors.ts';
import { checkEventShapes, EVENT_FIELDS, findEventShapes } from '../../scripts/floors/event-shapes.ts';
import { checkFormatFolders, formatFolders } from '../../scripts/floors/format-folders.ts';
import { checkQaFormats, findFormatNames, formatQaFormatBreach } from '../../scripts/floors/qa-formats.ts';

const root = join(import.meta.dirname, '..', '..');
const script = join(root, 'scripts', 'check-floors.ts');

const trees: string[] = [];
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-floors-'));
  trees.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script as CI does; returns its exit status and what it printed. */
function run(dir: string): { status: number; output: string } {
  try {
    const out = execFileSync(process.execPath, [script, dir], { encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, output: out };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { status: err.status, output: err.stdout + err.stderr };
  }
}

describe('findImports', () => {
  it('finds every kind of import with its line, type-only and multi-line ones too', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from './b.ts';",
      'import {',
      '  c,',
      '  type D,',
      "} from './c.ts';",
      "import * as e from './e.ts';",
      "import './side-effect.ts';",
      "export { f } from './f.ts';",
      "export * from './g.ts';",
      "export type { H } from './h.ts';",
      'const i = await import(',
      "  './i.ts'",
      ');',
      "const j = require('./j.cjs');",
    ].join('\n');
    expect(findImports(text)).toEqual([
      { line: 1, specifier: './a.ts' },
      { line: 2, specifier: './b.ts' },
      { line: 3, specifier: './c.ts' },
      { line: 7, specifier: './e.ts' },
      { line: 8, specifier: './side-effect.ts' },
      { line: 9, specifier: './f.ts' },
      { line: 10, specifier: './g.ts' },
      { line: 11, specifier: './h.ts' },
      { line: 12, specifier: './i.ts' },
      { line: 15, specifier: './j.cjs' },
    ]);
  });

  it('ignores imports written in comments, strings, templates and patterns, and method calls named import', () => {
    const text = [
      "// import x from '../server/x.ts';",
      "/* import y from '../server/y.ts'; */",
      'const s = "import z from \'../server/z.ts\'";',
      "const t = `export * from '../server/t.ts'`;",
      'const r = /import \'"/g;',
      "await client.memories.import({ name: 'import from' });",
      "import { real } from './real.ts';",
    ].join('\n');
    expect(findImports(text)).toEqual([{ line: 7, specifier: './real.ts' }]);
  });

  it('reports a computed import(), whose target cannot be checked', () => {
    expect(findImports('const m = await import(name);')).toEqual([{ line: 1, specifier: undefined }]);
  });
});

describe('scripts/check-floors.ts', () => {
  it('fails with file:line, importer, target and rule when a service imports the other one', () => {
    const dir = tree({
      'receiver/b.ts': 'export const b = 1;\n',
      'server/a.ts': "// the platform\nexport const a = 1;\nimport { b } from '../receiver/b.ts';\n",
    });
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toContain(
      'server/a.ts:3: server/a.ts may not import receiver/b.ts (the services never import each other nor the Action (DESIGN §8))',
    );
  });

  it('fails when the library imports a service, the Action logic, or a test', () => {
    const dir = tree({
      'server/words.ts': 'export const w = 1;\n',
      'src/sync/run.ts': 'export const r = 1;\n',
      'test/support/x.ts': 'export const x = 1;\n',
      'src/config/languages.ts': [
        "import { w } from '../../server/words.ts';",
        "export type { R } from '../sync/run.ts';",
        "const x = await import('../../test/support/x.ts');",
      ].join('\n'),
    });
    expect(checkFloors(dir).map((b) => `${b.line} ${b.target}`)).toEqual([
      '1 server/words.ts',
      '2 src/sync/run.ts',
      '3 test/support/x.ts',
    ]);
    expect(run(dir).status).toBe(1);
  });

  it('passes a tree that keeps its floors: services over the library, entry points over both', () => {
    const dir = tree({
      'src/formats/json.ts': 'export const j = 1;\n',
      'src/sync/run.ts': "import { j } from '../formats/json.ts';\n",
      'server/app.ts': "import { j } from '../src/formats/json.ts';\n",
      'receiver/app.ts': "import { j } from '../src/formats/json.ts';\nimport 'express';\n",
      'src/cli/up.ts':
        "import '../../server/app.ts';\nimport '../../receiver/app.ts';\nimport '../sync/run.ts';\n",
      'test/x.test.ts': "import '../server/app.ts';\nimport '../receiver/app.ts';\n",
    });
    expect(run(dir)).toEqual({ status: 0, output: 'floors: no breach\n' });
  });

  it('fails when a service outside server/store/ chooses the SQL dialect', () => {
    const dir = tree({
      'server/store/db.ts': 'export const isPostgres = (db: unknown) => false;\n',
      'server/store/files.ts': "import { isPostgres } from './db.ts';\nexport const f = isPostgres;\n",
      'server/services/files.ts': [
        "import { isPostgres } from '../store/db.ts';",
        '// isPostgres in a comment is not a use',
        'export const pg = (db: unknown) => isPostgres(db);',
      ].join('\n'),
    });
    expect(checkFloors(dir).map((b) => `${b.file}:${b.line} ${b.target}`)).toEqual([
      'server/services/files.ts:1 isPostgres',
      'server/services/files.ts:3 isPostgres',
    ]);
  });

  it("fails when a presenter reads the database, and lets it import the store's types", () => {
    const dir = tree({
      'server/store/jobs.ts': 'export type JobRow = { id: number };\nexport const listJobs = () => [];\n',
      'server/services/present.ts':
        "import type { JobRow } from '../store/jobs.ts';\nexport const p = (j: JobRow) => j.id;\n",
      'server/services/jobs/present-jobs.ts': [
        "import { listJobs } from '../../store/jobs.ts';",
        'export const p = (db: Db) => listJobs();',
      ].join('\n'),
    });
    expect(checkFloors(dir).map((b) => `${b.file}:${b.line} ${b.target}`)).toEqual([
      'server/services/jobs/present-jobs.ts:1 server/store/jobs.ts',
      'server/services/jobs/present-jobs.ts:2 Db',
    ]);
  });

  it('finds no breach in this repository', () => {
    expect(checkFloors(root)).toEqual([]);
  });
});

describe('receiver/ declares no event shape (scripts/floors/event-shapes.ts)', () => {
  it('takes the fields only events have from the one schema', () => {
    expect([...EVENT_FIELDS].sort()).toEqual(
      ['OrganizationId', 'deliveredAt', 'due', 'eventType', 'fileId', 'isDelivered', 'translationId'].sort(),
    );
  });

  it('finds event fields declared in zod schemas, interfaces, type aliases and casts', () => {
    const text = [
      "import { z } from 'zod';",
      'const Instant = z.strictObject({ translationId: z.int(), fileId: z.union([z.string(), z.int()]) });',
      'const jobShape = {',
      '  OrganizationId: z.int(),',
      '};',
      'interface JobEvent extends Base {',
      '  id: number;',
      '  isDelivered: boolean;',
      '}',
      'type Project = { id: number; due: string | null };',
      'const id = (payload as { translationId?: unknown }).translationId;',
      'function f(p: { deliveredAt: string }) {}',
      'const P = Base.extend({ due: isoOrNull });',
    ].join('\n');
    expect(findEventShapes(text).map((s) => `${s.line} ${s.field}`)).toEqual([
      '2 translationId',
      '2 fileId',
      '4 OrganizationId',
      '8 isDelivered',
      '10 due',
      '11 translationId',
      '12 deliveredAt',
      '13 due',
    ]);
  });

  it('leaves values, comments, strings and other names alone', () => {
    const text = [
      '// an event is { translationId: number; fileId: string }',
      "const doc = 'interface X { due: string }';",
      'const body = JSON.stringify({ eventType: type, translationId: t.id, fileId: t.fileId });',
      'const job = { id: 1, due: job.due, isDelivered: true };',
      'await client.instant.status({ translationIds: [translationId] });',
      'const x = ready ? translationId : 0;',
      'const y = { nested: { fileId: file.id } };',
      'interface Row { sourceFileId: number; dueAt: number }',
    ].join('\n');
    expect(findEventShapes(text)).toEqual([]);
  });

  it('fails the run when a file under receiver/ declares one, and only there', () => {
    const shape = "import { z } from 'zod';\nexport const E = z.object({ fileId: z.string() });\n";
    const dir = tree({ 'receiver/events.ts': shape, 'src/api/schemas/webhooks.ts': shape });
    expect(checkEventShapes(dir)).toEqual([{ file: 'receiver/events.ts', line: 2, field: 'fileId' }]);
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toContain('receiver/events.ts:2: receiver/ declares no event shape (field fileId;');
  });

  it('finds no event shape declared under receiver/ in this repository', () => {
    expect(checkEventShapes(root)).toEqual([]);
  });
});

describe("a format does not import another format's folder (scripts/floors/format-folders.ts)", () => {
  const registry = [
    "import { arbFormat } from './arb/index.ts';",
    "import { jsonFormat } from './json/index.ts';",
    "import type { FormatModule } from './model.ts';",
    'export const FORMATS: FormatModule[] = [arbFormat, jsonFormat];',
  ].join('\n');
  const formats = (files: Record<string, string>) =>
    tree({
      'src/formats/registry.ts': registry,
      'src/formats/model.ts': 'export type FormatModule = object;\n',
      'src/formats/json/index.ts': 'export const jsonFormat = {};\n',
      'src/formats/json/tokens.ts': 'export const t = 1;\n',
      'src/formats/kit/json/tokens.ts': 'export const t = 1;\n',
      'src/formats/placeholders/icu.ts': 'export const p = 1;\n',
      ...files,
    });

  it('takes the format folders from the registry', () => {
    expect([...formatFolders(formats({}))].sort()).toEqual(['arb', 'json']);
  });

  it("fails the run when a format imports another format's folder or a folder that is not shared", () => {
    const dir = formats({
      'src/formats/arb/index.ts': [
        "import { t } from '../json/tokens.ts';",
        "import type { FormatModule } from '../model.ts';",
        "import { t as k } from '../kit/json/tokens.ts';",
        "import { p } from '../placeholders/icu.ts';",
        "import { m } from './metadata.ts';",
        "export { x } from '../xml/parse.ts';",
        'export const arbFormat = {};',
      ].join('\n'),
      'src/formats/arb/metadata.ts': 'export const m = 1;\n',
    });
    expect(checkFormatFolders(dir).map((b) => `${b.file}:${b.line} ${b.target}`)).toEqual([
      'src/formats/arb/index.ts:1 src/formats/json/tokens.ts',
      'src/formats/arb/index.ts:6 src/formats/xml/parse.ts',
    ]);
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toContain(
      'src/formats/arb/index.ts:1: src/formats/arb/index.ts may not import src/formats/json/tokens.ts (a format imports only',
    );
  });

  it("fails when kit/ imports a format's folder", () => {
    const dir = formats({ 'src/formats/kit/read.ts': "import { t } from '../json/tokens.ts';\n" });
    expect(checkFormatFolders(dir).map((b) => `${b.file}:${b.line} ${b.target}`)).toEqual([
      'src/formats/kit/read.ts:1 src/formats/json/tokens.ts',
    ]);
  });

  it('passes formats that import only their own folder, kit/, placeholders/ and src/formats/*.ts', () => {
    const dir = formats({
      'src/formats/arb/index.ts': [
        "import { t } from '../kit/json/tokens.ts';",
        "import { p } from '../placeholders/icu.ts';",
        "import type { FormatModule } from '../model.ts';",
        'export const arbFormat = {};',
      ].join('\n'),
    });
    expect(checkFormatFolders(dir)).toEqual([]);
    expect(run(dir)).toEqual({ status: 0, output: 'floors: no breach\n' });
  });

  it('finds no format importing another format in this repository', () => {
    expect(checkFormatFolders(root)).toEqual([]);
  });
});

describe('src/qa/ names no format (issue 35)', () => {
  const folders = new Set(['po', 'xliff12', 'xcstrings', 'arb', 'json']);
  const named = (text: string) =>
    findFormatNames(text, 'src/qa/check-unit.ts', folders).map((s) => `${s.line} ${s.what}`);

  it('finds comparisons, switches, lookups and imports from a format folder', () => {
    expect(
      named(
        [
          "if (format !== 'xcstrings') return {};",
          "const xliff = ctx.format === 'xliff12' || 'xliff2' === ctx.format;",
          "const ICU_FORMATS = new Set(['json', 'arb']);",
          "switch (name) { case 'po': break; }",
          "import { XLIFF12_INLINE } from '../formats/xliff12/read.ts';",
          "const ok = ['yaml', 'android'].includes(format.name);",
        ].join('\n'),
      ),
    ).toEqual([
      "1 'xcstrings'",
      "2 'xliff12'",
      "2 'xliff2'",
      "3 'json'",
      "3 'arb'",
      "4 'po'",
      '5 src/formats/xliff12/read.ts',
    ]);
  });

  it('leaves comments, types, messages and shared format modules alone', () => {
    expect(
      named(
        [
          "// gettext (po) needs every form; see '../formats/po/index.ts'",
          "export type OutputFormat = 'text' | 'github' | 'json';",
          "const message = 'cannot read the po file';",
          "import type { FormatModule } from '../formats/model.ts';",
          "import { findPlaceholders } from '../formats/placeholders.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('fails the run when a module under src/qa/ names one', () => {
    const dir = tree({
      'src/formats/registry.ts': "import { poFormat } from './po/index.ts';\n",
      'src/formats/po/index.ts': 'export const poFormat = {};\n',
      'src/qa/rules/gettext.ts':
        "import { poFormat } from '../../formats/po/index.ts';\nexport const required = (name: string) => name === 'po';\n",
    });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      "src/qa/rules/gettext.ts:1: src/qa/ names no format (src/formats/po/index.ts; read what the format says of itself: FormatModule's capabilities)",
    );
    expect(result.output).toContain("src/qa/rules/gettext.ts:2: src/qa/ names no format ('po';");
  });

  it('holds for the tree', () => {
    expect(checkQaFormats(root).map(formatQaFormatBreach)).toEqual([]);
  });
});
