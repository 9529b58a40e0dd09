/**
 * Every rule over one unit: its source (from the source file) against its translation (from the
 * target file). Rules that need a translation run only when there is one.
 */
import type { PluralForms, Unit } from '../formats/model.ts';
import { ALL_SYNTAXES, type PlaceholderSyntax, parseMessageFormat } from '../formats/placeholders.ts';
import { icuIssues, isIcuMessage } from './icu.ts';
import { placeholderIssues, type ScanOptions } from './placeholders.ts';
import { formIssues } from './plurals.ts';
import { termIssues } from './terms.ts';
import type { TermEntry, UnitIssue } from './types.ts';

export interface UnitContext {
  /** Format name (`json`, `po`, …): ICU and untranslated rules depend on it. */
  format: string;
  /** Which languages the format keeps in one file (see FormatModule.holds). */
  holds: 'one' | 'pair' | 'all';
  sourceLang: string;
  lang: string;
  terms: readonly TermEntry[];
  /**
   * The placeholder syntaxes the format fills in this unit (placeholdersOf: the format module's
   * answer, the one MT protection uses too). Default: every syntax.
   */
  syntaxes?: readonly PlaceholderSyntax[];
}

type Text = string | PluralForms;

const INLINE_CODE = /<\/?(?:x|g|bx|ex|bpt|ept|ph|it|mrk|pc|sc|ec|sm|em)\b[^>]*>/g;

/** The translation a target file holds for a unit: its text in monolingual files, its target otherwise. */
export function translationOf(unit: Unit, holds: UnitContext['holds']): Text | undefined {
  return holds === 'one' ? (unit.sourcePlural ?? unit.source) : (unit.targetPlural ?? unit.target);
}

const forms = (t: Text): string[] =>
  typeof t === 'string' ? [t] : Object.values(t).filter((v) => v !== undefined);
const isEmpty = (t: Text) => forms(t).every((f) => f.trim() === '');
const same = (a: Text, b: Text) => JSON.stringify(a) === JSON.stringify(b);
/** Prose worth translating: three words or more (single words, names and codes often stay as they are). */
const prose = (t: string) => (t.match(/\p{L}{2,}/gu)?.length ?? 0) >= 3;

/**
 * String Catalogs: each localization names its own substitutions (`%#@arg1@` in English may be
 * `%#@count_posts@` in German), so a variable reference is the argument it takes; and a key
 * Xcode extracted from code (`label %lld`) is the format the app passes its arguments with, so a
 * translation may take an argument its source text leaves out (German `%#@count@` for "starred").
 */
function catalogOptions(format: string, id: string): Pick<ScanOptions, 'variables' | 'provided'> {
  if (format !== 'xcstrings') return {};
  const key = /^(?:[^|\\]|\\.)*/.exec(id)![0].replace(/\\(.)/g, '$1');
  return { variables: 'position', provided: [key] };
}

/**
 * A translation of a java.text.MessageFormat pattern must be one: `MessageFormat.format` throws
 * IllegalArgumentException on it otherwise. A source that is not a pattern with arguments (no
 * `{0}`, or `{method}`, which MessageFormat rejects) is text the application does not format.
 */
function messageFormatIssues(source: string, target: string): UnitIssue[] {
  const pattern = parseMessageFormat(source);
  if (pattern.error || pattern.arguments.length === 0) return [];
  const error = parseMessageFormat(target).error;
  if (!error) return [];
  const message = `translation is not a valid java.text.MessageFormat pattern: ${error}`;
  return [{ rule: 'messageformat-syntax', severity: 'error', message }];
}

export function checkUnit(source: Unit, target: Unit | undefined, ctx: UnitContext): UnitIssue[] {
  const src: Text = source.sourcePlural ?? source.source;
  const trg = target && translationOf(target, ctx.holds);
  if (trg === undefined || isEmpty(trg))
    return [{ rule: 'untranslated', severity: 'warning', message: 'not translated' }];
  // A monolingual file has no other way to say "not translated yet" than the source text itself;
  // bilingual files and catalogs do (an empty target, a state), so a copy there is a choice.
  if (ctx.holds === 'one' && same(src, trg) && forms(src).some(prose))
    return [{ rule: 'untranslated', severity: 'warning', message: 'translation is the source text' }];

  const xliff = ctx.format === 'xliff12' || ctx.format === 'xliff2';
  const sourceFor = (category: string) =>
    typeof src === 'string' ? src : ((src as Record<string, string | undefined>)[category] ?? src.other);
  const pairs: [string, string][] =
    typeof trg === 'string'
      ? [[sourceFor('other'), trg]]
      : Object.entries(trg).map(([c, t]) => [sourceFor(c), t ?? '']);
  const syntaxes = ctx.syntaxes ?? ALL_SYNTAXES;
  // Where the format has no ICU messages (Rails: `{name}` is text), no text is read as one.
  const icu = syntaxes.includes('icu')
    ? pairs.flatMap(([s, t]) => (isIcuMessage(ctx.format, s) ? icuIssues(t, ctx.lang) : []))
    : [];
  const java = syntaxes.includes('java') ? pairs.flatMap(([s, t]) => messageFormatIssues(s, t)) : [];
  icu.push(...java);
  // A message that does not parse has no reliable placeholders: its syntax error says it all.
  const broken = icu.some((i) => i.rule === 'icu-syntax' || i.rule === 'messageformat-syntax');
  const scanOptions = { xliff, syntaxes, ...catalogOptions(ctx.format, source.id) };
  const issues = broken ? [] : placeholderIssues(forms(src), forms(trg), scanOptions);
  // Forms are compared as a union, but `other` serves most numbers: it must keep the source's.
  if (!broken && typeof src !== 'string' && typeof trg !== 'string' && trg.other?.trim()) {
    const seen = new Set(issues.map((i) => i.message));
    for (const issue of placeholderIssues([src.other], [trg.other], scanOptions))
      if (issue.rule === 'placeholder-missing' && !seen.has(issue.message))
        issues.push({ ...issue, message: `${issue.message} in the "other" form` });
  }
  issues.push(...icu);
  if (typeof src !== 'string') {
    if (typeof trg === 'string')
      issues.push({
        rule: 'plural-categories',
        severity: 'error',
        message: 'the source is a plural but the translation has no plural forms',
      });
    else issues.push(...formIssues(ctx.lang, trg, ctx.format));
  }

  const max = source.maxLength ?? target?.maxLength;
  if (max !== undefined) {
    // Inline codes are markup, not text the reader sees.
    const visible = (f: string) => (xliff ? f.replace(INLINE_CODE, '') : f);
    const longest = Math.max(...forms(trg).map((f) => [...visible(f)].length));
    if (longest > max)
      issues.push({
        rule: 'length-limit',
        severity: 'error',
        message: `translation is ${longest} characters long; the file allows ${max}`,
      });
  }
  if (ctx.terms.length > 0)
    issues.push(
      ...termIssues(ctx.terms, forms(src).join('\n'), forms(trg).join('\n'), ctx.sourceLang, ctx.lang),
    );
  return issues;
}
