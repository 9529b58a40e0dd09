/**
 * TM on PostgreSQL shared by replicas: `npm run bench -- tm-replicas` prints one JSON line.
 *
 * Starts a throwaway PostgreSQL (as .ci/postgres.sh does), imports SVC_BENCH_SEGMENTS generated
 * segments (default 1,000,000) as one TMX through the API, and runs two `svc-connector server`
 * processes on it, first as shipped (candidates from the trigram lists in the database), then as
 * before (SVC_TM_INDEX=memory: an in-process index per replica), measuring both in this one run:
 *  - p50_ms/p95_ms: GET /v2/memories/query over HTTP, alternating replicas (fuzzy queries made
 *    from stored sentences, 15 % unrelated; bench/support/tm-corpus.ts), once each replica has
 *    answered TM_REPLICAS_WARMUP other queries (500): a replica in service is past its first
 *    queries, which run partly in V8's interpreter while it optimises the hot loops;
 *  - first_p95_ms: the p95 of each replica's first 100 of those (a freshly started replica);
 *  - stale_ms: a one-unit import through replica A is done (A answers it); then the time until
 *    replica B's query answers it (the median of the rounds, the largest too);
 *  - rss_mb_per_replica: the larger replica's resident memory after the queries (the replicas run
 *    with the Node options the Docker image sets, NODE_OPTIONS in the Dockerfile);
 *  - top1_agreement: the replicas' best match against the exhaustive scan of the same corpus
 *    (the in-process index's exhaustive mode, which scores every candidate: bench/tm.ts checks it
 *    against fastest-levenshtein) on a sample, agreeing when the score is the same;
 *  - import_s: the TMX import from upload until the memory shows it succeeded;
 *  - bounded: the slowest of an empty-ish (punctuation), a 5,000-character and a heavily
 *    repeated query, each against both replicas; over BOUNDED_BUDGET_MS the benchmark fails
 *    (exit 1) after printing its line, naming the query.
 *  - prewarmed: whether the segments and lists were loaded into PostgreSQL's cache after the
 *    import (`pg_prewarm`, as a database in service holds them; TM_REPLICAS_PREWARM=0 leaves the
 *    cache as the import left it);
 *  - huge_pages: whether PostgreSQL's shared memory is in huge pages, which it takes when the host
 *    has enough reserved (`sysctl vm.nr_hugepages`; README, Operations): without them each
 *    connection's first touch of a cached page costs a page fault, a large share of a query here.
 * Options: SVC_BENCH_SEGMENTS=N, TM_REPLICAS_QUERIES (600), TM_REPLICAS_SAMPLE (200),
 * TM_REPLICAS_WARMUP (500), TM_REPLICAS_PREWARM (1), TM_REPLICAS_SHARED_BUFFERS (PostgreSQL's
 * cache, default 1GB).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createTmIndex } from '../server/engine/tm/index.ts';
import { mutate, sentences } from './support/tm-corpus.ts';

const SEGMENTS = Number(process.env.SVC_BENCH_SEGMENTS ?? process.argv[2] ?? 1_000_000);
const QUERIES = Number(process.env.TM_REPLICAS_QUERIES ?? 600);
const SAMPLE = Math.min(QUERIES, Number(process.env.TM_REPLICAS_SAMPLE ?? 200));
const WARMUP = Number(process.env.TM_REPLICAS_WARMUP ?? 500);
/** A fresh replica's first queries, whose p95 is reported apart (first_p95_ms). */
const FIRST = 100;
const PREWARM = process.env.TM_REPLICAS_PREWARM !== '0';
const STALE_ROUNDS = 5;
/** The longest an adversarial query may take, on either path (bounded work per query). */
const BOUNDED_BUDGET_MS = 1000;
const root = join(import.meta.dirname, '..');
const started = performance.now();
const progress = (what: string) =>
  process.stderr.write(`tm-replicas ${((performance.now() - started) / 1000).toFixed(0)}s: ${what}\n`);
const round = (x: number, digits = 1) => Number(x.toFixed(digits));
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

// --- the corpus ---------------------------------------------------------------------------------
const stream = sentences(20261127);
const units: { source: string; target: string }[] = [];
for (let i = 0; i < SEGMENTS; i++) units.push(stream.next().value!);
const stored = units.map((u) => u.source);
const queries = Array.from({ length: QUERIES }, (_, i) => mutate(stored, 90_000 + i));
const warmups = Array.from({ length: WARMUP }, (_, i) => mutate(stored, 80_000 + i));
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
function tmx(pairs: readonly { source: string; target: string }[]): Buffer {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="bench" creationtoolversion="1" segtype="sentence" o-tmf="bench" adminlang="en" srclang="en" datatype="plaintext"/><body>\n',
  ];
  for (const u of pairs) {
    parts.push(
      `<tu><tuv xml:lang="en"><seg>${esc(u.source)}</seg></tuv><tuv xml:lang="de"><seg>${esc(u.target)}</seg></tuv></tu>\n`,
    );
  }
  parts.push('</body></tmx>\n');
  return Buffer.from(parts.join(''));
}

