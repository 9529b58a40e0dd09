import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { applyTimeouts, type ServerTimeouts, timeoutsFromEnv } from '../src/http/server-timeouts.ts';
import { requestIdMixin } from '../src/tracing/request-context.ts';
import { createApp } from './app.ts';
import { bootstrapIfEmpty } from './bootstrap.ts';
import { isLoopbackHost } from './http/loopback.ts';
import { limitsFromEnv } from './limits/config.ts';
import { platformMigrations } from './store/migrations/index.ts';
import type { PlatformSchema } from './store/schema.ts';

export interface ServerOptions {
  port?: number;
  host?: string;
  databaseUrl: string;
  tlsCert?: string;
  tlsKey?: string;
  trustProxy?: boolean;
  env?: NodeJS.ProcessEnv;
  log?: Logger;
  now?: () => number;
  /** Default: PLATFORM_TIMEOUTS, overridden by SVC_HEADERS_TIMEOUT_MS and friends in `env`. */
  timeouts?: ServerTimeouts;
}

/** Headers within 20 s, a whole request (uploads of up to 512 MiB) within 2 min, idle keep-alive 5 s. */
export const PLATFORM_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
};

export interface RunningServer {
  url: string;
  /** The listening node server (for embedding: metrics, upgrades, tests). */
  server: http.Server | https.Server;
  /** The bootstrap key, when this start created the first organization. */
  bootstrapKey?: string;
  close(): Promise<void>;
}

/**
 * Opens the database (migrating it), bootstraps an empty one, and listens. Only HTTPS is served,
 * except on loopback or behind a TLS-terminating proxy (DESIGN §5, Transport).
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const log =
    options.log ?? pino({ level: env.LOG_LEVEL ?? 'info', mixin: requestIdMixin }, pino.destination(2));
  const host = options.host ?? '127.0.0.1';
  const tls = options.tlsCert && options.tlsKey;
  if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) {
    throw new TypeError('--tls-cert and --tls-key go together');
  }
  if (!tls && !options.trustProxy && !isLoopbackHost(host)) {
    throw new TypeError(
      `refusing plain HTTP on ${host}: only HTTPS is served; give --tls-cert and --tls-key, ` +
        'or --trust-proxy when a proxy in front terminates TLS',
    );
  }
  const limits = limitsFromEnv(env);
  const database = connectDatabase<PlatformSchema>(options.databaseUrl);
  try {
    await migrateToLatest(database.db as never, database.dialect, platformMigrations);
  } catch (err) {
    await database.close();
    throw err;
  }
  const now = options.now ?? Date.now;
  const boot = await bootstrapIfEmpty(database.db, now);
  const { app, worker } = createApp({
    database,
    log,
    now,
    limits,
    env,
    trustProxy: options.trustProxy ?? false,
    // A platform on loopback serves one machine: its webhooks may go to local receivers.
    allowPrivateWebhooks: isLoopbackHost(host),
  });
  worker.start();
  const server = tls
    ? https.createServer({ cert: readFileSync(options.tlsCert!), key: readFileSync(options.tlsKey!) }, app)
    : http.createServer(app);
  // Slow clients may not hold a connection open forever (slow-loris).
  applyTimeouts(server, options.timeouts ?? timeoutsFromEnv(env, PLATFORM_TIMEOUTS));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log.info({ url, database: database.dialect }, 'platform listening');

  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    ...(boot ? { bootstrapKey: boot.key } : {}),
    close() {
      // Stop accepting, let in-flight requests finish, then close the database.
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      })
        .then(() => worker.stop())
        .then(() => database.close());
      return closing;
    },
  };
}
