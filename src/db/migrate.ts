import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { Dialect } from './connect.ts';

/** A versioned migration that may differ per engine (identity columns, binary types). */
export interface VersionedMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * Brings the schema up to date. Migration names sort in the order they apply (`0001_…`); a
 * migration that fails leaves the earlier ones applied and throws with the name and the cause.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: Dialect,
  migrations: Record<string, VersionedMigration>,
  table = 'schema_migrations',
): Promise<string[]> {
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (tx) => m.up(tx, dialect) };
      return out;
    },
  };
  const migrator = new Migrator({
    // The migrator itself is schema-agnostic.
    // biome-ignore lint/suspicious/noExplicitAny: Migrator takes Kysely<any>
    db: db as Kysely<any>,
    provider,
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
