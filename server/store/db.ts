import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database, Dialect } from '../../src/db/connect.ts';
import type { PlatformSchema } from './schema.ts';

/** The platform's database handle as every store function takes it. */
export type Db = Kysely<PlatformSchema>;
export type PlatformDatabase = Database<PlatformSchema>;
export type { Dialect };

/** Whether `db` runs on PostgreSQL (for the few statements written for one engine). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
