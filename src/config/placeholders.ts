/**
 * Translation path templates such as `locales/%lang%/**\/%file%`, modelled on Crowdin's
 * configuration file (https://support.crowdin.com/developer/configuration-file/): parsing,
 * rendering for one source file and language, and the reverse match used to recognise a
 * translation path.
 */
import { LANGUAGE_PLACEHOLDERS, type LanguagePlaceholder, languageValues } from './languages.ts';
import { closest } from './suggest.ts';

export const FILE_PLACEHOLDERS = ['file', 'name', 'ext', 'path', 'original_path'] as const;
export type FilePlaceholder = (typeof FILE_PLACEHOLDERS)[number];
export type Placeholder = LanguagePlaceholder | FilePlaceholder;

/** Crowdin's names, accepted so a crowdin.yml `files:` block carries over unchanged. */
const ALIASES: Record<string, Placeholder> = {
  original_file_name: 'file',
  file_name: 'name',
  file_extension: 'ext',
  locale_with_underscore: 'lang_underscore',
};

const KNOWN: readonly string[] = [...LANGUAGE_PLACEHOLDERS, ...FILE_PLACEHOLDERS];

/** Our name for a placeholder written with ours or Crowdin's name; undefined when unknown. */
export function canonicalPlaceholder(name: string): Placeholder | undefined {
  if (KNOWN.includes(name)) return name as Placeholder;
  return Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined;
}

/** Every accepted placeholder name, for hints. */
export const PLACEHOLDER_NAMES: readonly string[] = [...KNOWN, ...Object.keys(ALIASES)];

/** Placeholders that may expand to several segments (or none) when they fill a whole segment. */
const MULTI_SEGMENT: ReadonlySet<Placeholder> = new Set(['path', 'original_path']);

type Token = { text: string } | { placeholder: Placeholder };

export interface Template {
  pattern: string;
  segments: Token[][];
  /** Which language placeholders appear: the ones that must differ between targets. */
  languagePlaceholders: LanguagePlaceholder[];
  /** Uses `**` or `%path%`, which need a `**` in the source pattern. */
  usesGlobstar: boolean;
}

/** A template the parser refuses; `problem` reads after the key path. */
export class TemplateError extends Error {
  readonly problem: string;

  constructor(problem: string) {
    super(problem);
    this.name = 'TemplateError';
    this.problem = problem;
  }
}

function parseSegment(segment: string): Token[] {
  if (segment === '**') return [{ placeholder: 'path' }];
  if (segment.includes('**'))
    throw new TemplateError('may use ** only as a whole path segment, as in a/**/b');
  const tokens: Token[] = [];
  let rest = segment;
  while (rest !== '') {
    const match = /%([a-zA-Z_]+)%/.exec(rest);
    const literal = match ? rest.slice(0, match.index) : rest;
    if (/[*?[\]{}]/.test(literal)) {
      throw new TemplateError('is a path, not a glob: it may hold placeholders and **, but not * ? [ ] { }');
    }
    if (literal) tokens.push({ text: literal });
    if (!match) break;
    const name = match[1]!;
    const placeholder = canonicalPlaceholder(name);
    if (!placeholder) {
      const hint = closest(name, PLACEHOLDER_NAMES);
      throw new TemplateError(`unknown placeholder %${name}%${hint ? ` (did you mean %${hint}%?)` : ''}`);
    }
    tokens.push({ placeholder });
    rest = rest.slice(match.index + match[0].length);
  }
  return tokens;
}

/** Parses a translation template; throws TemplateError with the problem. */
export function parseTemplate(pattern: string): Template {
  const segments = pattern.split('/').map(parseSegment);
  const used = new Set(segments.flat().flatMap((t) => ('placeholder' in t ? [t.placeholder] : [])));
  return {
    pattern,
    segments,
    languagePlaceholders: LANGUAGE_PLACEHOLDERS.filter((p) => used.has(p)),
    usesGlobstar: used.has('path'),
  };
}

const wholeSegment = (tokens: Token[]): Placeholder | undefined => {
  const only = tokens.length === 1 ? tokens[0]! : undefined;
  return only && 'placeholder' in only && MULTI_SEGMENT.has(only.placeholder) ? only.placeholder : undefined;
};

/**
 * Fills a template. `**`, `%path%` and `%original_path%` standing alone in a segment expand to
 * their directories, or vanish when empty, so `locales/%lang%/**\/%file%` gives `locales/de/x.json`
 * for a file matched at zero depth. The result is not checked here: see translationPath.
 */
export function renderTemplate(template: Template, values: Record<Placeholder, string>): string {
  const out: string[] = [];
  for (const tokens of template.segments) {
    const whole = wholeSegment(tokens);
    if (whole) {
      if (values[whole] !== '') out.push(values[whole]);
      continue;
    }
    out.push(tokens.map((t) => ('text' in t ? t.text : values[t.placeholder])).join(''));
  }
  return out.join('/');
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A template compiled for one language: matches its output paths and captures file parts. */
export interface ReverseMatcher {
  regex: RegExp;
  /** Placeholder captured by each group (group i+1). */
  groups: FilePlaceholder[];
}

/**
 * A regex matching what `renderTemplate` can produce for one language, with language placeholders
 * fixed to that language's values and file placeholders captured. Matches are candidates only:
 * the caller renders the reconstructed source again and compares, so a greedy split that guessed
 * wrong is rejected rather than trusted.
 */
export function reverseMatcher(
  template: Template,
  language: Record<LanguagePlaceholder, string>,
): ReverseMatcher {
  const groups: FilePlaceholder[] = [];
  const capture = (p: FilePlaceholder, body: string) => {
    groups.push(p);
    return `(${body})`;
  };
  let source = '^';
  template.segments.forEach((tokens, i) => {
    const last = i === template.segments.length - 1;
    const whole = wholeSegment(tokens) as FilePlaceholder | undefined;
    if (whole) {
      source += last ? capture(whole, '.+') : `(?:${capture(whole, '.+?')}/)?`;
      return;
    }
    for (const token of tokens) {
      if ('text' in token) source += escapeRegex(token.text);
      else if ((LANGUAGE_PLACEHOLDERS as readonly string[]).includes(token.placeholder)) {
        source += escapeRegex(language[token.placeholder as LanguagePlaceholder]);
      } else {
        const p = token.placeholder as FilePlaceholder;
        source += capture(p, p === 'ext' ? '[^/]*' : MULTI_SEGMENT.has(p) ? '.*' : '[^/]+');
      }
    }
    if (!last) source += '/';
  });
  return { regex: new RegExp(source + '$', 'u'), groups };
}

/**
 * The language placeholders' values for one target with `languages_mapping` applied
 * (`{locale: {pt-BR: pt_BR}}` makes `%locale%` `pt_BR` for pt-BR only).
 */
export function mappedLanguageValues(
  lang: string,
  mapping: Partial<Record<string, Record<string, string>>>,
): Record<LanguagePlaceholder, string> {
  const values = languageValues(lang);
  for (const [name, byLang] of Object.entries(mapping)) {
    const placeholder = canonicalPlaceholder(name) as LanguagePlaceholder | undefined;
    const value = byLang?.[lang];
    if (placeholder && placeholder in values && value !== undefined) values[placeholder] = value;
  }
  return values;
}
