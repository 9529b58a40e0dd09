/**
 * Termbase terms: when the source uses a term and the termbase gives its translation, the
 * translation should use it. The `.svc.yml` names platform memories by id, whose termbases only
 * the platform API serves; a local TBX or CSV file (`--terms`) is what a CI job without API access
 * can check against.
 */
import type { TermEntry, UnitIssue } from './types.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(raw: string): string {
  return raw
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#')
        return String.fromCodePoint(
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
        );
      return ENTITIES[name] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** TBX (v2 `martif` with termEntry/langSet/tig, v3 with conceptEntry/langSec/termSec). */
export function readTbx(text: string): TermEntry[] {
  const entries: TermEntry[] = [];
  for (const entry of text.matchAll(/<(termEntry|conceptEntry)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const terms = new Map<string, string[]>();
    for (const lang of entry[2]!.matchAll(
      /<(langSet|langSec)\b[^>]*?xml:lang\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/\1>/g,
    )) {
      const list: string[] = [];
      for (const group of lang[3]!.matchAll(/<(tig|ntig|termSec)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
        if (/deprecatedTerm|supersededTerm/.test(group[2]!)) continue;
        for (const term of group[2]!.matchAll(/<term\b[^>]*>([\s\S]*?)<\/term>/g))
          list.push(xmlText(term[1]!));
      }
      const key = lang[2]!.toLowerCase();
      if (list.length > 0) terms.set(key, [...(terms.get(key) ?? []), ...list]);
    }
    if (terms.size > 1) entries.push({ terms });
  }
  return entries;
}

/** RFC 4180 rows with the delimiter the header line uses (`,`, `;` or tab). */
function csvRows(text: string): string[][] {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].sort((a, b) => header.split(b).length - header.split(a).length)[0]!;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const LANGUAGE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

/** CSV whose header row names a language per column (`en,de,fr`); other columns are ignored. */
export function readTermsCsv(text: string, fileName: string): TermEntry[] {
  const [header, ...rows] = csvRows(text.replace(/^\uFEFF/, ''));
  const columns = (header ?? [])
    .map((h) => h.trim())
    .map((h, i) => ({ lang: h.toLowerCase().replace(/_/g, '-'), i }));
  const langs = columns.filter((c) => LANGUAGE.test(c.lang));
  if (langs.length < 2)
    throw new Error(
      `${fileName}: the first row must name a language per column (e.g. "en,de"), got "${(header ?? []).join(',')}"`,
    );
  return rows.map((row) => ({
    terms: new Map(
      langs.filter((c) => (row[c.i] ?? '').trim() !== '').map((c) => [c.lang, [row[c.i]!.trim()]]),
    ),
  }));
}

/** A termbase file by its content: TBX when it is XML, else CSV. */
export function readTerms(text: string, fileName: string): TermEntry[] {
  return /^\uFEFF?\s*</.test(text) ? readTbx(text) : readTermsCsv(text, fileName);
}

/** The terms of `lang`: its exact tag first, else any tag of the same language (`de-AT` for `de`). */
export function termsOf(entry: TermEntry, lang: string): string[] {
  const tag = lang.toLowerCase().replace(/_/g, '-');
  const exact = entry.terms.get(tag);
  if (exact) return exact;
  const primary = tag.split('-')[0]!;
  return [...entry.terms].filter(([t]) => t.split('-')[0] === primary).flatMap(([, list]) => list);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The forms a source term's last word takes in running text. English, the usual source language:
 * the plural (`cart` → `carts`, `box` → `boxes`, `category` → `categories`, `hero` → `heroes`) and the possessive
 * (`cart's`, `carts'`). Other languages: the word as written.
 */
function lastWordPattern(word: string, lang: string): string {
  const w = escapeRegExp(word);
  if (lang.toLowerCase().split(/[-_]/)[0] !== 'en' || !/\p{L}$/u.test(word)) return w;
  // Longest first: `carts’` is the plural possessive, not `carts` followed by a quote.
  if (/[^aeiou]y$/i.test(word)) return `${escapeRegExp(word.slice(0, -1))}(?:ies['’]?|y(?:['’]s)?)`;
  if (/(?:s|x|z|ch|sh)$/i.test(word)) return `${w}(?:es['’]?|['’]s?)?`;
  if (/o$/i.test(word)) return `${w}(?:e?s['’]?|['’]s)?`;
  return `${w}(?:s['’]?|['’]s)?`;
}

const patterns = new Map<string, RegExp>();

/** The pattern of a term in running text: whole words, any case, any whitespace between its words. */
function termPattern(term: string, lang: string): RegExp {
  const cacheKey = `${lang}\u0000${term}`;
  let re = patterns.get(cacheKey);
  if (!re) {
    const words = term.trim().split(/\s+/);
    const last = words.pop() ?? '';
    const body = [...words.map(escapeRegExp), lastWordPattern(last, lang)].join('\\s+');
    re = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'giu');
    patterns.set(cacheKey, re);
    if (patterns.size > 10_000) patterns.delete(patterns.keys().next().value!);
  }
  return re;
}

/**
 * Where `text` uses `term` (a term of language `lang`): as whole words, in any case, its last
 * word possibly inflected (see lastWordPattern). Offsets are UTF-16 code units.
 */
export function termSpans(text: string, term: string, lang: string): { start: number; end: number }[] {
  if (term.trim() === '') return [];
  const re = termPattern(term, lang);
  re.lastIndex = 0;
  const spans: { start: number; end: number }[] = [];
  for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
  return spans;
}

/** Whether `text` uses `term` as whole words (any case; the last word inflected in English). */
function uses(text: string, term: string, lang: string): boolean {
  return termSpans(text, term, lang).length > 0;
}

/**
 * Whether `text` holds `term` the way inflected and compound languages write it: each word of
 * the term as a stem (its last letters may change: Russian `корзина` → `в корзину`), anywhere in a
 * word (German `Warenkorb` in `Warenkorbs`, `Einkaufswarenkorb`).
 */
function holds(text: string, term: string): boolean {
  const words = term
    .trim()
    .split(/\s+/)
    .map((w) => {
      const letters = [...w];
      const drop = letters.length > 4 ? Math.min(2, Math.floor(letters.length / 4)) : 0;
      return `${escapeRegExp(letters.slice(0, letters.length - drop).join(''))}\\p{L}*`;
    });
  return new RegExp(words.join('\\s+'), 'iu').test(text);
}

/** Terms the source uses whose translation is not in the target. */
export function termIssues(
  entries: readonly TermEntry[],
  source: string,
  target: string,
  sourceLang: string,
  targetLang: string,
): UnitIssue[] {
  const issues: UnitIssue[] = [];
  for (const entry of entries) {
    const used = termsOf(entry, sourceLang).find((term) => uses(source, term, sourceLang));
    if (!used) continue;
    const expected = termsOf(entry, targetLang);
    if (expected.length === 0 || expected.some((t) => holds(target, t))) continue;
    const message = `term "${used}" should be translated as ${expected.map((t) => `"${t}"`).join(' or ')}`;
    issues.push({ rule: 'term', severity: 'warning', message });
  }
  return issues;
}
