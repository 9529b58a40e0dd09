import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import express from 'express';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../server/http/error-handler.ts';

/** The error a real SQLite foreign key raises, as node:sqlite throws it. */
function sqliteForeignKeyError(): unknown {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON; CREATE TABLE a (id INTEGER PRIMARY KEY);');
  db.exec('CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id));');
  try {
    db.exec('INSERT INTO b (a_id) VALUES (6)');
  } catch (err) {
    return err;
  } finally {
    db.close();
  }
  throw new Error('the insert was expected to fail');
}

/** The error node-postgres raises for SQLSTATE 23503 (foreign_key_violation). */
function postgresForeignKeyError(): unknown {
  const err = new pg.DatabaseError(
    'insert or update on table "file_labels" violates foreign key constraint "file_labels_file_id_fkey"',
    266,
    'error',
  );
  err.code = '23503';
  return err;
}

let url: string;
let close: () => void;
const errors: Record<string, () => unknown> = {
  sqlite: sqliteForeignKeyError,
  postgres: postgresForeignKeyError,
  other: () => new Error('some bug'),
};

beforeAll(async () => {
  const app = express();
  app.get('/fail/:kind', (req) => {
    throw errors[req.params.kind]!();
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

// Fuzz counterexample (PostgreSQL, 8 requests at once): a file deleted while a label was being
// added to it made the label's insert break the foreign key, and the caller got a 500.
describe('errors of writes that raced a concurrent change', () => {
  it.each(['sqlite', 'postgres'])('a %s foreign key violation is a 409 saying to retry', async (kind) => {
    const res = await fetch(`${url}/fail/${kind}`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/by a request made at the same time; retry$/);
  });

  it('any other error stays a 500 that shows nothing of it', async () => {
    const res = await fetch(`${url}/fail/other`);
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toMatch(/some bug/);
  });
});
