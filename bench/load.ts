/**
 * Load: the platform as `svc-connector server` runs it (a child process, SQLite in a file; then
 * PostgreSQL when SVC_TEST_POSTGRES_URL is set), driven by autocannon on loopback for
 * BENCH_SECONDS (default 60) at 64 connections with the mixed workload of support/load-mix.ts:
 * key checks, job lists, segment translation, uploads, instant translation with status polls,
 * memory queries and key rotation, while the delivery worker sends the INSTANT_TRANSLATE_*
 * webhooks to a local endpoint that verifies their signatures.
 *
 * Errors are every answer that is not 2xx, every connection error or timeout, every malformed
 * answer, every instant translation that failed or never finished, every delivery missing or
 * refused by the endpoint, and every error the server logged. After the load a schema-driven
 * fuzzing pass (test/support/openapi-fuzz) runs against the same server: its 5xx are fuzz_500s.
 *
 * The per-organization limits (300 requests and 2.5 M characters a minute) would turn all but a
 * few of these requests into 429s: they are raised for this run, so what is measured is the
 * server's capacity. Their enforcement is proven by the limiter benchmark and the tests.
 *
 * Prints {"bench":"load","req_per_s","p99_ms","errors","fuzz_500s", …} with the worst figure
 * over the engines at the top and each engine's figures under `engines`. BENCH_SECONDS,
 * BENCH_CONNECTIONS, BENCH_FUZZ_RUNS (default 1500) and BENCH_ENGINES change the run.
 */
import autocannon from 'autocannon';
import { createPostgresDatabase, createSqliteFile, postgresAdminUrl } from '../test/support/db.ts';
import { fuzzPass } from '../test/support/openapi-fuzz/index.ts';
import { runCli } from '../test/support/processes.ts';
import { loadMix, type MixStats } from './support/load-mix.ts';
import { drainInstant, type Platform, seedPlatform } from './support/load-platform.ts';
import { startWebhookSink } from './support/webhook-sink.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const FUZZ_RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 1500);
const say = (line: string) => process.stderr.write(`[load] ${line}\n`);

interface EngineResult {
  req_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  requests: number;
  errors: number;
  error_detail: Record<string, number>;
  fuzz_500s: number;
  fuzz_requests: number;
  instant_translations: number;
  webhooks_delivered: number;
  by_operation: Record<string, Record<number, number>>;
  p99_ms_by_operation: Record<string, number>;
  server: Awaited<ReturnType<typeof serverMetrics>>;
}

/** What the server's own /metrics say about the run: event-loop lag and mean time per route. */
async function serverMetrics(url: string, key: string) {
  const res = await fetch(`${url}/metrics`, {
    headers: { authorization: `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}` },
  });
  const text = await res.text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? Number.NaN);
  const sums = new Map<string, { sum: number; count: number }>();
  for (const m of text.matchAll(
    /^svc_http_request_duration_seconds_(sum|count)\{method="(\w+)",route="([^"]+)"\} (\S+)$/gm,
  )) {
    const route = `${m[2]} ${m[3]}`;
    const entry = sums.get(route) ?? { sum: 0, count: 0 };
    entry[m[1] as 'sum' | 'count'] = Number(m[4]);
    sums.set(route, entry);
  }
  const ms = (seconds: number) => Math.round(seconds * 10_000) / 10;
  return {
    event_loop_lag_p99_ms: ms(value('svc_nodejs_eventloop_lag_p99_seconds')),
    event_loop_lag_max_ms: ms(value('svc_nodejs_eventloop_lag_max_seconds')),
    mean_ms_by_route: Object.fromEntries(
      [...sums].filter(([, e]) => e.count > 0).map(([route, e]) => [route, ms(e.sum / e.count)]),
    ),
  };
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

