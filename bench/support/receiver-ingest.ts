/**
 * Receiver ingest: N signed JOB_DELIVER deliveries posted to POST /webhooks with 64 requests in
 * flight, against the receiver in a child process on an embedded SQLite file with
 * synchronous=FULL (every 202 is durable), its worker running with a phases that does nothing.
 * Bodies are signed before the clock starts. `benchReceiverIngest()` is what bench/receiver.ts
 * calls; run directly it prints {"bench":"receiver-ingest","ingest_per_s":R,…}.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { Pool } from 'undici';
import { serveReceiver } from '../../receiver/start.ts';
import { signatureHeaders } from '../../src/webhooks/standard-webhooks.ts';

export interface ReceiverIngestOptions {
  /** Deliveries to post (default 5000, env BENCH_RECEIVER_EVENTS). */
  events?: number;
  /** Requests in flight (default 64). */
  concurrency?: number;
}

export interface ReceiverIngestResult {
  ingest_per_s: number;
  events: number;
  concurrency: number;
  seconds: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;

/**
 * The receiver under test, in a process of its own as in production (the load generator would
 * otherwise share its event loop): prints its URL, stops when its stdin closes.
 */
async function serve(dbPath: string): Promise<void> {
  const receiver = await serveReceiver({
    port: 0,
    dbUrl: `sqlite:${dbPath}`,
    secrets: [SECRET],
    phases: { nameGroup: async () => 'bench/app@main', handleBatch: async () => {} },
    checkPlatform: async () => {},
    log: pino({ level: 'silent' }),
  });
  process.stdout.write(`${JSON.stringify({ url: receiver.url })}\n`);
  process.stdin.resume();
  await once(process.stdin, 'end');
  await receiver.close();
}

/** Starts a receiver process, posts the deliveries, stops it; returns accepted events per second. */
export async function benchReceiverIngest(
  options: ReceiverIngestOptions = {},
): Promise<ReceiverIngestResult> {
  const events = options.events ?? Number(process.env.BENCH_RECEIVER_EVENTS ?? 5000);
  const concurrency = options.concurrency ?? 64;
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-receiver-'));
  const child = spawn(process.execPath, [import.meta.filename, '--serve', join(dir, 'receiver.db')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const { url } = JSON.parse(line.toString()) as { url: string };
  const pool = new Pool(url, { connections: concurrency });
  try {
    const now = Date.now();
    const deliveries = Array.from({ length: events }, (_, i) => {
      const body = JSON.stringify({
        eventType: 'JOB_DELIVER',
        OrganizationId: 1,
        id: i + 1,
        name: `bench job ${i + 1}`,
        due: null,
        isDelivered: true,
        deliveredAt: new Date(now).toISOString(),
      });
      const headers = signatureHeaders({ id: `msg_bench_${i}`, timestamp: now, body, secrets: [SECRET] });
      return { body, headers: { ...headers, 'content-type': 'application/json' } };
    });
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++]!;
          const t = performance.now();
          const res = await pool.request({ path: '/webhooks', method: 'POST', ...delivery });
          await res.body.dump();
          latencies.push(performance.now() - t);
          if (res.statusCode !== 202) errors++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
    return {
      ingest_per_s: Math.round((events - errors) / seconds),
      events,
      concurrency,
      seconds: Math.round(seconds * 100) / 100,
      p50_ms: at(0.5),
      p99_ms: at(0.99),
      errors,
    };
  } finally {
    await pool.close();
    child.stdin!.end();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  if (process.argv[2] === '--serve') {
    await serve(process.argv[3]!);
  } else {
    const result = await benchReceiverIngest();
    process.stdout.write(`${JSON.stringify({ bench: 'receiver-ingest', ...result })}\n`);
  }
}
