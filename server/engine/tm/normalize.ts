import { isTag, TokenKind, VARIABLE, type VariableToken, variableTokens } from './tokens.ts';

/**
 * A segment reduced to what fuzzy matching compares. `key` keeps the case; every number and
 * placeholder is one reserved control character naming its kind, so "Delete 3 files" and
 * "Delete 5 files" share the key "Delete \u0005 files" and differ only in `vars`. Tags are left
 * out of the key altogether, as OmegaT and Trados compare text: "Click <b>here</b>" and "Click here"
 * share a key and differ only in `tags` (a small penalty, see score.ts).
 */
export interface NormalizedText {
  /** Case-preserving key: NFC, whitespace runs collapsed to one space and trimmed, tokens replaced, tags dropped. */
  key: string;
  /** The numbers and placeholders, in order; their kinds are the reserved characters in `key`. */
  vars: VariableToken[];
  /** The tags, in order. */
  tags: VariableToken[];
  /** Whitespace that the key dropped (leading, trailing, runs other than one space). */
  ws: string;
}

// Control characters other than the reserved token marks cannot survive into the key: they would
// collide with those marks (and the trigram padding, NUL). They count as whitespace.
const SPACE_RUN = /[\s\x00-\x1f\x7f]+/g;
const NON_ASCII = /[^\x00-\x7f]/;

// Nothing to normalise: printable ASCII without digits or token openers, single inner spaces.
const NEEDS_WORK = /[^\x20-\x7e]|[\d%{<]| {2}|^ | $/;
const ODD_SPACE = /[^\S ]| {2}|^\s|\s$|[\x00-\x1f\x7f]/;

/** The whitespace signature of a text with odd spaces (see `ODD_SPACE`; without any, it is ''). */
function whitespaceSignature(text: string): string {
  let signature = '';
  for (const m of text.matchAll(SPACE_RUN)) {
    const run = m[0];
    if (m.index === 0) signature += '^' + run;
    else if (m.index + run.length === text.length) signature += '$' + run;
    else if (run !== ' ') signature += '|' + run;
  }
  return signature;
}

/** Normalises one segment source or query for matching. */
export function normalizeText(raw: string): NormalizedText {
  if (!NEEDS_WORK.test(raw)) return { key: raw, vars: [], tags: [], ws: '' };
  const text = NON_ASCII.test(raw) ? raw.normalize('NFC') : raw;
  // Without odd spaces, each whitespace run already is one space, and none leads or trails.
  const oddSpace = ODD_SPACE.test(text);
  const vars: VariableToken[] = [];
  const tags: VariableToken[] = [];
  let key = '';
  let at = 0;
  for (const token of variableTokens(text)) {
    const tag = isTag(token.kind);
    const part = text.slice(at, token.start);
    key += (oddSpace ? part.replace(SPACE_RUN, ' ') : part) + (tag ? '' : String.fromCharCode(token.kind));
    (tag ? tags : vars).push(token);
    at = token.end;
  }
  const last = text.slice(at);
  key += oddSpace ? last.replace(SPACE_RUN, ' ') : last;
  // Spaces around dropped tags (or collapsed runs) can meet across part boundaries, or be left
  // at either end; collapse and trim them again.
  if (oddSpace || tags.length > 0) key = collapseSpaces(key);
  return { key, vars, tags, ws: oddSpace ? whitespaceSignature(text) : '' };
}

const PLACEHOLDER_MARK = String.fromCharCode(TokenKind.placeholder);
const NUMBER_MARK = String.fromCharCode(TokenKind.number);

/**
 * `normalizeText(raw).key` alone, for the many texts a query compares and then drops: no token
 * lists, no whitespace signature. A text with odd whitespace takes the long way.
 */
export function normalizedKey(raw: string): string {
  if (!NEEDS_WORK.test(raw)) return raw;
  const text = NON_ASCII.test(raw) ? raw.normalize('NFC') : raw;
  if (ODD_SPACE.test(text)) return normalizeText(raw).key;
  let tags = false;
  // The capture groups of `VARIABLE`, as `variableTokens` reads them.
  const key = text.replace(VARIABLE, (match, percent, tag, _i18next, _icu, _printf, number) => {
    if (percent !== undefined) return match;
    if (tag === undefined) return number === undefined ? PLACEHOLDER_MARK : NUMBER_MARK;
    tags = true;
    return '';
  });
  return tags ? collapseSpaces(key) : key;
}

/** Runs of spaces collapsed to one, and one leading or trailing space dropped. */
function collapseSpaces(key: string): string {
  return key.replace(/ {2,}/g, ' ').replace(/^ | $/g, '');
}

/**
 * Lower-cases without changing the length, so that case-sensitive and case-insensitive keys share
 * lengths and the length filter of the index holds for both. Characters whose lower case has
 * another length (e.g. "İ") are kept as they are.
 */
export function lowerSameLength(key: string): string {
  const lower = key.toLowerCase();
  if (lower.length === key.length) return lower;
  let out = '';
  for (const ch of key) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** A 30-bit FNV-1a hash of a key (kept small so V8 stores it as a small integer in Maps). */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  }
  return h >>> 2;
}
