/**
 * Source globs: `*`, `?`, `[a-z]`/`[!a]` within one path segment, `**` as a whole segment for any
 * depth including none, and `{a,b}` alternatives (nestable, may hold `/`). Matching is picomatch's
 * (its POSIX build, so the same on every platform), configured to our documented rules; we keep
 * the brace expansion (a brace without a comma is literal, as in bash; malformed patterns are
 * config errors, not literal text) and capture what `**` matched (the `%path%` placeholder).
 *
 * Where picomatch differs by default, ours wins (test/config/glob.test.ts pins each): `*` and `?`
 * match dotfiles; `docs/**` does not match `docs` itself; `!`, `(a|b)`, `+(…)`, `@(…)` and every
 * other punctuation but `* ? / [ ]` are literal text; `a[1]` is a class only (picomatch's
 * `isMatch` also takes the literal name `a[1]`); a class never matches `/`; `[`, `{` or `}`
 * unbalanced, `**` inside a segment and a reversed range are errors, where picomatch would read
 * them as literal text or never match. Left to picomatch, unlike our former matcher: POSIX classes
 * (`[[:digit:]]`) work; `?` and a class match one UTF-16 unit (an emoji outside the BMP takes `??`);
 * `*` never matches a `.` or `..` segment (repository paths hold none).
 */
import picomatch from 'picomatch/posix.js';

/** Brace expansion stops here: a pattern that expands further is almost certainly a mistake. */
const MAX_ALTERNATIVES = 256;

/** One brace alternative: its matcher, and where its first `**` segment is (-1 if none). */
interface Alternative {
  isMatch: (path: string) => boolean;
  segments: string[];
  globstar: number;
  /** Matches what follows the first `**` (undefined when nothing follows it). */
  rest?: (path: string) => boolean;
}

/** A compiled glob: one matcher per brace alternative, tried in order. */
export interface Glob {
  pattern: string;
  alternatives: Alternative[];
  /** Number of `**` segments in the alternative with the most. */
  globstars: number;
}

/** picomatch configured to the rules above. */
const PICOMATCH: picomatch.PicomatchOptions = {
  dot: true,
  // `[!a]` negates as `[^a]` does; `a[1]` is a class only, never also the literal text `a[1]`.
  posix: true,
  literalBrackets: false,
  nobrace: true,
  noextglob: true,
  nonegate: true,
  strictSlashes: true,
};

/** A glob the compiler refuses; `problem` reads after the key path (`must not …`). */
export class GlobSyntaxError extends Error {
  readonly problem: string;

  constructor(problem: string) {
    super(problem);
    this.name = 'GlobSyntaxError';
    this.problem = problem;
  }
}

/** Index of the `}` closing the `{` at `open`, skipping bracket classes and nested braces. */
function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '[') i = closingBracket(pattern, i);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new GlobSyntaxError('has a { without a matching }');
}

/**
 * Index of the `]` closing the class at `open` (a `]` right after `[` or `[!` is a member, and a
 * POSIX class such as `[:digit:]` inside it is skipped whole).
 */
function closingBracket(pattern: string, open: number): number {
  let i = open + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (let close = pattern.indexOf(']', i); close >= 0; close = pattern.indexOf(']', i)) {
    const posix = /\[:[a-z]+:\]/y;
    posix.lastIndex = pattern.indexOf('[:', i);
    if (posix.lastIndex < 0 || posix.lastIndex > close || !posix.test(pattern)) return close;
    i = posix.lastIndex;
  }
  throw new GlobSyntaxError('has a [ without a matching ]');
}

/** The comma-separated alternatives of a brace body, splitting only at its top level. */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '[') i = closingBracket(body, i);
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** `a/{b,c{d,e}}/f` → `a/b/f`, `a/cd/f`, `a/ce/f`. A brace without a comma stays literal. */
export function expandBraces(pattern: string): string[] {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '[') {
      i = closingBracket(pattern, i);
      continue;
    }
    if (c === '}') throw new GlobSyntaxError('has a } without a matching {');
    if (c !== '{') continue;
    const close = closingBrace(pattern, i);
    const alternatives = splitAlternatives(pattern.slice(i + 1, close));
    if (alternatives.length < 2) {
      i = close; // `{b}` is literal text, as in bash
      continue;
    }
    const head = pattern.slice(0, i);
    const out: string[] = [];
    for (const rest of expandBraces(pattern.slice(close + 1))) {
      for (const alt of alternatives) {
        for (const mid of expandBraces(alt)) {
          out.push(head + mid + rest);
          if (out.length > MAX_ALTERNATIVES) {
            throw new GlobSyntaxError(`expands to more than ${MAX_ALTERNATIVES} alternatives`);
          }
        }
      }
    }
    return out;
  }
  return [pattern];
}

