import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase, type Database } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { parseDatabaseUrl, redactUrl } from '../../src/db/url.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../support/db.ts';

describe('database URLs', () => {
  it('accepts sqlite:PATH, sqlite::memory: and postgres://', () => {
    expect(parseDatabaseUrl('sqlite:./data/platform.db')).toEqual({
      kind: 'sqlite',
      path: './data/platform.db',
    });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ kind: 'sqlite', path: ':memory:' });
    expect(parseDatabaseUrl('sqlite:///var/lib/svc.db')).toEqual({ kind: 'sqlite', path: '/var/lib/svc.db' });
    expect(parseDatabaseUrl('postgres://u:p@h/db')).toEqual({ kind: 'postgres', url: 'postgres://u:p@h/db' });
    expect(parseDatabaseUrl('postgresql://h/db').kind).toBe('postgres');
  });

  it('refuses anything else with a message that never shows the password', () => {
    expect(() => parseDatabaseUrl('mysql://root:hunter2@db/x')).toThrow(
      /unsupported database URL.*sqlite:PATH/,
    );
    expect(() => parseDatabaseUrl('mysql://root:hunter2@db/x')).not.toThrow(/hunter2/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/needs a path/);
    expect(redactUrl('postgres://svc:s3cret@db:5432/svc')).toBe('postgres://svc:***@db:5432/svc');
  });
});

describe(`migrations and queries on ${testEngine}`, () => {
  let target: TestDatabase;
  let database: Database<PlatformSchema>;
  beforeAll(async () => {
    target = await createTestDatabase();
    database = connectDatabase<PlatformSchema>(target.url);
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('applies every migration once; running again applies none', async () => {
    const first = await migrateToLatest(database.db as never, database.dialect, platformMigrations);
    expect(first).toEqual(Object.keys(platformMigrations));
    expect(await migrateToLatest(database.db as never, database.dialect, platformMigrations)).toEqual([]);
  });

  it('numbers ids itself and returns big counters as numbers on both engines', async () => {
    const a = await database.db
      .insertInto('organizations')
      .values({ name: 'one', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const b = await database.db
      .insertInto('organizations')
      .values({ name: 'two', created_at: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(b.id).toBeGreaterThan(a.id);
    const big = Date.UTC(2030, 0, 1);
    await database.db
      .insertInto('rate_windows')
      .values({ organization_id: a.id, bucket: 'x', window_start: big, used: 2 ** 40 })
      .execute();
    const row = await database.db.selectFrom('rate_windows').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ window_start: big, used: 2 ** 40 });
    const { count } = await database.db
      .selectFrom('organizations')
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(2);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await tx.insertInto('organizations').values({ name: 'ghost', created_at: 3 }).execute();
        await tx.insertInto('organizations').values({ name: 'one', created_at: 4 }).execute();
      }),
    ).rejects.toThrow();
    const names = (await database.db.selectFrom('organizations').select('name').execute()).map((r) => r.name);
    expect(names).not.toContain('ghost');
  });
});

describe('SQLite files', () => {
  it('are opened in WAL mode with a busy timeout, creating the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-db-'));
    const path = join(dir, 'nested', 'platform.db');
    const database = connectDatabase<PlatformSchema>(`sqlite:${path}`);
    await migrateToLatest(database.db as never, database.dialect, platformMigrations);
    await database.close();
    const raw = new DatabaseSync(path);
    expect(raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    raw.close();
  });
});
