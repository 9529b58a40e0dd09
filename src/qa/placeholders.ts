/**
 * The placeholder rule set — one for every reader: `svc-connector qa` and the pull request's QA
 * check, the pull request body's warnings (placeholder-qa.ts reads qa's findings), the workbench's
 * warnings and machine translation's check that every placeholder came back. A translation must
 * keep the source's placeholders (missing, extra, renamed) and, for unnumbered printf conversions,
 * their order. Detection is the formats library's (findPlaceholders: printf, Android/Apple
 * positional, Ruby/Rails, Python, ICU, i18next, tags); this module decides what counts as the same
 * placeholder and which differences are errors.
 */

import type { PlaceholderBinding } from '../formats/model.ts';
import type { Placeholder, PlaceholderKind, PlaceholderSyntax } from '../formats/placeholders.ts';
import { ALL_SYNTAXES, findPlaceholders } from '../formats/placeholders.ts';
import { messageAnalysis } from './messages.ts';
import { unmatchedPlaceholders } from './placeholder-match.ts';
import type { UnitIssue } from './types.ts';
import { type CheckedUnit, formsOf, type UnitText } from './unit.ts';

/** Which placeholders may stand in for one another when renamed. */
function family(kind: PlaceholderKind): string {
  return kind === 'positional' ? 'printf' : kind;
}

/** How texts are read for placeholders; the format's binding (FormatModule.placeholderBinding) included. */
export interface ScanOptions extends PlaceholderBinding {
  /**
   * The format's inline codes (FormatModule.inlineCodes, XLIFF): markup is escaped in the file
   * (`&lt;b&gt;` is text), so only these, which the unit keeps as elements, are tags.
   */
  inlineCodes?: ReadonlySet<string> | undefined;
  /**
   * Read ICU apostrophe quoting (PlaceholderOptions.icuQuoting). Default false: most files that use
   * `{name}` (vue-i18n, Flutter without `use-escaping`, i18next) do not quote with apostrophes, and
   * reading `l'{name}` as quoted text would report a placeholder every French translation keeps.
   */
  icuQuoting?: boolean;
  /** The syntaxes the file's format fills (FormatModule.placeholders); default every syntax. */
  syntaxes?: readonly PlaceholderSyntax[] | undefined;
}

/**
 * The printf conversions' argument classes: a translation may change flags, width, precision,
 * a length of the same size (`%.2f` → `%.1f`, `%lld` → `%ld`) or the letter within a class
 * (`%d` → `%x`), which the
 * runtime formats from the same argument; a class change (`%d` → `%@`, `%s` → `%d`) reads the
 * argument as what it is not: a crash or garbage at run time.
 */
const CONVERSION_CLASS: Record<string, string> = {
  ...Object.fromEntries([...'diouxXcC'].map((c) => [c, 'integer'])),
  ...Object.fromEntries([...'fFeEgGaA'].map((c) => [c, 'float'])),
  s: 'string',
  r: 'string',
  S: 'wide string',
  '@': 'object',
  p: 'pointer',
  n: 'count',
};

