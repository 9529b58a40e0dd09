import { createContext, Script } from 'node:vm';

/**
 * Text search of the workbench's find and replace: a query as a regular expression, run under a
 * time budget, with the ranges it matched and the text a replacement produces.
 */

export type SearchMode = 'plain' | 'regex';

export interface TextQuery {
  pattern: string;
  mode: SearchMode;
  matchCase: boolean;
}

/** A matched stretch of a text: [start, end) in UTF-16 code units. */
export type Range = readonly [number, number];

/**
 * How long one request's regular expressions may run, in total (wall time, so a loaded machine
 * leaves less of it: 1 s is ~50× what 5,000 segments need here). JavaScript's engine backtracks, so
 * a pattern like `(a+)+$` takes exponential time on some texts (OWASP, "ReDoS"); rather than
 * guess which patterns are dangerous, every match runs under a V8 watchdog (node:vm's `timeout`)
 * that stops it once this budget is spent.
 */
export const REGEX_BUDGET_MS = 1000;

/** A query's regular expression, or a message saying why it is not one. */
export function compileQuery(query: TextQuery): { regex: RegExp } | { problem: string } {
  if (query.pattern === '') return { problem: 'The search text is empty.' };
  const flags = query.matchCase ? 'gu' : 'giu';
  if (query.mode === 'plain') return { regex: new RegExp(escapeRegex(query.pattern), flags) };
  try {
    return { regex: new RegExp(query.pattern, flags) };
  } catch (err) {
    const detail = (err as Error).message.replace(/^Invalid regular expression: /, '');
    return { problem: `“${query.pattern}” is not a valid regular expression: ${detail}.` };
  }
}

/** Escapes the characters a regular expression gives a meaning (each escape is valid with the `u` flag). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Thrown when the regular expressions of one request ran past `REGEX_BUDGET_MS`. */
export class RegexTimeoutError extends Error {
  readonly status = 422;
  constructor(cause: unknown) {
    super(
      `The regular expression ran for more than ${REGEX_BUDGET_MS / 1000} s on this text and was stopped: it backtracks too much (nested repetition such as (a+)+ does). Simplify it.`,
      { cause },
    );
    this.name = 'RegexTimeoutError';
  }
}

const sandbox = createContext({});
const runWork = new Script('work()');

/**
 * Runs `work` (synchronous) and stops it once it has run `ms` milliseconds: node:vm's watchdog
 * terminates whatever JavaScript is executing, regular expressions included.
 */
export function withinBudget<T>(work: () => T, ms = REGEX_BUDGET_MS): T {
  sandbox.work = work;
  try {
    return runWork.runInContext(sandbox, { timeout: ms }) as T;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new RegexTimeoutError(err);
    throw err;
  } finally {
    sandbox.work = undefined;
  }
}

/** Where `regex` (global) matches in `text`; empty matches are skipped (they mark nothing). */
export function matchRanges(regex: RegExp, text: string): Range[] {
  const out: Range[] = [];
  regex.lastIndex = 0;
  for (const m of text.matchAll(regex)) if (m[0] !== '') out.push([m.index, m.index + m[0].length]);
  return out;
}

/**
 * The replacement text for one match, as String.prototype.replace would give it (ECMA-262
 * GetSubstitution: `$$`, `$&`, `` $` ``, `$'`, `$1`…`$99`, `$<name>`).
 */
export function substitute(template: string, match: RegExpExecArray, text: string): string {
  return template.replace(/\$(\$|&|`|'|\d{1,2}|<[^>]*>)/g, (whole, token: string) => {
    if (token === '$') return '$';
    if (token === '&') return match[0];
    if (token === '`') return text.slice(0, match.index);
    if (token === "'") return text.slice(match.index + match[0].length);
    if (token.startsWith('<')) {
      if (!match.groups) return whole;
      return match.groups[token.slice(1, -1)] ?? '';
    }
    // $nn when that group exists, else $n followed by a digit, else the characters as written.
    const groups = match.length - 1;
    const two = Number(token);
    if (token.length === 2 && two >= 1 && two <= groups) return match[two] ?? '';
    const one = Number(token[0]);
    if (one >= 1 && one <= groups) return (match[one] ?? '') + token.slice(1);
    return whole;
  });
}

/**
 * `text` with every match of `regex` replaced: in plain mode `replacement` is taken literally, in
 * regex mode `$1` and the other substitutions expand. Returns the new text, where the inserted
 * pieces are in it and where the matches were in `text` (for highlighting), or undefined when
 * nothing matched.
 */
export function replaceAll(
  regex: RegExp,
  text: string,
  replacement: string,
  mode: SearchMode,
): { text: string; ranges: Range[]; matched: Range[] } | undefined {
  regex.lastIndex = 0;
  let out = '';
  let last = 0;
  const ranges: Range[] = [];
  const matched: Range[] = [];
  for (const m of text.matchAll(regex)) {
    const piece = mode === 'regex' ? substitute(replacement, m, text) : replacement;
    out += text.slice(last, m.index);
    if (piece !== '') ranges.push([out.length, out.length + piece.length]);
    matched.push([m.index, m.index + m[0].length]);
    out += piece;
    last = m.index + m[0].length;
  }
  if (matched.length === 0) return undefined;
  return { text: out + text.slice(last), ranges, matched };
}

/**
 * Whether a unit id matches a key filter: with `*` (any run) or `?` (one character) it is a glob
 * over the whole id, otherwise a substring; case-insensitive either way. The glob matcher is the
 * two-pointer one with a single backtrack point: O(id × pattern), never exponential.
 */
export function keyMatches(filter: string, unitId: string): boolean {
  const f = filter.toLowerCase();
  const s = unitId.toLowerCase();
  if (!/[*?]/.test(f)) return s.includes(f);
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  while (i < s.length) {
    if (j < f.length && (f[j] === '?' || f[j] === s[i])) {
      i++;
      j++;
    } else if (j < f.length && f[j] === '*') {
      star = j++;
      mark = i;
    } else if (star >= 0) {
      j = star + 1;
      i = ++mark;
    } else return false;
  }
  while (j < f.length && f[j] === '*') j++;
  return j === f.length;
}
