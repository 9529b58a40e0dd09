/**
 * The first invariant: every file of a repository read with our reader (and the oracle where one
 * runs here), and what each target held before any sync — the texts the first sync must keep.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FormatModule } from '../../src/formats/model.ts';
import { detectFormat, formatByName } from '../../src/formats/registry.ts';
import type { UnitText } from '../../src/formats/target.ts';
import type { SourceWithTargets } from './checkout.ts';
import { type RepoFigures, tally } from './figures.ts';
import { hasText, oracleDifference, sourceUnitsOf, toolCounts, translationsOf } from './units.ts';

/** What a target held before the sync, by `path\0lang`. */
export type Before = Map<string, { lang: string; held: Map<string, UnitText>; bytes: Uint8Array }>;

/** A source file that parsed, its format, and the ids of its units with text to translate. */
export interface Planned {
  s: SourceWithTargets;
  format: FormatModule;
  ids: string[];
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
      continue;
    }
    f.files++;
    f.sourceUnits += units.length;
    if (!f.formats.includes(format.name)) f.formats.push(format.name);
    const oracle = oracleDifference(format, bytes, units);
    if (oracle) {
      for (const id of oracle.missing)
        tally(f, 'oracle', false, {
          file: s.source,
          key: id,
          what: `${oracle.oracle} reads it; we do not`,
        });
      for (const id of oracle.extra)
        tally(f, 'oracle', false, {
          file: s.source,
          key: id,
          what: `we read it; ${oracle.oracle} does not`,
        });
      if (oracle.missing.length + oracle.extra.length === 0) tally(f, 'oracle', true);
    }
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
        if (format.name === 'arb') {
          const d = oracleDifference(
            format,
            tb,
            format.parse(tb, { fileName: t.path }).filter((u) => u.translatable),
          );
          if (d)
            tally(f, 'oracle', d.missing.length + d.extra.length === 0, {
              file: t.path,
              key: [...d.missing, ...d.extra].slice(0, 5).join(', '),
              what: `unit set differs from ${d.oracle}: ${d.missing.length} missing, ${d.extra.length} extra`,
            });
        }
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
