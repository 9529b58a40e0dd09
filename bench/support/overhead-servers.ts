/**
 * Child process of bench/server-overhead.ts: the platform (SQLite in memory) and a bare express
 * app serving the same catalogue bytes, on two loopback ports, printed as one JSON line.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp } from '../../server/app.ts';
import { bootstrapIfEmpty } from '../../server/bootstrap.ts';
import { languagesBody } from '../../server/languages/catalogue.ts';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

const database = connectDatabase<PlatformSchema>('sqlite::memory:');
await migrateToLatest(database.db as never, database.dialect, platformMigrations);
const boot = await bootstrapIfEmpty(database.db, Date.now);
// The general quota would stop a benchmark after 4000 requests; it is measured, not bypassed:
// a quota this large still claims its leases from the database.
const { app: platform } = createApp({
  database,
  limits: {
    general: 1_000_000_000,
    requests: 300,
    characters: 2_500_000,
    windowMs: 60_000,
    perOrganizationFrom: 0,
  },
});

const bare = express();
const body = languagesBody();
bare.get('/v2/languages', (req, res) => {
  res.set('ETag', '"bare"');
  if (req.get('if-none-match') === '"bare"') return void res.status(304).end();
  res.type('application/json').send(body);
});

const listen = (app: express.Express) =>
  new Promise<number>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port));
  });
const ports = { platform: await listen(platform), bare: await listen(bare), key: boot!.key };
process.stdout.write(`${JSON.stringify(ports)}\n`);
// Exit cleanly on a signal so --cpu-prof can write its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