function load(platform: Platform, seconds: number) {
  const mix = loadMix({ memoryId: platform.memoryId, keys: platform.keys });
  return new Promise<{ result: autocannon.Result; stats: MixStats }>((resolve, reject) => {
    const instance = autocannon(
      { url: platform.url, connections: CONNECTIONS, duration: seconds, timeout: 10, requests: mix.requests },
      (err, result) => (err ? reject(err) : resolve({ result, stats: mix.stats })),
    );
    instance.on('start', () => mix.started());
  });
}

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<EngineResult> {
  const database = engine === 'postgres' ? await createPostgresDatabase() : createSqliteFile();
  const sink = await startWebhookSink();
  const server = runCli(['server', '--port', '0', '--db', database.url], {
    LOG_LEVEL: 'warn',
    SVC_RATE_LIMIT_GENERAL: '1000000000',
    SVC_RATE_LIMIT_REQUESTS: '1000000000',
    SVC_RATE_LIMIT_CHARACTERS: '1000000000',
  });
  try {
    const [, key] = await server.waitFor(/^SVC_API_KEY=(\S+)/);
    const [, url] = await server.waitFor(/platform listening on (\S+)/);
    const platform = await seedPlatform(url!, key!, sink);
    say(`${engine}: platform ${url}, warming up`);
    const warm = await load(platform, Math.min(5, SECONDS));
    say(`${engine}: ${CONNECTIONS} connections for ${SECONDS} s`);
    const logBefore = server.stderr.join('').length;
    const { result, stats } = await load(platform, SECONDS);
    const observed = await serverMetrics(url!, key!);
    const started = [...warm.stats.translationIds, ...stats.translationIds];
    say(`${engine}: ${result.requests.total} requests; waiting for ${started.length} instant translations`);
    const drained = await drainInstant(platform, started, sink);
    const serverErrors = server.stderr
      .join('')
      .slice(logBefore)
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    for (const line of serverErrors.slice(0, 5)) say(`${engine}: server logged ${line.slice(0, 400)}`);

    say(`${engine}: fuzzing pass of ${FUZZ_RUNS} requests`);
    const fuzz = await fuzzPass({ baseUrl: url!, key: key!, runs: FUZZ_RUNS, seed: 20261121 });
    for (const f of fuzz.failures.filter((x) => x.status !== undefined && x.status >= 500).slice(0, 5))
      say(`${engine}: fuzz 5xx ${f.description.slice(0, 300)}`);

    const errorDetail = {
      non_2xx: result.non2xx + warm.result.non2xx,
      connection_errors: result.errors + warm.result.errors,
      timeouts: result.timeouts + warm.result.timeouts,
      malformed: stats.malformed + warm.stats.malformed,
      instant_failed: drained.failed,
      instant_unfinished: drained.unfinished,
      webhooks_missing: drained.webhooksMissing,
      webhooks_rejected: sink.rejected,
      server_error_logs: serverErrors.length,
    };
    return {
      req_per_s: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      max_ms: result.latency.max,
      requests: result.requests.total,
      errors: Object.values(errorDetail).reduce((a, b) => a + b, 0),
      error_detail: errorDetail,
      fuzz_500s: fuzz.serverErrors,
      fuzz_requests: fuzz.requests,
      instant_translations: started.length,
      webhooks_delivered: sink.deliveries,
      by_operation: stats.byOp,
      p99_ms_by_operation: Object.fromEntries(
        Object.entries(stats.latencies).map(([op, times]) => [op, percentile(times, 0.99)]),
      ),
      server: observed,
    };
  } catch (err) {
    const code = server.child.exitCode ?? server.child.signalCode;
    say(
      `${engine}: ${err instanceof Error ? err.message : String(err)}; the server ${code === null ? 'still runs' : `exited (${code})`}`,
    );
    say(`${engine}: the server's last log lines:\n${server.stderr.join('').slice(-3000)}`);
    throw err;
  } finally {
    await server.stop('SIGTERM');
    await sink.close();
    await database.drop();
  }
}

// BENCH_ENGINES=postgres (or sqlite) runs one of them only.
const engines = (postgresAdminUrl ? ['sqlite', 'postgres'] : ['sqlite']).filter((engine) =>
  (process.env.BENCH_ENGINES ?? engine).split(',').includes(engine),
) as ('sqlite' | 'postgres')[];
if (engines.length === 0)
  throw new Error(`BENCH_ENGINES=${process.env.BENCH_ENGINES} names no engine this run has`);
const results: Record<string, EngineResult> = {};
for (const engine of engines) results[engine] = await runEngine(engine);
const all = Object.values(results);
process.stdout.write(
  `${JSON.stringify({
    bench: 'load',
    req_per_s: Math.min(...all.map((r) => r.req_per_s)),
    p99_ms: Math.max(...all.map((r) => r.p99_ms)),
    errors: all.reduce((n, r) => n + r.errors, 0),
    fuzz_500s: all.reduce((n, r) => n + r.fuzz_500s, 0),
    seconds: SECONDS,
    connections: CONNECTIONS,
    engines: results,
  })}\n`,
);
