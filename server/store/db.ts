import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../src/db/connect.ts';
import type { PlatformSchema } from './schema.ts';

/** The platform's database handle as every store function takes it. */
export type Db = Kysely<PlatformSchema>;
export type PlatformDatabase = Database<PlatformSchema>;
export type { Dialect };
