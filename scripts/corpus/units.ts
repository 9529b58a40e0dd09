/**
 * What our reader sees in a real file, and what the format's own implementation (or a second reader
 * of its documented rules) sees, to compare unit sets.
 */
import { spawnSync } from 'node:child_process';
import type { FormatModule, Unit } from '../../src/formats/model.ts';
import { isEmptyText, targetTranslations, type UnitText } from '../../src/formats/target.ts';
import { type UnitMismatch, unitMismatches, unitOracle } from '../../test/support/oracles/index.ts';

/** Translatable units of a source file as our reader gives them. */
export function sourceUnitsOf(
  format: FormatModule,
  bytes: Uint8Array,
  fileName: string,
  lang: string,
): Unit[] {
  const holds = format.holds ?? 'one';
  return format
    .parse(bytes, { fileName, ...(holds === 'all' ? { targetLang: lang } : {}) })
    .filter((u) => u.translatable);
}

/** The translations a target holds, by id, read with the source's units (i18next plural groups). */
export function translationsOf(
  format: FormatModule,
  bytes: Uint8Array,
  fileName: string,
  lang: string,
  sourceUnits: readonly Unit[],
): Map<string, UnitText> {
  return targetTranslations(format, bytes, lang, { fileName, sourceUnits });
}

/** Whether a source unit has text to translate (an empty source has nothing to reach a target). */
export const hasText = (u: Unit): boolean => !isEmptyText(u.sourcePlural ?? u.source);

/** What the oracle of a file's format says of our units: every mismatch, or why it refused the file. */
export interface OracleVerdict {
  oracle: string;
  mismatches: UnitMismatch[];
  /** The oracle could not read the file (its message). */
  refused?: string;
}

/**
 * Compares our units of a file with the unit set its format's oracle reads (test/support/oracles:
 * the readers the oracle tests use), key by key and text by text; undefined when the format has
 * no oracle here (PO is counted by msgfmt instead, toolCounts).
 */
export function oracleDifference(
  format: FormatModule,
  bytes: Uint8Array,
  ours: readonly Unit[],
  fileName: string,
): OracleVerdict | undefined {
  const oracle = unitOracle(format.name);
  if (!oracle) return undefined;
  try {
    const read = oracle.read(bytes, ours, fileName);
    return { oracle: oracle.name, mismatches: unitMismatches(read.ours, read.theirs) };
  } catch (error) {
    return { oracle: oracle.name, mismatches: [], refused: (error as Error).message.split('\n')[0]! };
  }
}

/**
 * Message counts by the format's own tool, where it installs here: GNU gettext's
 * `msgfmt --statistics` for PO (header and obsolete `#~` entries are not messages; fuzzy ones are
 * counted apart, and we read their text as a translation people wrote).
 */
export function toolCounts(
  format: FormatModule,
  file: string,
): { oracle: string; messages: number; translated: number; fuzzy: number } | undefined {
  if (format.name !== 'po') return undefined;
  const r = spawnSync('msgfmt', ['--statistics', '-o', '/dev/null', file], { encoding: 'utf8' });
  // A file msgfmt rejects (searxng's catalogs repeat active msgids as obsolete `#~` entries, which
  // Babel reads and msgfmt refuses as duplicates) gives no counts to compare with.
  if (r.error || r.status !== 0) return undefined;
  const n = (what: RegExp) => Number(what.exec(r.stderr)?.[1] ?? 0);
  const translated = n(/(\d+) translated message/);
  const fuzzy = n(/(\d+) fuzzy translation/);
  const untranslated = n(/(\d+) untranslated message/);
  return { oracle: 'msgfmt --statistics', messages: translated + fuzzy + untranslated, translated, fuzzy };
}
