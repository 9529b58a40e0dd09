/**
 * CLI start-up benchmark: `node bench/cli.ts` prints one JSON line
 * `{"bench":"cli","help_ms":H,"help_cold_ms":C,"extract_merge_ms":R,"node_ms":N,…,"goal_help_ms":150}`
 * — median wall times of `svc-connector --help` through bin/svc-connector.js, as a user runs it
 * (the TypeScript sources on a clone, lib/ once prepack compiled it: `entry` says which), and of an
 * `extract` then `merge` round trip of a 2 KB JSON file. bin keeps Node's compile cache: `help_ms`
 * and `extract_merge_ms` are runs from a warm cache (every run after the first), `help_cold_ms` and
 * `extract_merge_cold_ms` runs from an empty one (the first run after a clone, an edit of the file
 * or a Node upgrade). `node -e 0`, measured in the same rounds, is the baseline: this machine is
 * shared and its load moves, so compare the figures above it. BENCH_CLI_RUNS rounds (default 11).
 * Goal: `--help` ≤ 150 ms (issue 35, item 9).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 11);
const GOAL_HELP_MS = 150;
const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'svc-connector.js');
const dir = mkdtempSync(join(tmpdir(), 'svc-bench-cli-'));
const warmCache = join(dir, 'cache');

// About 2 KB of strings, as an app's small locale file.
const strings = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [`screen${i}.title`, `Title of screen ${i}, with {count} items`]),
);
const file = join(dir, 'app.json');
writeFileSync(file, `${JSON.stringify(strings, null, 2)}\n`);
const help = [bin, '--help'];
const extract = [bin, 'extract', file, '-o', join(dir, 'app.xlf'), '--target-lang', 'de'];
const merge = [bin, 'merge', file, join(dir, 'app.xlf'), '-o', join(dir, 'de.json')];

/** Wall time of one run of node with `args` and its compile cache in `cache`, in ms; throws when it fails. */
function timed(args: string[], cache = warmCache): number {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE: cache };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return ms;
}

/** Wall time of running each of `commands` in turn from an empty compile cache, in ms. */
function cold(...commands: string[][]): number {
  const cache = mkdtempSync(join(dir, 'cold-'));
  try {
    return commands.reduce((ms, args) => ms + timed(args, cache), 0);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const node: number[] = [];
const helpWarm: number[] = [];
const helpCold: number[] = [];
const roundTripWarm: number[] = [];
const roundTripCold: number[] = [];
try {
  // Fills the warm cache.
  for (const args of [help, extract, merge]) timed(args);
  for (let i = 0; i < RUNS; i++) {
    node.push(timed(['-e', '0']));
    helpWarm.push(timed(help));
    helpCold.push(cold(help));
    roundTripWarm.push(timed(extract) + timed(merge));
    roundTripCold.push(cold(extract, merge));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const round = (ms: number) => Math.round(ms);
process.stdout.write(
  `${JSON.stringify({
    bench: 'cli',
    entry: existsSync(join(root, 'lib/src/cli/main.js')) ? 'lib' : 'src',
    help_ms: round(median(helpWarm)),
    help_cold_ms: round(median(helpCold)),
    extract_merge_ms: round(median(roundTripWarm)),
    extract_merge_cold_ms: round(median(roundTripCold)),
    node_ms: round(median(node)),
    help_over_node_ms: round(median(helpWarm) - median(node)),
    file_bytes: JSON.stringify(strings, null, 2).length + 1,
    runs: RUNS,
    goal_help_ms: GOAL_HELP_MS,
  })}\n`,
);
