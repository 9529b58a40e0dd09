/**
 * Client limiter benchmark: `node bench/limiter.ts` prints one JSON line
 * `{"bench":"limiter","request_utilization":U,"char_utilization":C,"responses_429":N,…}`.
 *
 * Utilization is achieved throughput over allowed throughput while demand never runs out: more
 * calls are queued than the limits let through, and the time the limiter takes to let K windows'
 * worth through (from the first start to the start of the call beyond K × allowance) is compared
 * with K windows: U = K × window / that time. The calls still waiting are then aborted. An ideal
 * client needs exactly K windows; ours loses about one round trip per window (it counts each
 * request until its answer plus a window, which keeps the server's windows within the limit
 * whatever the latency — see src/api/limiter/window-budget.ts).
 *
 * - Requests: POST /v2/documents/pretranslate on the platform (300 per window, windows scaled to
 *   BENCH_WINDOW_MS, default 2000 ms), 20 callers.
 * - Characters: POST /v2/translate/file on the platform (2.5 M characters per window) through the
 *   typed client, one uploaded JSON file per call of 20 k–220 k translatable characters (seeded;
 *   the client weighs each call by them, the platform charges what it counts itself):
 *   `"char_server":"platform"`.
 * The platform runs in a child process (this file with `--serve`), as it would run apart from its
 *   clients; its background worker runs too, translating what the calls start, so the character
 *   calls' round trips include the platform at work. responses_429 counts every 429;
 *   fake_server_429 keeps its key from when a fake server stood in for the character workload and
 *   now counts the platform's 429s to that workload.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createClient } from '../src/api/client.ts';
import { countCharacters } from '../src/api/helpers/characters.ts';
import { uploadFile } from '../src/api/helpers/upload-file.ts';
import { createTransport } from '../src/api/http.ts';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 2000);
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 5);
const REQUESTS = 300;
const CHARACTERS = 2_500_000;

interface Servers {
  platform: string;
  key: string;
}

if (process.argv.includes('--serve')) await serve();
else await measure();

async function serve(): Promise<void> {
  const { startPlatform } = await import('../test/support/platform.ts');
  const platform = await startPlatform({ limits: { windowMs: WINDOW_MS } });
  const servers: Servers = { platform: platform.url, key: platform.key };
  process.stdout.write(`${JSON.stringify(servers)}\n`);
  // Until the parent closes stdin; then stop.
  process.stdin.resume();
  await once(process.stdin, 'end');
  await platform.close();
}

/** A JSON file of exactly `characters` translatable characters (messages of up to 100). */
function jsonOfCharacters(characters: number, index: number): Uint8Array {
  const messages: Record<string, string> = {};
  const filler = `Release ${index}: translate this message for the next version of the app. `.repeat(3);
  for (let left = characters, i = 0; left > 0; i++) {
    const length = Math.min(100, left);
    messages[`m${i}`] = filler.slice(0, length);
    left -= length;
  }
  return new TextEncoder().encode(JSON.stringify(messages, null, 1));
}

interface Start {
  at: number;
  index: number;
}

/** A logger that keeps the start time of each call's first attempt (callIds count from 1). */
function startLog(starts: Start[], latencies: number[] = []) {
  const debug = (fields: object) => {
    const f = fields as { event?: string; at?: number; callId?: number; attempt?: number; ms?: number };
    if (f.event === 'send' && f.attempt === 1) starts.push({ at: f.at!, index: f.callId! - 1 });
    if (f.event === 'response') latencies.push(f.ms!);
  };
  return { debug, info() {}, warn() {} };
}

function percentile(values: number[], q: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
}

/**
 * Queues every call at once and measures how long the limiter takes to let WINDOWS windows'
 * worth of weight through: the time from the first start to the start of the call that goes
 * beyond `WINDOWS × capacity`, which an ideal client reaches after exactly WINDOWS windows.
 * Returns WINDOWS × window / that time; the calls still waiting are then aborted.
 */
