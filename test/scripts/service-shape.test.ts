import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkServiceShape,
  findServiceShapeBreaches,
  namedAsService,
} from '../../scripts/floors/service-shape.ts';

const root = join(import.meta.dirname, '..', '..');

const trees: string[] = [];
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-service-shape-'));
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

const good = [
  "import type { Selectable } from 'kysely';",
  "import { type Kysely } from 'kysely';",
  'export function thingService(deps: { db: unknown }) {',
  '  return { get: async () => deps.db };',
  '}',
  'export type ThingService = ReturnType<typeof thingService>;',
].join('\n');

describe('one service shape (scripts/floors/service-shape.ts)', () => {
  it('knows a service module by its name, under server/ only', () => {
    expect(namedAsService('server/webhooks/service.ts')).toBe(true);
    expect(namedAsService('server/auth/api-key-service.ts')).toBe(true);
    expect(namedAsService('server/services/jobs/view-data.ts')).toBe(false);
    expect(namedAsService('src/service.ts')).toBe(false);
  });

  it('passes a factory with its type, and kysely types', () => {
    expect(findServiceShapeBreaches(good, true, true)).toEqual([]);
  });

  it('fails a service module without a factory, and a factory without its type', () => {
    expect(findServiceShapeBreaches('export const things = {};\n', true, true)).toEqual([
      { line: 1, problem: expect.stringContaining('exports a `…Service` factory') },
    ]);
    const untyped = 'export function thingService(deps: object) {\n  return {};\n}\n';
    expect(findServiceShapeBreaches(untyped, false, false)).toEqual([
      {
        line: 1,
        problem: expect.stringContaining('export type ThingService = ReturnType<typeof thingService>'),
      },
    ]);
  });

  it('fails SQL in a service: a kysely value, a sql template, a query built; not in comments or strings', () => {
    const text = [
      good,
      "import { sql, type Kysely } from 'kysely';",
      '// db.selectFrom("x") in a comment is not a query',
      "const note = 'sql`select 1` in a string';",
      'export const q = (db: any) => db.selectFrom("files").selectAll().execute();',
      'export const r = (db: any) => sql`delete from files`.execute(db);',
    ].join('\n');
    expect(findServiceShapeBreaches(text, true, true).map((s) => s.line)).toEqual([7, 10, 11]);
  });

  it('fails the run on a planted breach, and holds server/store/ to none of it', () => {
    const dir = tree({
      'server/store/files.ts': "import { sql } from 'kysely';\nexport const q = () => sql`select 1`;\n",
      'server/services/things/service.ts': good,
      'server/services/things/service-helpers.ts': 'export const x = (db: any) => db.deleteFrom("things");\n',
      'server/auth/key-service.ts': 'export function keyService() {\n  return {};\n}\n',
    });
    expect(checkServiceShape(dir).map((b) => `${b.file}:${b.line}`)).toEqual([
      'server/auth/key-service.ts:1',
      'server/services/things/service-helpers.ts:1',
    ]);
    let status = 0;
    let output = '';
    try {
      execFileSync(process.execPath, [join(root, 'scripts', 'check-floors.ts'), dir], { stdio: 'pipe' });
    } catch (e) {
      const err = e as { status: number; stderr: Buffer };
      status = err.status;
      output = err.stderr.toString();
    }
    expect(status).toBe(1);
    expect(output).toContain('server/auth/key-service.ts:1: one service shape (keyService comes with');
  });

  it('finds no breach in this repository', () => {
    expect(checkServiceShape(root)).toEqual([]);
  });
});
