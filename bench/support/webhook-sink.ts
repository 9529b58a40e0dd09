/**
 * A webhook endpoint for benchmarks: verifies each delivery's Standard Webhooks signature with the
 * receiver's own check, answers 204 at once, and keeps only what the benchmark asks about — the
 * distinct deliveries (a retry repeats its webhook-id) and the translation ids they name.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from '../../src/webhooks/standard-webhooks.ts';

export interface WebhookSink {
  url: string;
  /** Distinct deliveries by webhook-id. */
  readonly deliveries: number;
  /** Deliveries that repeated an id already received (at-least-once is allowed to). */
  readonly repeats: number;
  /** Requests that failed verification or had no JSON body. */
  readonly rejected: number;
  /** translationId of each INSTANT_TRANSLATE_* delivery received. */
  readonly translations: ReadonlySet<number>;
  /** The signing secret, once the platform has issued it. */
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startWebhookSink(): Promise<WebhookSink> {
  const ids = new Set<string>();
  const translations = new Set<number>();
  let secret = '';
  let repeats = 0;
  let rejected = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const checked = secret ? verify([secret], req.headers, body, Date.now()) : undefined;
      if (!checked?.ok) {
        rejected++;
        res.writeHead(401).end();
        return;
      }
      if (ids.has(checked.id)) repeats++;
      ids.add(checked.id);
      try {
        const event = JSON.parse(body.toString('utf8')) as { translationId?: number };
        if (typeof event.translationId === 'number') translations.add(event.translationId);
      } catch {
        rejected++;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    get deliveries() {
      return ids.size;
    },
    get repeats() {
      return repeats;
    },
    get rejected() {
      return rejected;
    },
    translations,
    setSecret(value) {
      secret = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
