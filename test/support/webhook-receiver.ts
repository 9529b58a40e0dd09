import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  receivedAt: number;
}

/** How to answer a request: a status (with an optional body), or `hang` to never answer. */
export type Answer = number | { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface WebhookReceiver {
  /** `http://127.0.0.1:PORT` — tests never send anywhere else. */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Answers the next requests in this order; afterwards `fallback` (200 unless changed). */
  script(...answers: Answer[]): void;
  /** The answer once the script is used up. */
  fallback(answer: Answer): void;
  /** Resolves once `count` requests have arrived in total; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * A local HTTP endpoint on 127.0.0.1 that records every request and answers as told: 200 by
 * default, or scripted statuses such as 500, 410, a redirect, or a hang (for timeouts).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const scripted: Answer[] = [];
  let otherwise: Answer = 200;
  let waiters: { count: number; resolve: () => void }[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      const answer = scripted.shift() ?? otherwise;
      waiters = waiters.filter((w) => {
        if (requests.length < w.count) return true;
        w.resolve();
        return false;
      });
      if (answer === 'hang') return;
      const { status, body, headers } = typeof answer === 'number' ? { status: answer } : answer;
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(body ?? `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    script(...answers) {
      scripted.push(...answers);
    },
    fallback(answer) {
      otherwise = answer;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (requests.length >= count) return Promise.resolve(requests.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} webhook requests, got ${requests.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests.slice());
          },
        });
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