/** Throws GlobSyntaxError for what picomatch would read as literal text or never match. */
function checkSegment(segment: string): void {
  if (segment.includes('**') && segment !== '**')
    throw new GlobSyntaxError('may use ** only as a whole path segment, as in a/**/b');
  for (let i = segment.indexOf('['); i >= 0; i = segment.indexOf('[', i + 1)) {
    const close = closingBracket(segment, i);
    let body = segment.slice(i + 1, close);
    if (body.startsWith('!') || body.startsWith('^')) body = body.slice(1);
    try {
      new RegExp(`[${body.replace(/[\\\]^[]/g, '\\$&')}]`, 'u');
    } catch {
      throw new GlobSyntaxError('has an invalid character class'); // e.g. the reversed range [z-a]
    }
    i = close;
  }
}

/**
 * The pattern in picomatch's syntax: outside classes, every ASCII punctuation character other than
 * `*`, `?` and `/` is literal for us, so it is escaped (picomatch reads `(a|b)`, `+(a)`, `!`, `{}`
 * and more as syntax). Our patterns hold no backslash (src/config/patterns.ts refuses them).
 */
function escapeLiterals(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '[') {
      const close = closingBracket(pattern, i);
      out += pattern.slice(i, close + 1);
      i = close;
    } else if (c !== '*' && c !== '?' && c !== '/' && /[!-/:-@[-`{-~]/.test(c)) out += `\\${c}`;
    else out += c;
  }
  return out;
}

/**
 * picomatch's regex alone: its `isMatch` also takes a path equal to the pattern's text, so `a[1]`
 * would match the file `a[1]` as well as `a1`.
 */
function matcher(pattern: string): (path: string) => boolean {
  const regex = picomatch.makeRe(escapeLiterals(pattern), PICOMATCH);
  return (path) => regex.test(path);
}

/** The matchers of one brace-free pattern. */
function alternative(pattern: string): Alternative {
  const segments = pattern.split('/');
  segments.forEach(checkSegment);
  const globstar = segments.indexOf('**');
  // picomatch lets `a/**` match `a`; ours wants at least one segment below `a`.
  const whole = segments.at(-1) === '**' ? `${pattern}/*` : pattern;
  const compiled: Alternative = { isMatch: matcher(whole), segments, globstar };
  const rest = segments.slice(globstar + 1).join('/');
  if (globstar >= 0 && rest !== '') compiled.rest = matcher(segments.at(-1) === '**' ? `${rest}/*` : rest);
  return compiled;
}

/**
 * What the first `**` of a matching alternative matched: as many whole directories as leave the
 * rest of the pattern a match (the longest, as a greedy regex would take).
 */
function globstarOf(alt: Alternative, parts: string[]): string {
  if (alt.globstar < 0) return '';
  const below = parts.slice(alt.globstar);
  if (!alt.rest) return below.join('/');
  for (let taken = below.length - 1; taken >= 0; taken--) {
    if (alt.rest(below.slice(taken).join('/'))) return below.slice(0, taken).join('/');
  }
  return '';
}

const cache = new Map<string, Glob>();

/** Compiles (and caches) a glob; throws GlobSyntaxError for malformed patterns. */
export function compileGlob(pattern: string): Glob {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const alternatives = expandBraces(pattern).map(alternative);
  const globstars = Math.max(...alternatives.map((alt) => alt.segments.filter((s) => s === '**').length));
  const glob = { pattern, alternatives, globstars };
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, glob);
  return glob;
}

/**
 * Matches a repository path against a glob. Returns undefined for no match, else what the first
 * `**` matched ('' for zero directories or a glob without `**`), with no trailing slash.
 */
export function matchGlob(glob: Glob, path: string): { globstar: string } | undefined {
  const alt = glob.alternatives.find((candidate) => candidate.isMatch(path));
  return alt && { globstar: globstarOf(alt, path.split('/')) };
}

/**
 * The literal directory a glob's alternatives start in (`locales/en` for `locales/en/**\/*.json`),
 * one per alternative: where a walk of the tree needs to begin.
 */
export function literalRoots(pattern: string): string[] {
  const roots = expandBraces(pattern).map((alternative) => {
    const segments = alternative.split('/');
    const fixed: string[] = [];
    for (const segment of segments.slice(0, -1)) {
      if (/[*?[]/.test(segment)) break;
      fixed.push(segment);
    }
    return fixed.join('/');
  });
  return [...new Set(roots)];
}
