/** The figures one repository gives, and how they add up. */
import type { Finding } from '../../src/qa/index.ts';

export type Invariant = 'units' | 'oracle' | 'kept' | 'reached' | 'reparse' | 'tool' | 'second';

/** One invariant broken in one place. */
export interface Failure {
  repo: string;
  invariant: Invariant | 'sync';
  file: string;
  key: string;
  what: string;
}

export interface Count {
  held: number;
  total: number;
}

export interface RepoFigures {
  repo: string;
  formats: string[];
  /** Files read: sources and the targets that existed. */
  files: number;
  /** Translatable units of the sources, and translations the targets held. */
  sourceUnits: number;
  targetUnits: number;
  /** Units left out on purpose, as the readers report them. */
  invariants: Record<Invariant, Count>;
  /** Translations of keys the source no longer has: a sync removes them (DESIGN §7), not counted in `kept`. */
  stale: number;
  /** Source units with no words to translate that the sync left to the format's fallback (and reported). */
  wordless: number;
  /** qa on the untouched files: findings by `rule/severity`. */
  qa: Record<string, number>;
  /** qa's errors on the untouched files, whole, for reading by hand. */
  qaErrors: Finding[];
  failures: Failure[];
  seconds: number;
}

export const INVARIANTS: readonly Invariant[] = [
  'units',
  'oracle',
  'kept',
  'reached',
  'reparse',
  'tool',
  'second',
];

export function emptyCounts(): Record<Invariant, Count> {
  return Object.fromEntries(INVARIANTS.map((i) => [i, { held: 0, total: 0 }])) as Record<Invariant, Count>;
}

/** Adds one check's outcome; a failure is recorded with where and what. */
export function tally(
  f: RepoFigures,
  invariant: Invariant,
  held: boolean,
  where?: Omit<Failure, 'repo' | 'invariant'>,
) {
  f.invariants[invariant].total++;
  if (held) f.invariants[invariant].held++;
  else if (where) f.failures.push({ repo: f.repo, invariant, ...where });
}

/** The corpus's totals. */
export function totals(all: readonly RepoFigures[]) {
  const invariants = emptyCounts();
  const qa: Record<string, number> = {};
  for (const r of all) {
    for (const i of INVARIANTS) {
      invariants[i].held += r.invariants[i].held;
      invariants[i].total += r.invariants[i].total;
    }
    for (const [k, n] of Object.entries(r.qa)) qa[k] = (qa[k] ?? 0) + n;
  }
  return {
    repositories: all.length,
    files: all.reduce((n, r) => n + r.files, 0),
    sourceUnits: all.reduce((n, r) => n + r.sourceUnits, 0),
    targetUnits: all.reduce((n, r) => n + r.targetUnits, 0),
    stale: all.reduce((n, r) => n + r.stale, 0),
    wordless: all.reduce((n, r) => n + r.wordless, 0),
    invariants,
    qa,
    failures: all.reduce((n, r) => n + r.failures.length, 0),
  };
}

/** One line per repository: `held/total` per invariant, qa errors and warnings. */
export function summaryLine(r: RepoFigures): string {
  const inv = INVARIANTS.map((i) => `${i}=${r.invariants[i].held}/${r.invariants[i].total}`).join(' ');
  const sev = (s: string) => Object.entries(r.qa).reduce((n, [k, v]) => (k.endsWith(`/${s}`) ? n + v : n), 0);
  return (
    `${r.repo} [${r.formats.join(',')}] files=${r.files} units=${r.sourceUnits}+${r.targetUnits} ${inv} ` +
    `stale=${r.stale} wordless=${r.wordless} qa=${sev('error')}E/${sev('warning')}W/${sev('notice')}N failures=${r.failures.length} ${r.seconds}s`
  );
}