async function saturate(
  calls: Array<(signal: AbortSignal) => Promise<unknown>>,
  weight: number[],
  capacity: number,
  starts: Start[],
): Promise<{ utilization: number; sent: number }> {
  const controller = new AbortController();
  const pending = calls.map((call) => call(controller.signal).catch(() => undefined));
  const target = WINDOWS * capacity;
  const beyond = () => {
    let sum = 0;
    for (const s of starts) {
      sum += weight[s.index] ?? 0;
      if (sum > target) return s;
    }
    return undefined;
  };
  const deadline = Date.now() + 3 * WINDOWS * WINDOW_MS;
  let last = beyond();
  while (!last && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    last = beyond();
  }
  controller.abort();
  await Promise.all(pending);
  if (!last) throw new Error('the limiter did not let the allowance through in three times the time');
  const sent = starts.filter((s) => s.at < last.at).reduce((n, s) => n + (weight[s.index] ?? 0), 0);
  return { utilization: (WINDOWS * WINDOW_MS) / (last.at - starts[0]!.at), sent };
}

async function measure(): Promise<void> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const servers = JSON.parse((await lines.next()).value as string) as Servers;
  const limits = { windowMs: WINDOW_MS, requests: REQUESTS, characters: CHARACTERS };

  // Request-bound: 20 callers queue more pretranslations than WINDOWS + 2 windows allow.
  const requestStarts: Start[] = [];
  const latencies: number[] = [];
  const rt = createTransport({
    baseUrl: servers.platform,
    apiKey: servers.key,
    limits,
    log: startLog(requestStarts, latencies),
  });
  const demand = REQUESTS * (WINDOWS + 2);
  const perCaller = demand / 20;
  const requestCalls = Array.from({ length: demand }, (_, i) => (signal: AbortSignal) => {
    const caller = Math.floor(i / perCaller);
    return rt.request({
      method: 'POST',
      path: '/v2/documents/pretranslate',
      json: { id: [caller * 1000 + i] },
      signal,
    });
  });
  const requests = await saturate(requestCalls, new Array(demand).fill(1), REQUESTS, requestStarts);

  // Character-bound: requests of 20 k–220 k characters (seeded), far fewer than 300 per window.
  const sizes: number[] = [];
  let seed = 11;
  for (let total = 0; total < CHARACTERS * (WINDOWS + 2); ) {
    seed = (seed * 48271) % 2147483647;
    const size = 20_000 + (seed % 200_000);
    sizes.push(size);
    total += size;
  }
  // Files are uploaded first, by a client of their own (not measured).
  const setup = createClient({ baseUrl: servers.platform, apiKey: servers.key, limits });
  const memory = await setup.memories.create({ name: 'bench', srclang: 'en', trglang: 'de' });
  const fileIds: number[] = [];
  for (const [i, size] of sizes.entries()) {
    const name = `locales/en/part-${i}.json`;
    const bytes = jsonOfCharacters(size, i);
    if (countCharacters(name, bytes) !== size) throw new Error(`file ${i} does not hold ${size} characters`);
    fileIds.push((await uploadFile(setup, { name, content: bytes, langId: 'en' })).id);
  }
  await setup.close();

  const charStarts: Start[] = [];
  const charLatencies: number[] = [];
  const client = createClient({
    baseUrl: servers.platform,
    apiKey: servers.key,
    limits,
    log: startLog(charStarts, charLatencies),
  });
  const charCalls = sizes.map(
    (characters, i) => (signal: AbortSignal) =>
      client.instant.translate({ fileIds: [fileIds[i]!], memoryId: memory.id, characters }, { signal }),
  );
  const chars = await saturate(charCalls, sizes, CHARACTERS, charStarts);

  child.stdin!.end();
  await once(child, 'exit');
  await rt.close();
  await client.close();
  const round = (x: number) => Number(x.toFixed(3));
  process.stdout.write(
    `${JSON.stringify({
      bench: 'limiter',
      request_utilization: round(requests.utilization),
      char_utilization: round(chars.utilization),
      responses_429: rt.counters.rateLimited + client.transport.counters.rateLimited,
      char_server: 'platform',
      window_ms: WINDOW_MS,
      windows: WINDOWS,
      requests_sent: requests.sent,
      chars_sent: chars.sent,
      fake_server_429: client.transport.counters.rateLimited,
      // The round trip the request-bound run saw: what it costs per window (see above).
      request_latency_p50_ms: percentile(latencies, 0.5),
      request_latency_p90_ms: percentile(latencies, 0.9),
      // The character calls' round trip: the platform reads and counts the files, and its worker
      // translates those already started meanwhile.
      char_latency_p50_ms: percentile(charLatencies, 0.5),
      char_latency_p90_ms: percentile(charLatencies, 0.9),
    })}\n`,
  );
}
