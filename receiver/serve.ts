import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { listen } from '../src/http/listen.ts';
import { applyTimeouts, type ServerTimeouts } from '../src/http/server-timeouts.ts';
import { requestIdMixin } from '../src/tracing/request-context.ts';
import { createReceiverApp, type ReceiverApp, type ReceiverAppDeps } from './app.ts';
import { DEFAULT_RECEIVER_DATABASE_URL, RECEIVER_TIMEOUTS } from './settings.ts';
import { openReceiverDatabase } from './store/open.ts';
import type { ReceiverDatabase } from './store/schema.ts';

export interface ServeOptions extends Omit<ReceiverAppDeps, 'database' | 'log'> {
  /** Default 8090; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** `sqlite:PATH` (default sqlite:./data/receiver.db), `sqlite::memory:` or `postgres://…`. */
  dbUrl?: string;
  /** An already open (and migrated) database instead of `dbUrl`; closed with the receiver. */
  database?: ReceiverDatabase;
  log?: Logger;
  /** Default: RECEIVER_TIMEOUTS. */
  timeouts?: ServerTimeouts;
}

export interface RunningReceiver {
  url: string;
  server: http.Server;
  receiver: ReceiverApp;
  /** Stops accepting, stores what was accepted, lets the worker finish, closes the database. */
  close(): Promise<void>;
}

/**
 * Serves the receiver over handlers given as they are: opens (and migrates) the database unless
 * one is given, starts the worker and listens. startReceiver (start.ts) builds the handlers from
 * the settings and calls this; tests call it with handlers of their own.
 */
export async function serveReceiver(options: ServeOptions): Promise<RunningReceiver> {
  const log = options.log ?? pino({ level: 'info', mixin: requestIdMixin }, pino.destination(2));
  const host = options.host ?? '127.0.0.1';
  const database =
    options.database ?? (await openReceiverDatabase(options.dbUrl ?? DEFAULT_RECEIVER_DATABASE_URL));
  let receiver: ReceiverApp;
  try {
    receiver = createReceiverApp({ ...options, database, log });
  } catch (err) {
    await database.close();
    throw err;
  }
  const server = http.createServer(receiver.app);
  // Slow clients may not hold connections forever (slow-loris).
  applyTimeouts(server, options.timeouts ?? RECEIVER_TIMEOUTS);
  try {
    await listen(server, options.port ?? 8090, host);
  } catch (err) {
    await database.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log.info({ url, database: database.dialect }, 'receiver listening');
  if (options.storeOnly)
    log.warn(
      `events are stored, not handled: ${options.storeOnly}; they are handled once the receiver restarts with it`,
    );
  else receiver.worker.start();

  let closing: Promise<void> | undefined;
  return {
    url,
    server,
    receiver,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      })
        .then(() => receiver.inbox.drain())
        .then(() => receiver.worker.stop())
        .finally(() => database.close());
      return closing;
    },
  };
}