// --- PostgreSQL and the replicas ----------------------------------------------------------------
const work = mkdtempSync(join(tmpdir(), 'tm-replicas-'));
// PostgreSQL runs as its own user when this runs as root: it must reach its data directory.
chmodSync(work, 0o755);
const pgPort = await freePort();
const pgUrl = execFileSync('bash', [join(root, '.ci/postgres.sh'), join(work, 'pg'), String(pgPort)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
  .toString()
  .trim()
  .split('\n')
  .at(-1)!;
const dbUrl = pgUrl.replace(/\/postgres$/, '/tm');
execFileSync('psql', ['-X', '-q', pgUrl, '-c', 'CREATE DATABASE tm']);
// A database serving a million-segment memory gets a cache its size (lists and segments are about
// 700 MB; the former way held 1.3 GB in each replica): PostgreSQL's default 128 MB makes a query
// read a third of its pages from the operating system. TM_REPLICAS_SHARED_BUFFERS=128MB keeps it.
const sharedBuffers = process.env.TM_REPLICAS_SHARED_BUFFERS ?? '1GB';
execFileSync('psql', ['-X', '-q', pgUrl, '-c', `ALTER SYSTEM SET shared_buffers = '${sharedBuffers}'`]);
{
  const bin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    .toString()
    .trim();
  const restart = [join(bin, 'pg_ctl'), '-D', join(work, 'pg', 'data'), '-w', '-m', 'fast', 'restart'];
  const opts = `-c listen_addresses=127.0.0.1 -c port=${pgPort} -c unix_socket_directories=${join(work, 'pg')} -c max_connections=300 -c fsync=off`;
  const args = [...restart, '-l', join(work, 'pg', 'server.log'), '-o', opts];
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' });
  } catch {
    execFileSync(args[0]!, args.slice(1), { stdio: 'ignore' });
  }
}
/** Whether PostgreSQL's shared memory is mapped in huge pages (null: its memory map is not readable). */
const hugePages = (() => {
  try {
    const pid = readFileSync(join(work, 'pg', 'data', 'postmaster.pid'), 'utf8').split('\n')[0];
    return /KernelPageSize:\s+(?!4 kB)\d+ kB/.test(readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  } catch {
    return null;
  }
})();
if (hugePages === false) {
  progress('PostgreSQL runs without huge pages: reserve them (sysctl vm.nr_hugepages) to measure with');
}

interface Replica {
  url: string;
  child: ChildProcess;
}
let key = '';
/** The Node options the image runs the server with (Dockerfile's NODE_OPTIONS): the replicas use them too. */
const imageNodeOptions =
  /NODE_OPTIONS=("?)([^"\s]+)\1/.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[2] ?? '';
const auth = () => `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;

async function startReplica(env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const keyFile = join(work, 'key');
  const child = spawn(
    process.execPath,
    [
      join(root, 'src/cli/main.ts'),
      'server',
      '--db',
      dbUrl,
      '--port',
      String(port),
      ...(key === '' ? ['--key-file', keyFile] : []),
    ],
    {
      // The general quota (4000 requests a minute) is per window: a one-second window lets the
      // benchmark's polling through without turning the limit off.
      env: { ...process.env, NODE_OPTIONS: imageNodeOptions, SVC_RATE_WINDOW_MS: '1000', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const listening = (d: Buffer) => {
      out += d.toString();
      if (!out.includes('platform listening')) return;
      // From here on the replica's log is drained and dropped, not collected.
      child.stdout!.off('data', listening);
      child.stdout!.resume();
      resolve();
    };
    child.stdout!.on('data', listening);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  if (key === '') key = readFileSync(keyFile, 'utf8').trim();
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopReplica(r: Replica): Promise<void> {
  const exited = new Promise((resolve) => r.child.once('exit', resolve));
  r.child.kill('SIGTERM');
  await exited;
}

const rssMb = (r: Replica) => {
  const status = readFileSync(`/proc/${r.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

// No response timeout: the former path's first query builds a million-segment index per replica.
const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
type Init = { method?: string; headers?: Record<string, string>; body?: string | Uint8Array };

/**
 * One API call, its JSON answer. Through undici's `request`, not its `fetch`: building the WHATWG
 * `Response` costs the client time and garbage of its own on every call, which the latencies
 * measured here are not about (on one replica, the same queries alternating: p50 about 0.5 ms and
 * p95 about 1.7 ms more through `fetch`).
 */
async function call(r: Replica, path: string, init: Init = {}): Promise<unknown> {
  const res = await request(r.url + path, {
    method: init.method ?? 'GET',
    headers: { authorization: auth(), ...init.headers },
    body: init.body,
    dispatcher: agent,
  });
  if (res.statusCode !== 200) {
    throw new Error(`${path.slice(0, 80)} answered ${res.statusCode}: ${await res.body.text()}`);
  }
  return res.body.json();
}

let memoryId = 0;
async function query(r: Replica, text: string, n = 1): Promise<{ score: number; source: string }[]> {
  return (await call(r, `/v2/memories/query?id=${memoryId}&n=${n}&query=${encodeURIComponent(text)}`)) as {
    score: number;
    source: string;
  }[];
}

/** Imports `body` through `r`; resolves once the memory shows the import succeeded. */
async function importTmx(r: Replica, name: string, body: Buffer, pollMs: number): Promise<void> {
  await call(r, '/v2/memories/import', {
    method: 'POST',
    headers: {
      'SVC-API': JSON.stringify({ memory_id: memoryId, name }),
      'content-type': 'application/octet-stream',
    },
    body,
  });
  for (;;) {
    const [memory] = (await call(r, `/v2/memories?id=${memoryId}`)) as {
      last_import: { name: string; status: string; error: string | null } | null;
    }[];
    const last = memory!.last_import;
    if (last?.name === name && last.status === 'succeeded') return;
    if (last?.name === name && last.status === 'failed') throw new Error(`import failed: ${last.error}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

// --- one measured configuration ----------------------------------------------------------------
interface Figures {
  p50_ms: number;
  p95_ms: number;
  first_p95_ms: number;
  stale_ms: number;
  stale_max_ms: number;
  rss_mb_per_replica: number;
  top1_agreement: number;
  bounded_max_ms: number;
  first_query_s: number;
}

let expected: ({ score: number } | undefined)[] = [];
const overBudget: string[] = [];
let staleSerial = 0;

async function measure(label: string, env: Record<string, string>, rounds: number): Promise<Figures> {
  const a = await startReplica(env);
  const b = await startReplica(env);
  const replicas = [a, b];
  try {
    let t0 = performance.now();
    await Promise.all(replicas.map((r) => query(r, queries[0]!)));
    const firstQuery = (performance.now() - t0) / 1000;
    progress(`${label}: both replicas answered their first query (${firstQuery.toFixed(1)} s)`);
    const firsts: number[] = [];
    for (const [i, text] of warmups.entries()) {
      for (const r of replicas) {
        t0 = performance.now();
        await query(r, text);
        if (i < FIRST) firsts.push(performance.now() - t0);
      }
    }
    const times: number[] = [];
    const tops: ({ score: number } | undefined)[] = [];
    for (let i = 0; i < QUERIES; i++) {
      t0 = performance.now();
      const [top] = await query(replicas[i % 2]!, queries[i]!);
      times.push(performance.now() - t0);
      tops.push(top);
    }
    let agreed = 0;
    for (let i = 0; i < SAMPLE; i++) {
      const mine = tops[i];
      const scan = expected[i];
      if (mine === undefined || scan === undefined ? mine === scan : mine.score === scan.score) agreed++;
      else
        progress(`${label} disagrees: ${JSON.stringify(queries[i])} got ${mine?.score} scan ${scan?.score}`);
    }
    const bounded: number[] = [];
    for (const text of ['?!… -- ... ***', 'Save the file. '.repeat(334).slice(0, 5000), 'a'.repeat(5000)]) {
      for (const r of replicas) {
        t0 = performance.now();
        await query(r, text);
        const ms = performance.now() - t0;
        bounded.push(ms);
        if (ms > BOUNDED_BUDGET_MS)
          overBudget.push(`${label}: ${JSON.stringify(text.slice(0, 30))}… took ${ms.toFixed(0)} ms`);
      }
    }
    progress(`${label}: ${QUERIES} queries timed`);
    const stale: number[] = [];
    for (let k = 0; k < rounds; k++) {
      const source = `Replica check ${++staleSerial}: the quarterly zebra invoice was archived`;
      await importTmx(a, `stale-${staleSerial}.tmx`, tmx([{ source, target: `DE ${source}` }]), 2);
      while ((await query(a, source))[0]?.source !== source) {}
      t0 = performance.now();
      while ((await query(b, source))[0]?.source !== source) {}
      stale.push(performance.now() - t0);
    }
    progress(`${label}: staleness measured`);
    return {
      p50_ms: round(quantile(times, 0.5), 2),
      p95_ms: round(quantile(times, 0.95), 2),
      first_p95_ms: round(quantile(firsts, 0.95), 2),
      stale_ms: round(quantile(stale, 0.5)),
      stale_max_ms: round(Math.max(...stale)),
      rss_mb_per_replica: round(Math.max(...replicas.map(rssMb)), 0),
      top1_agreement: round(agreed / SAMPLE, 3),
      bounded_max_ms: round(Math.max(...bounded)),
      first_query_s: round(firstQuery, 2),
    };
  } finally {
    await Promise.all(replicas.map(stopReplica));
  }
}

try {
  // The exhaustive answers first, then the in-process index is dropped before the replicas start.
  {
    const index = createTmIndex();
    index.addMany(units.map((u, id) => ({ id, ...u })));
    expected = queries.slice(0, SAMPLE).map((q) => index.query(q, { n: 1, exhaustive: true })[0]);
    progress(`${SAMPLE} exhaustive answers ready`);
  }
  const first = await startReplica({});
  const created = await call(first, '/v2/memories', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', srclang: 'en', trglang: 'de' }),
  });
  memoryId = (created as { id: number }).id;
  const body = tmx(units);
  progress(`importing ${SEGMENTS} segments (${(body.length / 2 ** 20).toFixed(0)} MB of TMX)`);
  const t0 = performance.now();
  await importTmx(first, 'corpus.tmx', body, 200);
  const importS = (performance.now() - t0) / 1000;
  progress(`imported in ${importS.toFixed(1)} s`);
  await stopReplica(first);
  // What autovacuum does a while after a large import: statistics, and the visibility map that lets
  // a query read its list sizes from the index alone.
  execFileSync('psql', ['-X', '-q', dbUrl, '-c', 'VACUUM ANALYZE segments, tm_lists, tm_postings']);
  // A database that has served queries for a while holds its lists and segments in its cache (and
  // `pg_prewarm.autoprewarm` keeps them there across restarts, README): loaded here, queries start
  // from that state rather than from whatever the import left in the cache.
  if (PREWARM) {
    const tables = ['segments', 'tm_lists', 'tm_postings'].map((t) => `'${t}'::regclass`).join(', ');
    execFileSync('psql', [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      dbUrl,
      '-c',
      'CREATE EXTENSION IF NOT EXISTS pg_prewarm',
      '-c',
      `SELECT pg_prewarm(c.oid) FROM pg_class c
       WHERE c.oid IN (${tables}) OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN (${tables}))`,
    ]);
  }
  const { size, rows } = JSON.parse(
    execFileSync('psql', [
      '-X',
      '-qAt',
      dbUrl,
      '-c',
      "SELECT json_build_object('size', pg_total_relation_size('tm_postings') + pg_total_relation_size('tm_lists'), 'rows', count(*)) FROM tm_postings",
    ]).toString(),
  ) as { size: number; rows: number };
  progress(`TM lists: ${rows} chunks, ${(size / 2 ** 20).toFixed(0)} MB with the sizes and indexes`);

  const shipped = await measure('database lists', {}, STALE_ROUNDS);
  // Kept on stderr too: the former path below can take long enough at a million segments to fail.
  progress(`database lists figures ${JSON.stringify(shipped)}`);
  const baseline = await measure('in-process index', { SVC_TM_INDEX: 'memory' }, 3);
  const { first_query_s: _a, ...figures } = shipped;
  console.log(
    JSON.stringify({
      bench: 'tm-replicas',
      segments: SEGMENTS,
      replicas: 2,
      ...figures,
      import_s: round(importS),
      queries: QUERIES,
      sample: SAMPLE,
      postings_mb: round(size / 2 ** 20, 0),
      shared_buffers: sharedBuffers,
      huge_pages: hugePages,
      prewarmed: PREWARM,
      warmup: WARMUP,
      baseline: { ...baseline, import_s: round(importS) },
    }),
  );
  if (overBudget.length > 0) {
    process.stderr.write(`tm-replicas: over the ${BOUNDED_BUDGET_MS} ms budget:\n${overBudget.join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  const bin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    .toString()
    .trim();
  const stop = [join(bin, 'pg_ctl'), '-D', join(work, 'pg', 'data'), '-m', 'fast', 'stop'];
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', ...stop], { stdio: 'ignore' });
  } catch {
    execFileSync(stop[0]!, stop.slice(1), { stdio: 'ignore' });
  }
  rmSync(work, { recursive: true, force: true });
}
