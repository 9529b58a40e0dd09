/**
 * Placeholder rules: a translation must keep the source's placeholders (missing, extra, renamed)
 * and, for unnumbered printf conversions, their order. Detection is the formats library's
 * (findPlaceholders: printf, Android/Apple positional, Ruby/Rails, Python, ICU, i18next, tags);
 * this module decides what counts as the same placeholder and which differences are errors.
 */

import type { Placeholder, PlaceholderKind } from '../formats/placeholders.ts';
import { findPlaceholders } from '../formats/placeholders.ts';
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

/** Placeholders compared by meaning, not spelling (as the library's checkPlaceholders does). */
function keyOf(p: Placeholder, options: ScanOptions): string {
  switch (p.kind) {
    case 'icu':
    case 'i18next':
      return `${p.kind}:${p.text.replace(/\s+/g, '')}`;
    case 'icu-plural':
      return `icu-plural:${p.name}:${/^\{[^,]*,\s*(\w+)/.exec(p.text)?.[1] ?? ''}`;
    case 'i18next-nesting':
      return `nesting:${p.name}`;
    case 'tag': {
      // An XLIFF inline code is identified by its id: `<x id="1"/>` and `<x id="2"/>` differ.
      const id = options.xliff ? (/\sid\s*=\s*["']([^"']*)["']/.exec(p.text)?.[1] ?? '') : '';
      return `tag:${/^<\//.test(p.text) ? '/' : ''}${p.name!.toLowerCase()}${/\/>$/.test(p.text) ? '/' : ''}#${id}`;
    }
    default:
      return `${p.kind}:${p.text}`;
  }
}

/** Inline codes of XLIFF 1.2 and 2.0: in an XLIFF unit's text, only these are markup. */
const XLIFF_CODES = new Set([
  'x',
  'g',
  'bx',
  'ex',
  'bpt',
  'ept',
  'ph',
  'it',
  'mrk',
  'pc',
  'sc',
  'ec',
  'sm',
  'em',
]);

export interface ScanOptions {
  /**
   * XLIFF text: markup is escaped in the file (`&lt;b&gt;` is text), so only the format's inline
   * codes, which the unit keeps as elements, are tags.
   */
  xliff?: boolean;
}

function scan(text: string, options: ScanOptions): Placeholder[] {
  return findPlaceholders(text, OPTIONS).filter(
    (p) =>
      p.kind !== 'icu-branch' &&
      p.kind !== 'icu-pound' &&
      (p.kind !== 'tag' || !options.xliff || XLIFF_CODES.has(p.name!)),
  );
}

/** Placeholders of `a` without a counterpart in `b`: by count, or by presence when `once`. */
function unmatched(a: Placeholder[], b: Placeholder[], once: boolean, options: ScanOptions): Placeholder[] {
  const available = new Map<string, number>();
  for (const p of b)
    available.set(keyOf(p, options), once ? Infinity : (available.get(keyOf(p, options)) ?? 0) + 1);
  const out: Placeholder[] = [];
  const reported = new Set<string>();
  for (const p of a) {
    const key = keyOf(p, options);
    const left = available.get(key) ?? 0;
    if (left > 0) available.set(key, left - 1);
    else if (!once || !reported.has(key)) {
      reported.add(key);
      out.push(p);
    }
  }
  return out;
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
  const missing = unmatched(src, trg, once, options).filter((p) => !isCount(p, trgPound));
  const extra = unmatched(trg, src, once, options).filter((p) => !isCount(p, srcPound));
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
