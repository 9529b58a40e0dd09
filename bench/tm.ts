/**
 * TM fuzzy-lookup benchmark: `node bench/tm.ts` prints one JSON line (disagreements go to stderr).
 *
 * One memory grows by bulk loads to 10k, 100k and 1M generated segments; at each size 400 queries
 * (stored sentences with one or two words changed, a number or a placeholder changed, plus 15 %
 * unrelated sentences) are timed against the index and, on a sample, against a full scan with
 * fastest-levenshtein over the same normalisation (the scan's best candidates are then scored with
 * the same penalties, so both rank by the same function). top1_agreement counts queries whose top
 * match has the same id or the same score as the scan's (or where neither finds anything). At
 * 1M, where the scan takes seconds per query, more queries are also checked against the index's
 * exhaustive mode (every list, every candidate), which is the scan's answer by construction.
 *
 * Latency: each query's best of three passes (the machine is shared; the first pass's p95 is
 * reported too). Speedup: median scan time over median first-pass index time, same queries.
 * Memory is measured after a full garbage collection: `gc` comes from `--expose-gc` when the
 * runner passes it, else at run time through v8.setFlagsFromString('--expose-gc'), so that the
 * plain `node bench/tm.ts` command works.
 * Options: TM_BENCH_SIZES=10000,100000 runs fewer sizes; TM_BENCH_PEEK=1 prints sample segments.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { distance } from 'fastest-levenshtein';
import { createTmIndex, type TmMatch, type TmSegment } from '../server/engine/tm/index.ts';
import { lowerSameLength, normalizeText } from '../server/engine/tm/normalize.ts';
import { baseScore, tmSimilarity } from '../server/engine/tm/score.ts';
import { seededRandom } from './support/random.ts';

const gc: () => void =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  })();

const SIZES = (process.env['TM_BENCH_SIZES'] ?? '10000,100000,1000000').split(',').map(Number);
const QUERIES = 400;
/** Queries also answered by the full scan, per size (the scan over 1M takes seconds each). */
const SCANNED: Record<number, number> = { 10000: 200, 100000: 40, 1000000: 10 };
/** Queries checked against the exhaustive mode of the index at the largest size. */
const EXHAUSTIVE = 200;
const SEED = 20260412;

