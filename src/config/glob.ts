/**
 * Source globs compiled to regular expressions: `*`, `?`, `[a-z]`/`[!a]` within one path segment,
 * `**` as a whole segment for any depth including none, and `{a,b}` alternatives (nestable, may
 * hold `/`). Our own compiler rather than node's `path.matchesGlob`, so matching is the same on
 * every platform and we can capture what `**` matched (the `%path%` placeholder).
 */

/** Brace expansion stops here: a pattern that expands further is almost certainly a mistake. */
const MAX_ALTERNATIVES = 256;

/** A compiled glob: one regex per brace alternative; group 1 is what `**` matched, if present. */
export interface Glob {
  pattern: string;
  regexes: RegExp[];
  /** Number of `**` segments in the alternative with the most. */
  globstars: number;
}

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

/** Index of the `]` closing the class at `open` (a `]` right after `[` or `[!` is a member). */
function closingBracket(pattern: string, open: number): number {
  let i = open + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  const close = pattern.indexOf(']', i);
  if (close < 0) throw new GlobSyntaxError('has a [ without a matching ]');
  return close;
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

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One segment without `**`: wildcards never cross `/`. */
function segmentRegex(segment: string): string {
  if (segment.includes('**'))
    throw new GlobSyntaxError('may use ** only as a whole path segment, as in a/**/b');
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = closingBracket(segment, i);
      let body = segment.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      const members = body.replace(/[\\\]^[]/g, '\\$&');
      out += negated ? `[^/${members}]` : `(?!/)[${members}]`;
      i = close;
    } else out += escapeRegex(c);
  }
  return out;
}

/** Regex source for one brace-free pattern; the first `**` is captured (without its slash). */
function alternativeRegex(pattern: string): { source: string; globstars: number } {
  const segments = pattern.split('/');
  let source = '^';
  let globstars = 0;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      const group = globstars++ === 0 ? '(' : '(?:';
      // Zero or more whole directories, so `a/**/b` also matches `a/b`.
      source += last ? `${group}(?:[^/]+/)*[^/]+)` : `${group}(?:[^/]+/)*)`;
    } else {
      source += segmentRegex(segment) + (last ? '' : '/');
    }
  });
  return { source: source + '$', globstars };
}

const cache = new Map<string, Glob>();

/** Compiles (and caches) a glob; throws GlobSyntaxError for malformed patterns. */
export function compileGlob(pattern: string): Glob {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const regexes: RegExp[] = [];
  let globstars = 0;
  for (const alternative of expandBraces(pattern)) {
    const compiled = alternativeRegex(alternative);
    try {
      regexes.push(new RegExp(compiled.source, 'u'));
    } catch {
      // Only a character class can make the source invalid, e.g. the reversed range [z-a].
      throw new GlobSyntaxError('has an invalid character class');
    }
    globstars = Math.max(globstars, compiled.globstars);
  }
  const glob = { pattern, regexes, globstars };
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, glob);
  return glob;
}

/**
 * Matches a repository path against a glob. Returns undefined for no match, else what the first
 * `**` matched ('' for zero directories or a glob without `**`), with no trailing slash.
 */
export function matchGlob(glob: Glob, path: string): { globstar: string } | undefined {
  for (const regex of glob.regexes) {
    const match = regex.exec(path);
    if (match) return { globstar: (match[1] ?? '').replace(/\/$/, '') };
  }
  return undefined;
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
