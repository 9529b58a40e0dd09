/**
 * Concordance benchmark: `node bench/concordance.ts` prints one JSON line (disagreements go to
 * stderr).
 *
 * One in-process TM index of 100k generated segments (CONCORDANCE_BENCH_SIZE); 300 fragments are
 * searched in the sources (pieces of stored sentences of 3 to 24 characters cut anywhere, words
 * and word pairs, 15 % not in the memory) and 100 in the targets, first page of 20, newest first.
 * Each answer (total and page) is checked against a scan of every segment. Latency: each query's
 * best of three passes; the scan's median for comparison.
 */
import { createTmIndex, type TmSegment } from '../server/engine/tm/index.ts';
import { lowerSameLength } from '../server/engine/tm/normalize.ts';
import { seededRandom } from './support/random.ts';
import { sentences } from './support/tm-corpus.ts';

const SIZE = Number(process.env['CONCORDANCE_BENCH_SIZE'] ?? 100_000);
const SOURCE_QUERIES = 300;
const TARGET_QUERIES = 100;
const PAGE = 20;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

const segments: TmSegment[] = [];
const stream = sentences(20261129);
for (let id = 1; id <= SIZE; id++) segments.push({ id, ...stream.next().value! });
const index = createTmIndex();
const built = performance.now();
index.addMany(segments);
const buildMs = performance.now() - built;

const random = seededRandom(7);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
function fragmentOf(text: string): string {
  const kind = random();
  if (kind < 0.4) {
    const words = text.split(' ');
    const at = Math.floor(random() * words.length);
    return words.slice(at, at + 1 + Math.floor(random() * 2)).join(' ');
  }
  const length = 3 + Math.floor(random() * 22);
  const at = Math.floor(random() * Math.max(1, text.length - length));
  return text.slice(at, at + length);
}
const sourceFragments = Array.from({ length: SOURCE_QUERIES }, (_, i) =>
  i % 7 === 0 ? `zq${i}x unheard` : fragmentOf(pick(segments).source),
);
const targetFragments = Array.from({ length: TARGET_QUERIES }, () => fragmentOf(pick(segments).target));

/** Every segment holding the fragment, newest first: the answer by definition. */
function scan(fragment: string, field: 'source' | 'target'): number[] {
  const lower = lowerSameLength(fragment.normalize('NFC'));
  const ids: number[] = [];
  for (let i = segments.length - 1; i >= 0; i--)
    if (lowerSameLength(segments[i]![field]).includes(lower)) ids.push(segments[i]!.id);
  return ids;
}

function run(fragments: string[], field: 'source' | 'target') {
  const best: number[] = [];
  const scans: number[] = [];
  let agreed = 0;
  let viaIndex = 0;
  let hits = 0;
  for (const fragment of fragments) {
    let fastest = Number.POSITIVE_INFINITY;
    let result = index.containing(fragment, { field, limit: PAGE });
    for (let pass = 0; pass < 3; pass++) {
      const t = performance.now();
      result = index.containing(fragment, { field, limit: PAGE });
      fastest = Math.min(fastest, performance.now() - t);
    }
    best.push(fastest);
    const t = performance.now();
    const expected = scan(fragment, field);
    scans.push(performance.now() - t);
    const same =
      result.total === expected.length &&
      result.hits.map((h) => h.id).join() === expected.slice(0, PAGE).join();
    if (same) agreed++;
    else
      process.stderr.write(
        `disagreement on ${JSON.stringify(fragment)} (${field}): ${result.total} against ${expected.length}\n`,
      );
    if (result.via === 'index') viaIndex++;
    hits += result.total;
  }
  best.sort((a, b) => a - b);
  scans.sort((a, b) => a - b);
  return {
    p50_ms: round(quantile(best, 0.5), 3),
    p95_ms: round(quantile(best, 0.95), 3),
    max_ms: round(best[best.length - 1]!, 3),
    scan_p50_ms: round(quantile(scans, 0.5), 2),
    agreement: round(agreed / fragments.length, 4),
    via_index: viaIndex,
    mean_hits: Math.round(hits / fragments.length),
  };
}

const source = run(sourceFragments, 'source');
const target = run(targetFragments, 'target');
process.stdout.write(
  `${JSON.stringify({ bench: 'concordance', segments: SIZE, build_ms: Math.round(buildMs), page: PAGE, source, target })}\n`,
);
