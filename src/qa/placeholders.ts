/**
 * Placeholder rules: a translation must keep the source's placeholders (missing, extra, renamed)
 * and, for unnumbered printf conversions, their order. Detection is the formats library's
 * (findPlaceholders: printf, Android/Apple positional, Ruby/Rails, Python, ICU, i18next, tags);
 * this module decides what counts as the same placeholder and which differences are errors.
 */

import type { Placeholder, PlaceholderKind, PlaceholderSyntax } from '../formats/placeholders.ts';
import { findPlaceholders, unmatchedPlaceholders } from '../formats/placeholders.ts';
import { XLIFF12_INLINE } from '../formats/xliff12/read.ts';
import type { UnitIssue } from './types.ts';

/**
 * Apostrophes are read as apostrophes: most files that use `{name}` (vue-i18n, Flutter without
 * `use-escaping`, i18next) do not quote with them, and reading `l'{name}` as quoted text would
 * report a placeholder every French translation keeps.
 */
const OPTIONS = { icuQuoting: false } as const;

/** Which placeholders may stand in for one another when renamed. */
function family(kind: PlaceholderKind): string {
  return kind === 'positional' ? 'printf' : kind;
}

/** Inline codes of XLIFF 1.2 and 2.0: in an XLIFF unit's text, only these are markup. */
const XLIFF_CODES: ReadonlySet<string> = new Set([...XLIFF12_INLINE, 'pc', 'sc', 'ec', 'sm', 'em']);

export interface ScanOptions {
  /**
   * XLIFF text: markup is escaped in the file (`&lt;b&gt;` is text), so only the format's inline
   * codes, which the unit keeps as elements, are tags.
   */
  xliff?: boolean;
  /** The syntaxes the file's format fills (FormatModule.placeholders); default every syntax. */
  syntaxes?: readonly PlaceholderSyntax[] | undefined;
}

function scan(text: string, options: ScanOptions): Placeholder[] {
  const syntaxes = options.syntaxes ? { syntaxes: options.syntaxes } : {};
  return findPlaceholders(text, { ...OPTIONS, ...syntaxes }).filter(
    (p) =>
      p.kind !== 'icu-branch' &&
      p.kind !== 'icu-pound' &&
      (p.kind !== 'tag' || !options.xliff || XLIFF_CODES.has(p.name!)),
  );
}

/**
 * A dropped HTML tag may be a translator's choice; a dropped argument, or an XLIFF inline code
 * (it stands for one), is a bug.
 */
const severityOf = (p: Placeholder, xliff: boolean) => (p.kind === 'tag' && !xliff ? 'warning' : 'error');

/** Arguments of the plurals in `texts` that hold a `#`. */
function countedBy(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts) {
    const found = findPlaceholders(text, OPTIONS);
    if (!found.some((p) => p.kind === 'icu-pound')) continue;
    for (const p of found) if (p.kind === 'icu-plural' && p.name) names.add(p.name);
  }
  return names;
}

const isCount = (p: Placeholder, counted: Set<string>) =>
  p.kind === 'icu' && p.name !== undefined && counted.has(p.name) && /^\{\s*[^,\s{}]+\s*\}$/.test(p.text);

/**
 * Compares the placeholders of a translation with its source's. Plural units pass every form:
 * a placeholder then counts once (each form repeats it, and a target form may leave the number
 * out, as German `Eine Notiz` does), so only the union of the forms is compared.
 */
export function placeholderIssues(
  source: readonly string[],
  target: readonly string[],
  options: ScanOptions = {},
): UnitIssue[] {
  const src = source.flatMap((t) => scan(t, options));
  const trg = target.flatMap((t) => scan(t, options));
  const once =
    source.length > 1 || target.length > 1 || [...src, ...trg].some((p) => p.kind === 'icu-plural');
  // Inside a plural, `#` is the count: `{count} items` and `# items` say the same.
  const srcPound = countedBy(source);
  const trgPound = countedBy(target);
  const missing = unmatchedPlaceholders(src, trg, once, { xliffIds: options.xliff === true }).filter(
    (p) => !isCount(p, trgPound),
  );
  const extra = unmatchedPlaceholders(trg, src, once, { xliffIds: options.xliff === true }).filter(
    (p) => !isCount(p, srcPound),
  );
  const issues: UnitIssue[] = [];
  // Same number of placeholders of one family on each side: one was renamed into the other.
  const families = new Set([...missing, ...extra].map((p) => family(p.kind)));
  for (const f of families) {
    const lost = missing.filter((p) => family(p.kind) === f);
    const added = extra.filter((p) => family(p.kind) === f);
    if (lost.length === added.length) {
      lost.forEach((p, i) => {
        const message = `placeholder ${p.text} is written ${added[i]!.text} in the translation`;
        issues.push({
          rule: 'placeholder-renamed',
          severity: severityOf(p, options.xliff ?? false),
          message,
        });
      });
      continue;
    }
    for (const p of lost)
      issues.push({
        rule: 'placeholder-missing',
        severity: severityOf(p, options.xliff ?? false),
        message: `missing placeholder ${p.text}`,
      });
    for (const p of added)
      issues.push({
        rule: 'placeholder-extra',
        severity: severityOf(p, options.xliff ?? false),
        message: `extra placeholder ${p.text} (not in the source)`,
      });
  }
  if (source.length === 1 && target.length === 1) issues.push(...reordered(src, trg));
  return issues;
}

/** Unnumbered, unnamed printf conversions are consumed in order: their order is part of the meaning. */
function reordered(src: Placeholder[], trg: Placeholder[]): UnitIssue[] {
  const ordered = (list: Placeholder[]) =>
    list.filter((p) => p.kind === 'printf' && p.name === undefined).map((p) => p.text);
  const a = ordered(src);
  const b = ordered(trg);
  if (a.length < 2 || a.length !== b.length || [...a].sort().join('\0') !== [...b].sort().join('\0'))
    return [];
  const i = a.findIndex((text, k) => text !== b[k]);
  if (i < 0) return [];
  const message = `placeholders ${a.join(' ')} are reordered as ${b.join(' ')}: unnumbered printf placeholders are filled in order; write %${i + 1}$… positions to reorder them`;
  return [{ rule: 'placeholder-order', severity: 'error', message }];
}
