/**
 * Code links (issue 38, item 3): where each unit's key is used in the repository's code, found by
 * a literal search. One pass over the usage files builds the index for every key at once: each
 * string literal of each file is looked up in a set of keys, so the work grows with the code, not
 * with code × keys.
 *
 * What counts as a use: a string literal — '…', "…" or `…` without `${` — whose text is the key
 * (`t('settings.title')`, `getString("app_name")`), or is `namespace:key` (i18next's
 * `t('common:settings.title')`). A key inside a longer text, or built at run time
 * (`t(\`tabs.${name}\`)`), is not a use: a literal search cannot tell, and a wrong link is worse
 * than none.
 */
import { MAX_CODE_LINKS } from '../api/schemas/file-context.ts';

export interface KeyUse {
  /** Repository path, `/`-separated. */
  path: string;
  /** 1-based line of the literal's opening quote. */
  line: number;
}

export interface KeyUses {
  /** The first uses in path and line order (at most `cap`). */
  first: KeyUse[];
  /** Every use found. */
  total: number;
}

/**
 * A string literal on one line ('…' or "…"), or a template literal that may span lines. A stray
 * quote (an apostrophe in a comment) costs at most the rest of its line for ' and ". Written as
 * "unrolled loops" (Friedl): a run of plain characters, then escapes each followed by another run.
 */
const LITERAL =
  /'([^'\\\n]*(?:\\.[^'\\\n]*)*)'|"([^"\\\n]*(?:\\.[^"\\\n]*)*)"|`([^`\\]*(?:\\[\s\S][^`\\]*)*)`/g;

/** The key spelled in the code for a unit id: key paths unescaped (`a\.b` → `a.b`), a PO context dropped. */
export function codeKeysOf(unitId: string, sourceLang?: string): string[] {
  // PO: `msgctxt\u0004msgid`; code names the msgid (`_('Open')`, `pgettext('menu', 'Open')`).
  const afterContext = unitId.slice(unitId.indexOf('\u0004') + 1);
  // Key-path ids escape `\`, `.` and `#` in a key; an unescaped `#` starts a suffix no key has.
  let key = '';
  for (let i = 0; i < afterContext.length; i++) {
    const c = afterContext[i]!;
    if (c === '\\' && i + 1 < afterContext.length) key += afterContext[++i];
    else if (c === '#') break;
    else key += c;
  }
  if (key === '') return [];
  // Rails keeps the language as the root key (`en.settings.title`); code asks for `settings.title`.
  const root = sourceLang ? `${sourceLang}.` : undefined;
  return root && key.startsWith(root) && key.length > root.length ? [key, key.slice(root.length)] : [key];
}

/** One line index per file: the offsets where lines start, for a binary search. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** A literal's text as the program sees it, for the common escapes (`\'`, `\"`, `\\`). */
function unescapeLiteral(raw: string): string {
  return raw.indexOf('\\') < 0 ? raw : raw.replace(/\\(['"`\\])/g, '$1');
}

/**
 * The uses of `keys` in `files` (visit them in path order for stable links), at most `cap` kept
 * per key. Keys not used are absent from the result.
 */
export function findKeyUses(
  files: Iterable<{ path: string; text: string }>,
  keys: ReadonlySet<string>,
  cap = MAX_CODE_LINKS,
): Map<string, KeyUses> {
  const out = new Map<string, KeyUses>();
  if (keys.size === 0) return out;
  const record = (key: string, path: string, line: number) => {
    let uses = out.get(key);
    if (!uses) {
      uses = { first: [], total: 0 };
      out.set(key, uses);
    }
    uses.total++;
    if (uses.first.length < cap) uses.first.push({ path, line });
  };
  for (const { path, text } of files) {
    let starts: number[] | undefined;
    for (const m of text.matchAll(LITERAL)) {
      const raw = m[1] ?? m[2] ?? m[3]!;
      if (raw === '' || (m[3] !== undefined && raw.includes('${'))) continue;
      const literal = unescapeLiteral(raw);
      let key: string | undefined;
      if (keys.has(literal)) key = literal;
      else {
        const colon = literal.indexOf(':');
        if (colon > 0 && keys.has(literal.slice(colon + 1))) key = literal.slice(colon + 1);
      }
      if (key === undefined) continue;
      starts ??= lineStarts(text);
      record(key, path, lineAt(starts, m.index));
    }
  }
  return out;
}

/**
 * Per unit id, the uses of its key (`codeKeysOf`); a unit whose key is used nowhere is absent.
 * `uses` is findKeyUses over the keys of every unit of every source file.
 */
export function unitUses(
  unitIds: readonly string[],
  uses: ReadonlyMap<string, KeyUses>,
  sourceLang?: string,
): Map<string, KeyUses> {
  const out = new Map<string, KeyUses>();
  for (const id of unitIds) {
    const found = codeKeysOf(id, sourceLang)
      .map((k) => uses.get(k))
      .filter((u): u is KeyUses => u !== undefined);
    if (found.length === 0) continue;
    // Both spellings of a Rails key: merge, keeping path and line order.
    const first = found
      .flatMap((u) => u.first)
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
      .slice(0, MAX_CODE_LINKS);
    out.set(id, { first, total: found.reduce((n, u) => n + u.total, 0) });
  }
  return out;
}
