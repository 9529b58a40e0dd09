import { ImportError } from './import-error.ts';
import { describeSide, type PairSide, parseLanguageTag, tagRank } from './languages.ts';
import type { ImportFormat, ImportStats, SdlxliffFilter } from './types.ts';

/** What every format reader gets: the request's options and the stats it fills in. */
export interface ReadContext {
  name: string;
  format: ImportFormat;
  sides: { source: PairSide; target: PairSide };
  stats: ImportStats;
  sdlxliffFilters: SdlxliffFilter[] | undefined;
  hasHeaderRow: boolean;
}

export type SkipReason = 'language' | 'untranslated' | 'filtered' | 'empty';

export function emptyStats(format: ImportFormat | undefined): ImportStats {
  return { format, imported: 0, skipped: 0, skippedBy: {} };
}

export function countSkipped(stats: ImportStats, reason: SkipReason): void {
  stats.skipped++;
  stats.skippedBy[reason] = (stats.skippedBy[reason] ?? 0) + 1;
}

/** "en-US → de-AT", the memory's pair as messages name it. */
export function describePair(context: ReadContext): string {
  return `${describeSide(context.sides.source)} → ${describeSide(context.sides.target)}`;
}

/**
 * The error for an import that read the file but found nothing to import. Importing nothing would
 * "succeed" while the user's memory stays empty; telling them why is more useful.
 */
export function nothingImported(context: ReadContext, what: string, detail: string): ImportError {
  return new ImportError(`${context.name}: nothing to import: ${what}; ${detail}`);
}

/** "3 untranslated, 2 without the memory's languages" for messages. */
export function describeSkipped(stats: ImportStats): string {
  const labels: Record<string, string> = {
    language: 'without the memory languages',
    untranslated: 'untranslated',
    filtered: 'excluded by the SDLXLIFF filters',
    empty: 'with an empty source or target',
  };
  const parts = Object.entries(stats.skippedBy).map(
    ([reason, count]) => `${count} ${labels[reason] ?? reason}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/**
 * Fails the import when a language the file declares (XLIFF `source-language`, `trgLang`) cannot
 * go into the memory's side: another language, or another region than the memory's.
 */
export function checkDeclaredLanguage(
  context: ReadContext,
  declared: string | undefined,
  which: 'source' | 'target',
  where: { line: number; column: number },
  attribute: string,
): void {
  if (declared === undefined) return;
  const side = context.sides[which];
  if (tagRank(parseLanguageTag(declared), side) > 0) return;
  throw ImportError.at(
    where.line,
    where.column,
    `${attribute}="${declared}" does not match the memory's ${which} language ${describeSide(side)} ` +
      `(memory ${describePair(context)})`,
  );
}