/** A printf conversion that takes the next argument or a numbered one (not `%(name)s`, `%{name}`). */
const CONVERSION =
  /^%(?:(\d+)\$)?(?:#@[^@]*@|[-+#0' ,(]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(hh|h|ll|l|L|q|j|z|t)?([diouxXeEfFgGaAcCsSpnr@]))$/;

/**
 * The size of the argument a length modifier reads (C, Foundation): `%d` reads 32 bits, `%ld`
 * and `%lld` 64 on LP64, so `%d` for a Swift Int shows a wrong number.
 */
const sizeOf = (length: string | undefined) =>
  length === undefined || length === 'h' || length === 'hh'
    ? ''
    : length === 'L'
      ? ' long double'
      : ' 64-bit';

interface Argument {
  key: string;
  /** Conversion class; undefined for a variable reference (its own dictionary says). */
  conversion: string | undefined;
}

/**
 * printf arguments by position, as the runtime reads them: the first unnumbered conversion is
 * argument 1, so `%d` in a source and `%1$d` in its translation are the same argument (POSIX
 * printf, Foundation's `String(format:)`, `java.util.Formatter`).
 */
function argumentsOf(
  list: readonly Placeholder[],
  variables: 'name' | 'position',
): Map<Placeholder, Argument> {
  const out = new Map<Placeholder, Argument>();
  const conversions = list.flatMap((p) => {
    const m = p.kind === 'printf' || p.kind === 'positional' ? CONVERSION.exec(p.text) : null;
    return m ? [{ p, m }] : [];
  });
  // POSIX leaves numbered and unnumbered conversions in one text undefined; a `.stringsdict` form
  // writes the plural variable's own value unnumbered beside numbered arguments (`*%2$@, %3$@* and
  // %d others`, the variable being argument 1): an unnumbered conversion there takes the first
  // position the numbered ones leave free, so `%1$d` in a translation is the same argument.
  // A MessageFormat argument is its index: `{1}` and `{1,number,#}` format the same argument.
  for (const p of list)
    if (p.kind === 'positional' && p.text.startsWith('{'))
      out.set(p, { key: `messageformat:${p.name}`, conversion: undefined });
  const numbered = new Set(conversions.flatMap(({ m }) => (m[1] === undefined ? [] : [m[1]])));
  let next = 0;
  for (const { p, m } of conversions) {
    let position = m[1];
    if (position === undefined) {
      do next++;
      while (numbered.has(String(next)));
      position = String(next);
    }
    const variable = /#@/.test(p.text);
    if (variable && variables === 'name')
      out.set(p, { key: `variable:${/#@([^@]*)@/.exec(p.text)![1]}`, conversion: undefined });
    else
      out.set(p, {
        key: `argument:${position}`,
        conversion: variable ? undefined : `${CONVERSION_CLASS[m[3]!]}${sizeOf(m[2])}`,
      });
  }
  return out;
}

function scan(text: string, options: ScanOptions): Placeholder[] {
  const all = options.syntaxes ?? ALL_SYNTAXES;
  const quoting = { icuQuoting: options.icuQuoting ?? false };
  // Outside XLIFF, a tag and the arguments in its attributes are compared apart: the runtime
  // fills `{0}` in `<a href="{0}/configure">` (MessageFormat, ICU, Rails) whether or not the
  // translation quotes the attribute as the source does (`href=''{0}/configure''`).
  const apart = !options.inlineCodes && all.includes('tags') && all.length > 1;
  let found: Placeholder[];
  if (apart) {
    const args = findPlaceholders(text, { ...quoting, syntaxes: all.filter((s) => s !== 'tags') });
    // A tag-like piece of an argument (`%<name>s`) is the argument's.
    const tags = findPlaceholders(text, { ...quoting, syntaxes: ['tags'] }).filter(
      (t) => !args.some((a) => a.start <= t.start && t.end <= a.end),
    );
    found = [...args, ...tags].sort((a, b) => a.start - b.start);
  } else found = findPlaceholders(text, { ...quoting, syntaxes: all });
  return found.filter(
    (p) =>
      p.kind !== 'icu-branch' &&
      p.kind !== 'icu-pound' &&
      (p.kind !== 'tag' || !options.inlineCodes || options.inlineCodes.has(p.name!)),
  );
}

/**
 * A dropped HTML tag may be a translator's choice; a dropped argument, or an XLIFF inline code
 * (it stands for one), is a bug.
 */
const severityOf = (p: Placeholder, options: ScanOptions) =>
  p.kind === 'tag' && !options.inlineCodes ? 'warning' : 'error';

/** Arguments of the plurals in `texts` that hold a `#`. */
function countedBy(texts: readonly string[], options: ScanOptions): Set<string> {
  const names = new Set<string>();
  for (const text of texts) {
    const found = findPlaceholders(text, { icuQuoting: options.icuQuoting ?? false });
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
  const variables = options.variables ?? 'name';
  const args = new Map<Placeholder, Argument>();
  const scanAll = (texts: readonly string[]) =>
    texts.flatMap((t) => {
      const found = scan(t, options);
      for (const [p, a] of argumentsOf(found, variables)) args.set(p, a);
      return found;
    });
  const src = scanAll(source);
  const trg = scanAll(target);
  const provided = scanAll(options.provided ?? []);
  // A placeholder may stand twice in a text, or once per alternative (Symfony's `one|many` pipe,
  // each plural form): every runtime fills each occurrence from the same argument. Only tags are
  // counted (each opens or closes one element), and unnumbered printf conversions, which the key
  // already tells apart (a second `%s` is argument 2).
  const once = (p: Placeholder) => p.kind !== 'tag';
  const keys = { codeIds: options.inlineCodes !== undefined, keyOf: (p: Placeholder) => args.get(p)?.key };
  // Inside a plural, `#` is the count: `{count} items` and `# items` say the same.
  const srcPound = countedBy(source, options);
  const trgPound = countedBy(target, options);
  // A plural the translation writes as one text that still holds its argument (`{count}
  // участника(ов)`): Flutter's gen-l10n and formatjs format it for every number; it only reads
  // the same for all of them, a warning.
  const used = new Set(trg.filter((p) => p.kind === 'icu' || p.kind === 'icu-plural').map((p) => p.name));
  const unplural = (p: Placeholder) => p.kind === 'icu-plural' && used.has(p.name);
  const lost = unmatchedPlaceholders(src, trg, once, keys).filter((p) => !isCount(p, trgPound));
  const missing = lost.filter((p) => !unplural(p));
  const extra = unmatchedPlaceholders(trg, [...src, ...provided], once, keys).filter(
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
        issues.push(renamed(p, added[i]!, options));
      });
      continue;
    }
    for (const p of lost)
      issues.push({
        rule: 'placeholder-missing',
        severity: severityOf(p, options),
        message: `missing placeholder ${p.text}`,
      });
    for (const p of added)
      issues.push({
        rule: 'placeholder-extra',
        severity: severityOf(p, options),
        message: `extra placeholder ${p.text} (not in the source)`,
      });
  }
  for (const p of lost.filter(unplural))
    issues.push({
      rule: 'placeholder-missing',
      severity: 'warning',
      message: `the translation has no ${/^\{[^,]*,\s*(\w+)/.exec(p.text)?.[1] ?? 'plural'} of {${p.name}}: every value reads the same`,
    });
  const order = source.length === 1 && target.length === 1 ? reordered(src, trg) : [];
  issues.push(...order);
  if (order.length === 0) issues.push(...conversionChanges(src, trg, args, options));
  return issues;
}

