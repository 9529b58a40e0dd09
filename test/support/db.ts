import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The PostgreSQL server tests may use (CI starts one); undefined when there is none. */
export const postgresAdminUrl = process.env.SVC_TEST_POSTGRES_URL;

/** Which engine storage-dependent suites run on: `SVC_TEST_DB=postgres` switches them to PostgreSQL. */
export const testEngine: 'sqlite' | 'postgres' =
  process.env.SVC_TEST_DB === 'postgres' && postgresAdminUrl ? 'postgres' : 'sqlite';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database on the test server. */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  if (!postgresAdminUrl) throw new Error('SVC_TEST_POSTGRES_URL is not set');
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresAdminUrl });
      await c.connect();
      try {
        // pg's pool resolves end() before its sockets are closed; terminating those sessions with
        // FORCE would make the closing clients emit errors nobody listens to. Wait for them first.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await c.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh SQLite file in a temporary folder (shareable between processes, unlike :memory:). */
export function createSqliteFile(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  return {
    url: `sqlite:${join(dir, 'platform.db')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh database on the engine this run tests. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return testEngine === 'postgres'
    ? createPostgresDatabase()
    : { url: 'sqlite::memory:', drop: async () => {} };
}
