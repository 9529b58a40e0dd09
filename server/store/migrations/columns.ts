import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';

/** An integer primary key the database numbers itself: AUTOINCREMENT on SQLite, an identity on PostgreSQL. */
export function idColumn(dialect: Dialect) {
  return (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
}

/** Binary content: BLOB on SQLite, bytea on PostgreSQL. */
export function binaryType(dialect: Dialect): 'blob' | 'bytea' {
  return dialect === 'sqlite' ? 'blob' : 'bytea';
}