/**
 * The placeholder issues of a unit's translation: every form compared as a union
 * (placeholderIssues), and the `other` form on its own, since it serves most numbers and must keep
 * every placeholder of the source's.
 */
export function unitPlaceholderIssues(
  source: UnitText,
  target: UnitText,
  options: ScanOptions = {},
): UnitIssue[] {
  const issues = placeholderIssues(formsOf(source), formsOf(target), options);
  if (typeof source !== 'string' && typeof target !== 'string' && target.other?.trim()) {
    const seen = new Set(issues.map((i) => i.message));
    for (const issue of placeholderIssues([source.other], [target.other], options))
      if (issue.rule === 'placeholder-missing' && !seen.has(issue.message))
        issues.push({ ...issue, message: `${issue.message} in the "other" form` });
  }
  return issues;
}

/**
 * The placeholder findings of a unit under check, as the format binds its placeholders (none when
 * its translation does not parse as the message its source is: the syntax error says it all).
 */
export function placeholderFindings(unit: CheckedUnit): UnitIssue[] {
  if (unit.shared(messageAnalysis).broken) return [];
  const binding = unit.format.placeholderBinding?.(unit.source) ?? {};
  return unitPlaceholderIssues(unit.text, unit.translated, {
    inlineCodes: unit.format.inlineCodes,
    syntaxes: unit.syntaxes,
    ...binding,
  });
}

function renamed(p: Placeholder, to: Placeholder, options: ScanOptions): UnitIssue {
  return {
    rule: 'placeholder-renamed',
    severity: severityOf(p, options),
    message: `placeholder ${p.text} is written ${to.text} in the translation`,
  };
}

/** An argument both sides use, converted as another class in the translation (`%d` → `%@`). */
function conversionChanges(
  src: readonly Placeholder[],
  trg: readonly Placeholder[],
  args: ReadonlyMap<Placeholder, Argument>,
  options: ScanOptions,
): UnitIssue[] {
  const sourceOf = new Map<string, Placeholder>();
  for (const p of src) {
    const a = args.get(p);
    if (a?.conversion && !sourceOf.has(a.key)) sourceOf.set(a.key, p);
  }
  const issues: UnitIssue[] = [];
  const reported = new Set<string>();
  for (const p of trg) {
    const a = args.get(p);
    const s = a && sourceOf.get(a.key);
    if (!a?.conversion || !s || args.get(s)!.conversion === a.conversion || reported.has(a.key)) continue;
    reported.add(a.key);
    issues.push(renamed(s, p, options));
  }
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
