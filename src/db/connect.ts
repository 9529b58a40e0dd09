import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type CopyOut, poolCopyOut } from './copy-out.ts';
import { openSqlite, type SqliteOptions } from './sqlite.ts';
import { type DatabaseTarget, parseDatabaseUrl } from './url.ts';

export type Dialect = DatabaseTarget['kind'];

/** An open database: one Kysely instance whatever the engine, so every query has one code path. */
export interface Database<Schema> {
  db: Kysely<Schema>;
  dialect: Dialect;
  /** Binary COPY reads on PostgreSQL's pool (src/db/copy-out.ts); absent on SQLite. */
  copyOut?: CopyOut;
  close(): Promise<void>;
}

export interface ConnectOptions extends SqliteOptions {
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
}

/** Opens `sqlite:PATH`, `sqlite::memory:` or `postgres://…`. */
export function connectDatabase<Schema>(url: string, options: ConnectOptions = {}): Database<Schema> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'sqlite') {
    const { kysely } = openSqlite(target.path, options);
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: kysely }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.poolSize ?? 10,
    // int8 (counts, epoch milliseconds) and numeric arrive as strings by default; every value we
    // store in them fits a double exactly.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 || oid === 1700
          ? Number
          : (pg.types.getTypeParser as (o: number, f?: string) => unknown)(oid, format),
    } as pg.CustomTypesConfig,
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    copyOut: poolCopyOut(pool),
    async close() {
      await db.destroy();
      // Kysely ends the pool only once it has run a query itself; `copyOut` may have used it alone.
      if (!pool.ending) await pool.end();
    },
  };
}