interface Figures {
  p50: number;
  p95: number;
  p95First: number;
  tops: (TmMatch | undefined)[];
  scanned: number;
  agreed: number;
  speedup: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** The brute-force answer: every stored segment, same normalisation and scoring. */
function scanTop(
  query: string,
  keys: string[],
  sources: string[],
): { id: number; score: number } | undefined {
  const key = lowerSameLength(normalizeText(query).key);
  let best: { id: number; score: number } | undefined;
  for (let id = 0; id < keys.length; id++) {
    const other = keys[id]!;
    const base = baseScore(distance(key, other), Math.max(key.length, other.length));
    // Penalties only lower a score, so the full score is needed only where the base could win.
    if (base < 75 || (best !== undefined && base < best.score)) continue;
    const score = tmSimilarity(query, sources[id]!);
    if (score < 75) continue;
    if (best === undefined || score > best.score || (score === best.score && id > best.id))
      best = { id, score };
  }
  return best;
}

function agrees(index: TmMatch | undefined, scan: { id: number; score: number } | undefined): boolean {
  if (index === undefined || scan === undefined) return index === scan;
  return index.id === scan.id || index.score === scan.score;
}

function measure(
  index: ReturnType<typeof createTmIndex>,
  size: number,
  queries: string[],
  keys: string[],
  sources: string[],
): Figures {
  for (const q of queries.slice(0, 20)) index.query(q); // warm-up
  // Each query is timed in three passes (forward, backward, forward) and its best time kept: the
  // machine is shared, and a scheduler pause says nothing about the index. The first pass alone
  // is reported too, and the speedup compares first-pass times with the (single) scan times.
  const first: number[] = [];
  const best: number[] = [];
  const tops: (TmMatch | undefined)[] = [];
  for (const pass of [0, 1, 2]) {
    for (let k = 0; k < queries.length; k++) {
      const i = pass === 1 ? queries.length - 1 - k : k;
      const t0 = performance.now();
      const matches = index.query(queries[i]!);
      const ms = performance.now() - t0;
      if (pass === 0) {
        first[i] = ms;
        best[i] = ms;
        tops[i] = matches[0];
      } else best[i] = Math.min(best[i]!, ms);
    }
  }
  const scanned = Math.min(SCANNED[size] ?? 10, queries.length);
  let agreed = 0;
  const scanTimes: number[] = [];
  for (let i = 0; i < scanned; i++) {
    const t0 = performance.now();
    const top = scanTop(queries[i]!, keys, sources);
    scanTimes.push(performance.now() - t0);
    if (i === 0) progress(`${size}: first scan query took ${(scanTimes[0]! / 1000).toFixed(1)}s`);
    if (agrees(tops[i], top)) agreed++;
    else {
      const mine = tops[i];
      const got = JSON.stringify(mine && { id: mine.id, score: mine.score });
      console.error(
        `disagree @${size}: ${JSON.stringify(queries[i])} index=${got} scan=${JSON.stringify(top)}`,
      );
    }
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  return {
    p50: quantile(sorted(best), 0.5),
    p95: quantile(sorted(best), 0.95),
    p95First: quantile(sorted(first), 0.95),
    tops,
    scanned,
    agreed,
    speedup: quantile(sorted(scanTimes), 0.5) / quantile(sorted(first.slice(0, scanned)), 0.5),
  };
}

const started = performance.now();
const progress = (what: string) =>
  process.stderr.write(`tm bench ${((performance.now() - started) / 1000).toFixed(0)}s: ${what}\n`);

async function main(): Promise<void> {
  const index = createTmIndex();
  const out: Record<string, number | string> = { bench: 'tm' };
  const stream = sentences(SEED);
  const sources: string[] = [];
  let added = 0;
  let buildMs = 0;
  let agreed = 0;
  let scanned = 0;
  for (const size of SIZES) {
    // Each stage is one bulk load, as the storage layer rebuilds an index from rows; the rows are
    // generated first so that only the index is timed.
    const rows: TmSegment[] = [];
    for (; added < size; added++) {
      const row = { id: added, ...stream.next().value! };
      rows.push(row);
      sources.push(row.source);
    }
    const t0 = performance.now();
    index.addMany(rows);
    buildMs += performance.now() - t0;
    rows.length = 0;
    const label = size >= 1e6 ? `${size / 1e6}m` : `${size / 1e3}k`;
    progress(`${label} loaded`);
    if (size === 1_000_000) {
      // Array buffers are released after the collection; give the release a moment.
      gc();
      await new Promise((resolve) => setTimeout(resolve, 500));
      gc();
      const mem = process.memoryUsage();
      out['rss_mb_1m'] = round(mem.rss / 2 ** 20, 0);
      out['heap_mb_1m'] = round(mem.heapUsed / 2 ** 20, 0);
      out['typed_arrays_mb_1m'] = round(mem.arrayBuffers / 2 ** 20, 0);
      out['build_s_1m'] = round(buildMs / 1000, 1);
      out['keys_1m'] = index.stats().keys;
      out['postings_1m'] = index.stats().postings;
    }
    // The scan needs every source (shared with the index, not copied) and its normalised key.
    const keys = sources.map((source) => lowerSameLength(normalizeText(source).key));
    const queries = Array.from({ length: QUERIES }, (_, i) => mutate(sources, SEED + size + i));
    progress(`${label} scan data ready`);
    const f = measure(index, size, queries, keys, sources);
    progress(`${label} timed and scanned`);
    out[`p50_ms_${label}`] = round(f.p50, 3);
    out[`p95_ms_${label}`] = round(f.p95, 3);
    out[`p95_ms_${label}_first_pass`] = round(f.p95First, 3);
    out[`top1_agreement_${label}`] = round(f.agreed / f.scanned, 3);
    out[`scan_queries_${label}`] = f.scanned;
    out[`speedup_vs_scan_${label}`] = round(f.speedup, 0);
    agreed += f.agreed;
    scanned += f.scanned;
    if (size === SIZES.at(-1)) {
      out['speedup_vs_scan'] = round(f.speedup, 0);
      // The scan is too slow to check every query at this size; the exhaustive mode of the index
      // (every list, every candidate) gives the scan's answer and is checked against it above.
      let same = 0;
      for (let i = 0; i < EXHAUSTIVE; i++) {
        const exact = index.query(queries[i]!, { exhaustive: true })[0];
        if (agrees(f.tops[i], exact && { id: exact.id, score: exact.score })) same++;
      }
      out[`top1_agreement_${label}_vs_exhaustive`] = round(same / EXHAUSTIVE, 3);
      out[`exhaustive_queries_${label}`] = EXHAUSTIVE;
      progress(`${label} exhaustive check done`);
    }
  }
  out['top1_agreement'] = round(agreed / scanned, 3);
  out['queries_per_size'] = QUERIES;
  console.log(JSON.stringify(out));
}

// ---------------------------------------------------------------------------------------------
// Corpus: UI-string-like and documentation-like sentences of 3–30 words drawn from a vocabulary
// (Zipf-skewed), with numbers, placeholders and tags, and pseudo-translated targets. Kept in this
// file so that the benchmark stays one self-contained command.

const words = (s: string) => s.trim().split(/\s+/);
const VERBS = words(`delete save open close create edit update upload download remove add select import export
  share copy move rename restore archive publish sync refresh cancel confirm install configure enable disable
  reset search filter sort view print send invite connect verify translate review approve reject assign
  schedule submit load apply change check start stop pause resume retry validate merge deploy build run
  test lock unlock attach detach convert compress extract encrypt backup replace insert format preview`);
const NOUNS = words(`file folder document project user account password setting message comment item record
  report task job language translation memory segment glossary term page section image attachment link team
  member role permission notification email address payment invoice order product customer key token
  session device network server database table column row field value template workflow stage branch
  commit repository request response error warning version release backup log event webhook calendar
  contact group label tag category note draft status profile avatar theme layout widget dashboard chart
  metric quota limit plan subscription license domain certificate channel queue worker process service
  endpoint module package plugin extension driver cache index query result source target string locale
  region timezone currency unit screen window dialog button menu toolbar panel tab list card form`);
const ADJECTIVES = words(`new selected current default available invalid empty active archived deleted shared
  private public recent pending failed completed required optional local remote previous next first last
  secure temporary external internal automatic manual custom existing unsaved duplicate missing hidden
  visible large small read-only primary secondary detailed advanced basic global personal`);
const PLACEHOLDERS = words('{name} {count} {file} {user} %s %d %1$s %2$d {{user}} {{count}} %@ {0} {1}');
const ONSETS = words('b c d f g h j k l m n p r s t v w z br ch cl dr fl gr kr pl pr sh st th tr');
const VOWELS = words('a e i o u y ai ea io ou');
const CODAS = ['', '', 'n', 'r', 's', 'x', 'l', 'nd', 'rt', 'ck'];
// Product names and jargon: 4,000 rare words, as real documentation has.
const TERMS = Array.from({ length: 4000 }, (_, i) => {
  const r = seededRandom(i + 1);
  const any = (xs: readonly string[]) => xs[Math.floor(r() * xs.length)]!;
  let w = '';
  for (let k = 2 + Math.floor(r() * 2); k > 0; k--) w += any(ONSETS) + any(VOWELS) + any(CODAS);
  return w;
});

const UI = [
  'V the N',
  'V Ns',
  'V NUM Ns',
  'V A Ns',
  'Could not V the N.',
  'Are you sure you want to V this N?',
  'The N was Vd successfully.',
  'N: PH',
  'You have PH A Ns',
  'Click <b>V</b> to V the A N.',
  'NUM of NUM Ns Vd',
  'No A Ns found',
  'V N for PH',
  'Unable to V PH: PH',
  'PH Ns will be Vd',
  'The T N is A.',
  'V the N in T',
  'Show A Ns',
  'N PH is A',
  'V all Ns in the A N',
];
const CLAUSES = [
  'to V a N, open the A N in T',
  'the T N Vs every N of the A N',
  'you can V up to NUM Ns per N',
  'if the N is A, the T will V the N',
  'see <a href="#T">the N section</a> for more information about Ns',
  'each N has a A N and NUM Ns',
  'the N PH is Vd when the N is Vd',
  'use the T N to V A Ns from the N',
  'this N Vs the A N of the T',
  'by default, Ns are Vd after NUM minutes',
  'when you V a N, the A Ns are Vd as well',
  'the N must be A before you V it',
  'set T to NUM to V the A N',
  'only A Ns can be Vd by the N',
  'the <code>T</code> N returns PH',
];
const JOINS = [', and ', ', but ', '; ', ' when ', ' so that ', ', then '];

function generator(r: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(xs.length * r() ** 1.7)]!;
  const flat = <T>(xs: readonly T[]): T => xs[Math.floor(xs.length * r())]!;
  const number = () => String(r() < 0.7 ? 1 + Math.floor(r() * 20) : Math.floor(r() * 5000));
  const fill = (template: string) =>
    template.replace(/\b(Vd|Vs|V|Ns|N|A|T|NUM|PH)\b/g, (slot) => {
      switch (slot) {
        case 'V':
          return pick(VERBS);
        case 'Vd': {
          const v = pick(VERBS);
          return v.endsWith('e') ? v + 'd' : v + 'ed';
        }
        case 'Vs':
          return pick(VERBS) + 's';
        case 'N':
          return pick(NOUNS);
        case 'Ns':
          return pick(NOUNS) + 's';
        case 'A':
          return pick(ADJECTIVES);
        case 'T':
          return flat(TERMS);
        case 'NUM':
          return number();
        default:
          return flat(PLACEHOLDERS);
      }
    });
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    sentence(): string {
      for (;;) {
        let s: string;
        if (r() < 0.55) s = capital(fill(flat(UI)));
        else {
          s = fill(flat(CLAUSES));
          for (let k = Math.floor(r() * 3); k > 0; k--) s += flat(JOINS) + fill(flat(CLAUSES));
          s = capital(s) + '.';
        }
        const count = words(s).length;
        if (count >= 3 && count <= 30) return s;
      }
    },
    word: () => (r() < 0.5 ? pick(NOUNS) : r() < 0.5 ? pick(VERBS) : flat(TERMS)),
    number,
    placeholder: () => flat(PLACEHOLDERS),
    random: r,
  };
}

