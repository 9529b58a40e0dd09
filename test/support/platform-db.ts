import { afterEach, beforeEach } from 'vitest';
import type { PlatformDatabase } from '../../server/store/db.ts';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/**
 * Gives each test of the calling file a fresh, migrated platform database of the engine under
 * test (SVC_TEST_DB), dropped after it. Returns the current test's database.
 */
export function eachPlatformDatabase(): () => PlatformDatabase {
  let owned: TestDatabase | undefined;
  let database: PlatformDatabase | undefined;
  beforeEach(async () => {
    owned = await createTestDatabase();
    database = connectDatabase<PlatformSchema>(owned.url);
    await migrateToLatest(database.db as never, database.dialect, platformMigrations);
  });
  afterEach(async () => {
    await database?.close();
    await owned?.drop();
    database = undefined;
    owned = undefined;
  });
  return () => {
    if (!database) throw new Error('the platform database exists only while a test runs');
    return database;
  };
}
