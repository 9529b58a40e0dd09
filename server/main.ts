import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { listen } from '../src/http/listen.ts';
import { applyTimeouts, type ServerTimeouts } from '../src/http/server-timeouts.ts';
import { requestIdMixin } from '../src/tracing/request-context.ts';
import { createApp } from './app.ts';
import { bootstrapIfEmpty, reissueBootstrapKey } from './bootstrap.ts';
import { answerUnreadableRequests, MAX_HEAD_BYTES } from './http/head-limits.ts';
import { isLoopbackHost } from './http/loopback.ts';
import { readSettings } from './settings.ts';
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
  /**
   * On a database bootstrapped before, issue the bootstrap user a new key (returned as
   * `bootstrapKey`): `up` does so when the key file it keeps beside the database is gone.
   */
  reissueKey?: boolean;
}

export { PLATFORM_TIMEOUTS } from './settings.ts';

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
  // Every setting is checked before anything starts: a wrong one names itself and nothing listens.
  const settings = readSettings(options.env ?? process.env);
  const log = options.log ?? pino({ level: settings.logLevel, mixin: requestIdMixin }, pino.destination(2));
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
  // Listen first: a port in use fails the start at once, before a database file or an
  // organization and key that nobody would be shown exist. Requests in the moment until the app
  // is ready are answered 503.
  let handle: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'retry-after': '1' }).end();
  };
  const onRequest: http.RequestListener = (req, res) => handle(req, res);
  const server = tls
    ? https.createServer(
        {
          cert: readFileSync(options.tlsCert!),
          key: readFileSync(options.tlsKey!),
          maxHeaderSize: MAX_HEAD_BYTES,
        },
        onRequest,
      )
    : http.createServer({ maxHeaderSize: MAX_HEAD_BYTES }, onRequest);
  answerUnreadableRequests(server);
  // Slow clients may not hold a connection open forever (slow-loris).
  applyTimeouts(server, options.timeouts ?? settings.timeouts);
  await listen(server, options.port ?? 8080, host);
  let database: ReturnType<typeof connectDatabase<PlatformSchema>> | undefined;
  let worker: ReturnType<typeof createApp>['worker'] | undefined;
  let boot: { key: string } | undefined;
  const now = options.now ?? Date.now;
  try {
    database = connectDatabase<PlatformSchema>(options.databaseUrl);
    await migrateToLatest(database.db as never, database.dialect, platformMigrations);
    const created = createApp({
      database,
      log,
      now,
      settings,
      trustProxy: options.trustProxy ?? false,
      // A platform on loopback serves one machine: its webhooks may go to local receivers.
      allowPrivateWebhooks: isLoopbackHost(host),
    });
    worker = created.worker;
    worker.start();
    boot = options.reissueKey
      ? await reissueBootstrapKey(database.db, now)
      : await bootstrapIfEmpty(database.db, now);
    handle = created.app;
  } catch (err) {
    server.close();
    await worker?.stop();
    await database?.close();
    throw err;
  }
  const db = database;
  const running = worker;
  const { port } = server.address() as AddressInfo;
  const url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log.info({ url, database: db.dialect }, 'platform listening');

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
        .then(() => running.stop())
        .then(() => db.close());
      return closing;
    },
  };
}