const pseudo = new Map<string, string>();
function translate(source: string): string {
  // Placeholders and tags stay as they are; words get a stable pseudo-translation.
  return source.replace(/(\{\{[^}]*\}\}|\{[^}]*\}|<[^>]*>|%\S+)|([A-Za-z][a-z-]+)/g, (_, keep, w) => {
    if (keep !== undefined) return keep;
    let t = pseudo.get(w);
    if (t === undefined) {
      t = w.length > 3 ? w.slice(2) + w.slice(0, 2) + 'en' : w + 'e';
      pseudo.set(w, t);
    }
    return t;
  });
}

/** An endless, deterministic stream of segments. */
function* sentences(seed: number): Generator<{ source: string; target: string }> {
  const g = generator(seededRandom(seed));
  for (;;) {
    const source = g.sentence();
    yield { source, target: translate(source) };
  }
}

/** A query: a stored sentence with words, a number or a placeholder changed; or an unrelated one. */
function mutate(stored: readonly string[], seed: number): string {
  const g = generator(seededRandom(seed));
  const r = g.random;
  const kind = r();
  if (kind < 0.15) return g.sentence();
  const tokens = stored[Math.floor(r() * stored.length)]!.split(' ');
  const where = (test: RegExp) => tokens.map((t, i) => (test.test(t) ? i : -1)).filter((i) => i >= 0);
  const replace = (test: RegExp, make: () => string) => {
    const at = where(test);
    if (at.length === 0) return false;
    const i = at[Math.floor(r() * at.length)]!;
    tokens[i] = tokens[i]!.replace(test, make);
    return true;
  };
  const WORD = /^[A-Za-z][a-z-]+/;
  if (kind < 0.35 && replace(/\d+/, g.number)) return tokens.join(' ');
  if (kind < 0.42 && replace(/\{+\w+\}+|%\w+/, g.placeholder)) return tokens.join(' ');
  replace(WORD, g.word);
  if (kind > 0.7) replace(WORD, g.word);
  return tokens.join(' ');
}

if (process.env['TM_BENCH_PEEK']) {
  const it = sentences(SEED);
  for (let i = 0; i < 25; i++) console.log(JSON.stringify(it.next().value));
} else await main();
