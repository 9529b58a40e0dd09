/**
 * Migration 0010 gives PostgreSQL its trigram index and SQLite nothing; where pg_trgm cannot be
 * created, the error says what to do.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase, postgresAdminUrl, testEngine } from '../support/db.ts';

describe(`migration 0010_tm_trigram on ${testEngine}`, () => {
  it('adds the match column and its trigram index on PostgreSQL only', async () => {
    const target = await createTestDatabase();
    const database = connectDatabase<PlatformSchema>(target.url);
    try {
      await migrateToLatest(database.db as never, database.dialect, platformMigrations);
      if (testEngine === 'postgres') {
        const { rows } = await sql<{ indexdef: string }>`
          SELECT indexdef FROM pg_indexes WHERE indexname = 'segments_match_trgm'`.execute(database.db);
        expect(rows[0]?.indexdef).toMatch(
          /USING gist \(match_text gist_trgm_ops ?\(siglen='?256'?\)\) WHERE \(visible = 1\)/,
        );
      } else {
        const columns = await sql<{ name: string }>`PRAGMA table_info(segments)`.execute(database.db);
        expect(columns.rows.map((c) => c.name)).not.toContain('match_text');
      }
    } finally {
      await database.close();
      await target.drop();
    }
  });

  // Only PostgreSQL has extensions; on SQLite the test above is the whole story (not a skip).
  const onPostgres = testEngine === 'postgres' ? it : undefined;
  onPostgres?.(
    'without the right to create pg_trgm, fails naming the extension and what to run',
    async () => {
      const role = `svc_noext_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      const target = await createTestDatabase();
      const dbName = new URL(target.url).pathname.slice(1);
      try {
        await admin.query(`CREATE ROLE ${role} LOGIN`);
        // The role may create tables (earlier migrations) but not extensions: it owns nothing.
        const inDb = new pg.Client({ connectionString: target.url });
        await inDb.connect();
        await inDb.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
        await inDb.end();
        const url = new URL(target.url);
        url.username = role;
        const database = connectDatabase<PlatformSchema>(url.toString());
        try {
          const failure = await migrateToLatest(
            database.db as never,
            database.dialect,
            platformMigrations,
          ).then(
            () => undefined,
            (err: Error) => err,
          );
          expect(failure?.message).toMatch(/migration 0010_tm_trigram failed/);
          const cause = (failure?.cause as Error | undefined)?.message;
          expect(cause).toMatch(/pg_trgm could not be created \(permission denied/);
          expect(cause).toMatch(/postgresql-contrib/);
          expect(cause).toMatch(/superuser run `CREATE EXTENSION pg_trgm;`/);
        } finally {
          await database.close();
        }
      } finally {
        await target.drop();
        await admin.query(`DROP OWNED BY ${role}`).catch(() => {});
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
        await admin.end();
        expect(dbName).toMatch(/^svc_test_/);
      }
    },
  );
});
