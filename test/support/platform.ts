import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from '../../server/app.ts';
import { apiKeyService } from '../../server/auth/api-key-service.ts';
import { bootstrapIfEmpty } from '../../server/bootstrap.ts';
import type { MtProvider } from '../../server/engine/mt/index.ts';
import { answerUnreadableRequests, MAX_HEAD_BYTES } from '../../server/http/head-limits.ts';
import { DEFAULT_LIMITS, type LimitsConfig } from '../../server/limits/config.ts';
import type { ContentGenerator } from '../../server/services/content/generator.ts';
import { readSettings } from '../../server/settings.ts';
import { createOrganization, ensureUser, grant } from '../../server/store/accounts.ts';
import type { PlatformDatabase } from '../../server/store/db.ts';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema, Role } from '../../server/store/schema.ts';
import type { WebhookOptions } from '../../server/webhooks/index.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestPlatform {
  url: string;
  /** The bootstrap admin key of organization `default`. */
  key: string;
  database: PlatformDatabase;
  /** Where `database` is: a second process on the same data connects here. */
  databaseUrl: string;
  /** Adds an organization with an admin and returns the admin's key. */
  addOrganization(name: string): Promise<{ organizationId: number; userId: number; key: string }>;
  /** Adds a user with a role in an organization and returns a key of theirs. */
  addUser(organizationId: number, email: string, role: Role): Promise<{ userId: number; key: string }>;
  /** Resolves once no background work is due or running. */
  idle(): Promise<void>;
  /** fetch against the platform with a key as HTTP Basic key:key. */
  call(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface StartOptions {
  now?: () => number;
  limits?: Partial<LimitsConfig>;
  databaseUrl?: string;
  maxUploadBytes?: number;
  mt?: MtProvider;
  /** Webhook delivery settings (stub resolver, timeout, retry scale). */
  webhooks?: WebhookOptions;
  /** Default true: the test server listens on 127.0.0.1, so webhooks may target loopback. */
  allowPrivateWebhooks?: boolean;
  /** Environment the platform reads its settings from (default: none of the process's). */
  env?: NodeJS.ProcessEnv;
  /** The platform's logger (default: silent). */
  log?: Logger;
  /** The content generator (default: from env, i.e. offline). */
  content?: ContentGenerator;
  contentMaxGenerationMs?: number;
}

export function basic(key: string): string {
  return `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;
}

/** Starts the platform app on 127.0.0.1 with a fresh database of the engine under test. */
export async function startPlatform(options: StartOptions = {}): Promise<TestPlatform> {
  let owned: TestDatabase | undefined;
  let url = options.databaseUrl;
  if (!url) {
    owned = await createTestDatabase();
    url = owned.url;
  }
  const database = connectDatabase<PlatformSchema>(url);
  await migrateToLatest(database.db as never, database.dialect, platformMigrations);
  const now = options.now ?? Date.now;
  const boot = await bootstrapIfEmpty(database.db, now);
  if (!boot) throw new Error('test database was not empty');
  const { app, worker } = createApp({
    database,
    now,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    ...(options.maxUploadBytes ? { maxUploadBytes: options.maxUploadBytes } : {}),
    ...(options.mt ? { mt: options.mt } : {}),
    allowPrivateWebhooks: options.allowPrivateWebhooks ?? true,
    webhooks: options.webhooks,
    settings: readSettings(options.env ?? {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.content ? { content: options.content } : {}),
    ...(options.contentMaxGenerationMs ? { contentMaxGenerationMs: options.contentMaxGenerationMs } : {}),
  });
  worker.start();
  // As server/main.ts serves it: the same head limit, the same answers to unreadable requests.
  const server: Server = createServer({ maxHeaderSize: MAX_HEAD_BYTES }, app);
  answerUnreadableRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = apiKeyService({ db: database.db, now, random: randomBytes });

  return {
    url: base,
    key: boot.key,
    database,
    databaseUrl: url,
    async addOrganization(name) {
      const t = now();
      const organizationId = await createOrganization(database.db, name, t);
      const userId = await ensureUser(database.db, `admin@${name}.test`, t);
      await grant(database.db, { organizationId, userId, role: 'admin' }, t);
      const { key } = await keys.issueFor(organizationId, userId, `${name} admin`, null);
      return { organizationId, userId, key };
    },
    async addUser(organizationId, email, role) {
      const t = now();
      const userId = await ensureUser(database.db, email, t);
      await grant(database.db, { organizationId, userId, role }, t);
      const { key } = await keys.issueFor(organizationId, userId, `${email} key`, null);
      return { userId, key };
    },
    call(path, init = {}) {
      const { key = boot.key, json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (key !== null && !h.has('authorization')) h.set('authorization', basic(key));
      if (json !== undefined) h.set('content-type', 'application/json');
      return fetch(base + path, {
        ...rest,
        headers: h,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
    idle: () => worker.idle(),
    async close() {
      await worker.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
      await owned?.drop();
    },
  };
}
