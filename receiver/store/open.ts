import { connectDatabase } from '../../src/db/connect.ts';
import { migrateReceiver } from './migrations.ts';
import type { ReceiverDatabase, ReceiverSchema } from './schema.ts';

/**
 * Opens the receiver's database (`sqlite:PATH`, `sqlite::memory:`, `postgres://…`) and brings its
 * tables up to date. SQLite runs with `synchronous=FULL`: a 202 promises the platform that the
 * event survives a power cut, and it will not send it again.
 */
export async function openReceiverDatabase(url: string): Promise<ReceiverDatabase> {
  const database = connectDatabase<ReceiverSchema>(url, { synchronous: 'FULL' });
  try {
    await migrateReceiver(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
