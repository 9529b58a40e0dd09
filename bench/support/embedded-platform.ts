/**
 * A platform in the bench's own process on an embedded SQLite file, as `svc-connector server`
 * runs it (limits raised so the bench measures the work, not the quota), with its bootstrap key
 * and a JSON `call` that throws on any answer but 2xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.ts';
import { bootstrapIfEmpty } from '../../server/bootstrap.ts';
import { DEFAULT_LIMITS } from '../../server/limits/config.ts';
import { readSettings } from '../../server/settings.ts';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/** The platform's JSON answer, read as the bench expects it (as `res.json()` does). */
// biome-ignore lint/suspicious/noExplicitAny: a bench reads answers whose shapes it knows from the spec
export type Call = (path: string, init?: RequestInit & { json?: unknown }) => Promise<any>;

export interface EmbeddedPlatform {
  base: string;
  key: string;
  database: ReturnType<typeof connectDatabase<PlatformSchema>>;
  call: Call;
  /** Resolves once the platform's background work is done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function embeddedPlatform(name: string): Promise<EmbeddedPlatform> {
  const dir = mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
  const database = connectDatabase<PlatformSchema>(`sqlite:${join(dir, 'platform.db')}`);
  await migrateToLatest(database.db as never, database.dialect, platformMigrations);
  const boot = await bootstrapIfEmpty(database.db, Date.now);
  const { app, worker } = createApp({
    database,
    settings: readSettings({}),
    limits: { ...DEFAULT_LIMITS, general: 1_000_000 },
  });
  worker.start();
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = boot!.key;
  const auth = { authorization: `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}` };
  const call: Call = async (path, init = {}) => {
    const res = await fetch(base + path, {
      ...init,
      headers: {
        ...auth,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.headers as Record<string, string>),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    base,
    key,
    database,
    call,
    idle: () => worker.idle(),
    async close() {
      await worker.stop();
      server.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
