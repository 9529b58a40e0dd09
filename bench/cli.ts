/**
 * CLI start-up benchmark: `node bench/cli.ts` prints one JSON line
 * `{"bench":"cli","help_ms":H,"extract_merge_ms":R,"node_ms":N,…}` — the median wall time of
 * `svc-connector --help` (through bin/svc-connector.js, as a user runs it), of an `extract` then
 * `merge` round trip of a 2 KB JSON file, and of `node -e 0` measured in the same rounds as the
 * baseline (this machine is shared and its load moves: compare the figures above the baseline).
 * BENCH_CLI_RUNS rounds (default 11), each running the three in turn. Goal: `--help` ≤ 150 ms
 * (issue 35, item 9).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 11);
const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'svc-connector.js');
const dir = mkdtempSync(join(tmpdir(), 'svc-bench-cli-'));

// About 2 KB of strings, as an app's small locale file.
const strings = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [`screen${i}.title`, `Title of screen ${i}, with {count} items`]),
);
const file = join(dir, 'app.json');
writeFileSync(file, `${JSON.stringify(strings, null, 2)}\n`);

/** Wall time of one run of node with `args`, in ms; throws when it fails. */
function timed(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

const node: number[] = [];
const help: number[] = [];
const roundTrip: number[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    node.push(timed(['-e', '0']));
    help.push(timed([bin, '--help']));
    roundTrip.push(
      timed([bin, 'extract', file, '-o', join(dir, 'app.xlf'), '--target-lang', 'de']) +
        timed([bin, 'merge', file, join(dir, 'app.xlf'), '-o', join(dir, 'de.json')]),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const round = (ms: number) => Math.round(ms);
process.stdout.write(
  `${JSON.stringify({
    bench: 'cli',
    help_ms: round(median(help)),
    extract_merge_ms: round(median(roundTrip)),
    node_ms: round(median(node)),
    help_over_node_ms: round(median(help) - median(node)),
    file_bytes: JSON.stringify(strings, null, 2).length + 1,
    runs: RUNS,
  })}\n`,
);
