/**
 * Platform overhead per request: authenticated GET /v2/languages on the platform (API key lookup,
 * constant-time hash compare, general quota, request id, error handling) against a bare express
 * route serving the same bytes, both in one child process, loaded alternately from this process
 * with autocannon on loopback. `ratio` compares full responses (~350 KB each); `ratio_304`
 * compares conditional requests answered 304, where the per-request overhead dominates.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const child = spawn(process.execPath, [join(import.meta.dirname, 'support/overhead-servers.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = (await once(child.stdout!, 'data')) as [Buffer];
const { platform, bare, key } = JSON.parse(line.toString()) as {
  platform: number;
  bare: number;
  key: string;
};
const auth = `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;

async function load(
  port: number,
  headers: Record<string, string>,
): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/v2/languages`,
    connections: 16,
    duration: SECONDS,
    headers,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const etag = (
  await fetch(`http://127.0.0.1:${platform}/v2/languages`, { headers: { authorization: auth } })
).headers.get('etag')!;
// Warm both up, then measure twice in alternating order and keep the better run of each.
await load(platform, { authorization: auth });
await load(bare, {});
const runs = {
  platform: [] as number[],
  bare: [] as number[],
  platform304: [] as number[],
  bare304: [] as number[],
};
let p99 = 0;
let errors = 0;
for (let round = 0; round < 2; round++) {
  const ours = await load(platform, { authorization: auth });
  const theirs = await load(bare, {});
  runs.platform.push(ours.rps);
  runs.bare.push(theirs.rps);
  p99 = Math.max(p99, ours.p99);
  errors += ours.errors + theirs.errors;
  // 304 answers count as non-2xx in autocannon; they are expected here.
  runs.platform304.push((await load(platform, { authorization: auth, 'if-none-match': etag })).rps);
  runs.bare304.push((await load(bare, { 'if-none-match': '"bare"' })).rps);
}
child.kill();
const best = (xs: number[]) => Math.max(...xs);
const round2 = (x: number) => Math.round(x * 100) / 100;
process.stdout.write(
  `${JSON.stringify({
    bench: 'server-overhead',
    ratio: round2(best(runs.platform) / best(runs.bare)),
    ratio_304: round2(best(runs.platform304) / best(runs.bare304)),
    platform_rps: Math.round(best(runs.platform)),
    bare_rps: Math.round(best(runs.bare)),
    platform_304_rps: Math.round(best(runs.platform304)),
    bare_304_rps: Math.round(best(runs.bare304)),
    platform_p99_ms: p99,
    errors,
    seconds_per_run: SECONDS,
  })}\n`,
);
