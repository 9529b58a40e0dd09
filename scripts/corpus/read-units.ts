/**
 * The first invariant: every file of a repository read with our reader (and the oracle where one
 * runs here), and what each target held before any sync — the texts the first sync must keep.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FormatModule } from '../../src/formats/model.ts';
import { detectFormat, formatByName } from '../../src/formats/registry.ts';
import type { UnitText } from '../../src/formats/target.ts';
import { describeMismatch } from '../../test/support/oracles/index.ts';
import type { SourceWithTargets } from './checkout.ts';
import { type RepoFigures, tally } from './figures.ts';
import {
  hasText,
  type OracleVerdict,
  oracleDifference,
  sourceUnitsOf,
  toolCounts,
  translationsOf,
} from './units.ts';

/** What a target held before the sync, by `path\0lang`. */
export type Before = Map<string, { lang: string; held: Map<string, UnitText>; bytes: Uint8Array }>;

/** A source file that parsed, its format, and the ids of its units with text to translate. */
export interface Planned {
  s: SourceWithTargets;
  format: FormatModule;
  ids: string[];
}

/** The most mismatches of one file written to the report (the count is always given). */
const SHOWN = 40;

/** One `oracle` check per file: held when the oracle reads our units exactly; each mismatch reported. */
function judge(f: RepoFigures, file: string, verdict: OracleVerdict | undefined): void {
  if (!verdict) return;
  if (verdict.refused !== undefined) {
    tally(f, 'oracle', false, {
      file,
      key: '',
      what: `${verdict.oracle} refuses the file: ${verdict.refused}`,
    });
    return;
  }
  const { mismatches } = verdict;
  if (mismatches.length === 0) {
    tally(f, 'oracle', true);
    return;
  }
  tally(f, 'oracle', false, {
    file,
    key: '',
    what: `${mismatches.length} unit(s) differ from ${verdict.oracle}${mismatches.length > SHOWN ? ` (the first ${SHOWN} follow)` : ''}`,
  });
  for (const m of mismatches.slice(0, SHOWN))
    f.failures.push({
      repo: f.repo,
      invariant: 'oracle',
      file,
      key: m.id,
      what: describeMismatch(m, verdict.oracle),
    });
}

const formatOf = (s: SourceWithTargets, bytes: Uint8Array): FormatModule | undefined =>
  s.format ? formatByName(s.format) : detectFormat(s.source, bytes);

export const read = (root: string, path: string) => readFile(join(root, path)).then((b) => new Uint8Array(b));

/** Reads every source and existing target of the checkout at `root`, tallying `units` and `oracle`. */
export async function readUnits(
  f: RepoFigures,
  files: readonly SourceWithTargets[],
  root: string,
  sourceLang: string,
): Promise<{ before: Before; plan: Planned[] }> {
  const before: Before = new Map();
  const plan: Planned[] = [];
  for (const s of files) {
    const bytes = await read(root, s.source);
    const format = formatOf(s, bytes);
    if (!format) {
      tally(f, 'units', false, { file: s.source, key: '', what: 'no format reads this file' });
      continue;
    }
    let units: ReturnType<typeof sourceUnitsOf>;
    try {
      units = sourceUnitsOf(format, bytes, s.source, sourceLang);
      tally(f, 'units', true);
    } catch (error) {
      tally(f, 'units', false, {
        file: s.source,
        key: '',
        what: `source does not parse: ${(error as Error).message}`,
      });
      // What the format's own tool reads of a file we refuse: every unit of it is one we miss.
      judge(f, s.source, oracleDifference(format, bytes, [], s.source));
      continue;
    }
    f.files++;
    f.sourceUnits += units.length;
    if (!f.formats.includes(format.name)) f.formats.push(format.name);
    judge(f, s.source, oracleDifference(format, bytes, units, s.source));
    const counted = toolCounts(format, join(root, s.source));
    if (counted)
      tally(f, 'oracle', counted.messages === units.length, {
        file: s.source,
        key: '',
        what: `${counted.oracle} sees ${counted.messages} messages, we read ${units.length} units`,
      });
    const withText = units.filter(hasText);
    plan.push({ s, format, ids: withText.map((u) => u.id) });
    for (const t of s.targets) {
      if (!t.existed) continue;
      const tb = await read(root, t.path);
      try {
        const held = translationsOf(format, tb, t.path, t.lang, units);
        if (t.path !== s.source) f.files++;
        f.targetUnits += held.size;
        tally(f, 'units', true);
        before.set(`${t.path}\0${t.lang}`, { lang: t.lang, held, bytes: tb });
        const known = new Set(units.map((u) => u.id));
        f.stale += [...held.keys()].filter((id) => !known.has(id)).length;
        const tc = toolCounts(format, join(root, t.path));
        if (tc)
          tally(f, 'oracle', tc.translated + tc.fuzzy === held.size, {
            file: t.path,
            key: '',
            what: `${tc.oracle} sees ${tc.translated} translated and ${tc.fuzzy} fuzzy messages, we read ${held.size} translations`,
          });
        // ARB targets are message files of their own (gen-l10n reads each language's whole).
        if (format.name === 'arb')
          judge(
            f,
            t.path,
            oracleDifference(
              format,
              tb,
              format.parse(tb, { fileName: t.path }).filter((u) => u.translatable),
              t.path,
            ),
          );
      } catch (error) {
        tally(f, 'units', false, {
          file: t.path,
          key: '',
          what: `target does not parse: ${(error as Error).message}`,
        });
      }
    }
  }

  return { before, plan };
}
