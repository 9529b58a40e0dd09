import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { bootstrapIfEmpty } from '../../server/bootstrap.ts';
import type { PlatformDatabase } from '../../server/store/db.ts';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { csrfOf } from './client.ts';

// Behind a TLS-terminating proxy (trustProxy) the request is HTTPS: cookies must be Secure.
let database: PlatformDatabase;
let server: Server;
let base: string;
let key: string;

beforeAll(async () => {
  database = connectDatabase<PlatformSchema>('sqlite::memory:');
  await migrateToLatest(database.db as never, database.dialect, platformMigrations);
  key = (await bootstrapIfEmpty(database.db, Date.now))!.key;
  const { app } = createApp({ database, trustProxy: true });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

describe('workbench cookies over HTTPS', () => {
  it('marks the pre-session and session cookies Secure when the request came over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const login = await fetch(`${base}/workbench/login`, { headers: https });
    const pre = login.headers.getSetCookie()[0]!;
    expect(pre).toMatch(
      /^svc_wb_pre=[\w-]{43}; Path=\/workbench; HttpOnly; SameSite=Strict; Max-Age=3600; Secure$/,
    );
    const res = await fetch(`${base}/workbench/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...https, 'content-type': 'application/x-www-form-urlencoded', cookie: pre.split(';')[0]! },
      body: new URLSearchParams({ _csrf: csrfOf(await login.text()), key }).toString(),
    });
    expect(res.status).toBe(303);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('svc_wb='))!;
    expect(session).toMatch(/; HttpOnly; SameSite=Strict; Max-Age=86400; Secure$/);
  });

  it('leaves Secure off over plain HTTP (loopback development)', async () => {
    const login = await fetch(`${base}/workbench/login`);
    expect(login.headers.getSetCookie()[0]).not.toMatch(/Secure/);
  });
});
