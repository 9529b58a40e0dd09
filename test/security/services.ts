import { connect } from 'node:net';
import pino, { type Logger } from 'pino';
import { type RunningReceiver, serveReceiver } from '../../receiver/start.ts';
import { type RunningServer, startServer } from '../../server/main.ts';
import type { ServerTimeouts } from '../../src/http/server-timeouts.ts';

/** The webhook secret the test receivers verify with (base64 of 32 bytes, as the platform makes them). */
export const RECEIVER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/**
 * The platform as `svc-connector server` runs it (server/main.ts, so its timeouts and limits are
 * the ones under test), on loopback with an in-memory database.
 */
export function startRealPlatform(
  o: { log?: Logger; timeouts?: ServerTimeouts; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'sqlite::memory:',
    env: o.env ?? {},
    log: o.log ?? pino({ level: 'silent' }),
    ...(o.timeouts ? { timeouts: o.timeouts } : {}),
  });
}

/** The receiver as serveReceiver (receiver/start.ts) serves it, with handlers that do nothing. */
export function startRealReceiver(
  o: { log?: Logger; timeouts?: ServerTimeouts } = {},
): Promise<RunningReceiver> {
  return serveReceiver({
    port: 0,
    dbUrl: 'sqlite::memory:',
    secrets: [RECEIVER_SECRET],
    phases: { nameGroup: async () => null, handleBatch: async () => {} },
    checkPlatform: async () => {},
    log: o.log ?? pino({ level: 'silent' }),
    ...(o.timeouts ? { timeouts: o.timeouts } : {}),
  });
}

export interface RawExchange {
  /** Everything the server sent before the connection ended. */
  response: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
  /** True when the test gave up waiting (the server kept the connection open). */
  gaveUp: boolean;
}

/**
 * Talks HTTP over a bare socket, for what fetch refuses to send (oversized or malformed headers)
 * or sends too fast (slow-loris). `write` receives the socket and may trickle bytes; the exchange
 * ends when the server closes the connection or after `giveUpMs`.
 */
export function rawExchange(
  url: string,
  write: (send: (text: string) => boolean) => (() => void) | undefined,
  giveUpMs: number,
): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    let response = '';
    let gaveUp = false;
    let stop: (() => void) | undefined;
    const timer = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, giveUpMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      response += chunk;
    });
    // A server that resets the connection has closed it too.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      stop?.();
      resolve({ response, closedAfterMs: performance.now() - started, gaveUp });
    });
    socket.on('connect', () => {
      const send = (text: string) => !socket.destroyed && socket.write(text, 'latin1');
      stop = write(send);
    });
  });
}

/** The status code of the first response in a raw exchange, or undefined when there was none. */
export function statusOf(response: string): number | undefined {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(response);
  return m ? Number(m[1]) : undefined;
}
