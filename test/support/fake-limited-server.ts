import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on 127.0.0.1 on a free port. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<Listening> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The header through which a test request tells the fake server how many characters it sends to MT. */
export const CHARS_HEADER = 'x-test-chars';

export interface WindowCount {
  requests: number;
  characters: number;
}

export interface FakeLimitedServer extends Listening {
  /** Accepted requests and characters per fixed window, keyed by the window's start. */
  readonly windows: Map<number, WindowCount>;
  /** 429s answered. */
  readonly rejected: number;
  /** Accepted requests. */
  readonly accepted: number;
}

/**
 * A stand-in for a limited endpoint that counts characters, as POST /v2/translate/file will:
 * fixed windows (shifted by `offsetMs` from the epoch, to show the client does not rely on where
 * windows start), `requests` and `characters` allowed per window, the characters of a request
 * read from the `x-test-chars` header. Over a limit it answers the platform's 429 with
 * X-RateLimit-* headers and counts nothing; otherwise 200 `{chars}` after reading the body.
 */
export async function startFakeLimitedServer(options: {
  windowMs: number;
  requests: number;
  characters: number;
  offsetMs?: number;
  now?: () => number;
}): Promise<FakeLimitedServer> {
  const { windowMs, requests, characters, offsetMs = 0, now = Date.now } = options;
  const windows = new Map<number, WindowCount>();
  let rejected = 0;
  let accepted = 0;
  const listening = await listen(async (req, res) => {
    const t = now();
    const start = Math.floor((t - offsetMs) / windowMs) * windowMs + offsetMs;
    const count = windows.get(start) ?? { requests: 0, characters: 0 };
    windows.set(start, count);
    const chars = Number(req.headers[CHARS_HEADER] ?? 0);
    const over =
      count.requests + 1 > requests
        ? { limit: requests, remaining: requests - count.requests }
        : count.characters + chars > characters
          ? { limit: characters, remaining: characters - count.characters }
          : undefined;
    for await (const _ of req); // drain the body before answering
    res.setHeader('content-type', 'application/json');
    if (over) {
      rejected++;
      res.writeHead(429, {
        'x-ratelimit-limit': over.limit,
        'x-ratelimit-remaining': over.remaining,
        'x-ratelimit-reset': Math.max(1, Math.ceil((start + windowMs - t) / 1000)),
      });
      res.end(JSON.stringify({ error: 'rate_limit_exceeded', message: 'rate limit exceeded' }));
      return;
    }
    count.requests++;
    count.characters += chars;
    accepted++;
    res.end(JSON.stringify({ chars }));
  });
  return {
    ...listening,
    windows,
    get rejected() {
      return rejected;
    },
    get accepted() {
      return accepted;
    },
  };
}

export interface ManualClock {
  now(): number;
  setTimer(fn: () => void, ms: number): () => void;
  /** Moves time forward by `ms`, firing due timers in order and letting promises settle between them. */
  advance(ms: number): Promise<void>;
  /** Timers not yet fired. */
  readonly pending: number;
}

/** A clock for the limiter, retries and polling that tests move by hand: no sleeps. */
export function manualClock(start = 1_000_000): ManualClock {
  let t = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return {
    now: () => t,
    setTimer(fn, ms) {
      const id = seq++;
      timers.set(id, { at: t + Math.max(0, ms), fn });
      return () => timers.delete(id);
    },
    async advance(ms) {
      const end = t + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, x]) => x.at <= end)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0]);
        const next = due[0];
        if (!next) break;
        timers.delete(next[0]);
        t = Math.max(t, next[1].at);
        next[1].fn();
        await settle();
      }
      t = Math.max(t, end);
      await settle();
    },
    get pending() {
      return timers.size;
    },
  };
}
