/**
 * What our reader sees in a real file, and — where the format's rules are simple enough to follow
 * in a few lines — what the format's own implementation sees, to compare unit sets.
 */
import { spawnSync } from 'node:child_process';
import type { FormatModule, Unit } from '../../src/formats/model.ts';
import { isEmptyText, targetTranslations, type UnitText } from '../../src/formats/target.ts';

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

/**
 * The message ids Flutter's gen-l10n builds from an ARB file (flutter_tools'
 * gen_l10n_types.dart, AppResourceBundle): every key not starting with `@` whose value is a
 * string; `type` is never read. The same rule test/formats/arb-oracle.test.ts holds us to.
 */
function genL10nIds(bytes: Uint8Array): Set<string> {
  const bundle = JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')) as Record<
    string,
    unknown
  >;
  return new Set(Object.keys(bundle).filter((k) => !k.startsWith('@') && typeof bundle[k] === 'string'));
}

/** Oracles over a file's unit ids, by format name (others are counted only). */
const ORACLES: Partial<Record<string, { name: string; ids: (bytes: Uint8Array) => Set<string> }>> = {
  arb: { name: "gen-l10n's rules", ids: genL10nIds },
};

/**
 * Compares our unit ids with the oracle's, when the format has one here: the ids one side has and
 * the other lacks, or undefined when there is no oracle.
 */
export function oracleDifference(
  format: FormatModule,
  bytes: Uint8Array,
  ours: readonly Unit[],
): { oracle: string; missing: string[]; extra: string[] } | undefined {
  const oracle = ORACLES[format.name];
  if (!oracle) return undefined;
  const theirs = oracle.ids(bytes);
  const mine = new Set(ours.map((u) => u.id));
  return {
    oracle: oracle.name,
    missing: [...theirs].filter((id) => !mine.has(id)),
    extra: [...mine].filter((id) => !theirs.has(id)),
  };
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
