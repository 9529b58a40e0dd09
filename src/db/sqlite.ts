import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export interface SqliteOptions {
  /** `FULL` where a lost write must never happen (the receiver's inbox); `NORMAL` is safe with WAL. */
  synchronous?: 'NORMAL' | 'FULL';
  /** How long a writer waits for another process's lock before failing. */
  busyTimeoutMs?: number;
}

/**
 * Opens a SQLite database with `node:sqlite` (no native addon) and wraps it in the
 * better-sqlite3-shaped interface Kysely's SqliteDialect expects.
 */
export function openSqlite(
  path: string,
  options: SqliteOptions = {},
): { raw: DatabaseSync; kysely: SqliteDatabase } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new DatabaseSync(path);
  // WAL lets readers in other processes go on while one writes; the busy timeout makes writers queue
  // instead of failing with SQLITE_BUSY (https://www.sqlite.org/wal.html).
  if (path !== ':memory:') raw.exec('PRAGMA journal_mode = WAL');
  raw.exec(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 10_000}`);
  raw.exec(`PRAGMA synchronous = ${options.synchronous ?? 'NORMAL'}`);
  raw.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, SqliteStatement>();
  return {
    raw,
    kysely: {
      close: () => raw.close(),
      prepare(sql: string): SqliteStatement {
        let statement = cache.get(sql);
        if (!statement) {
          statement = adapt(raw.prepare(sql));
          if (cache.size > 500) cache.clear();
          cache.set(sql, statement);
        }
        return statement;
      },
    },
  };
}

function adapt(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...bind(parameters)),
    run(parameters) {
      const { changes, lastInsertRowid } = statement.run(...bind(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...bind(parameters)) as IterableIterator<unknown>,
  };
}

/** node:sqlite binds no booleans or undefined; store them as SQLite does (0/1, NULL). */
function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value === undefined) return null;
    if (value instanceof Date) return value.getTime();
    return value as SQLInputValue;
  });
}
