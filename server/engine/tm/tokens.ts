/**
 * Finds the "variable" tokens of a segment: numbers, placeholders and inline tags. A translation
 * memory treats them as interchangeable slots: a segment that differs from a query only there is
 * still a near-perfect match, and its target can be fixed up by swapping the tokens.
 *
 * This tokenizer is deliberately small and local to the TM engine so that the engine does not
 * depend on the format-level placeholder parser.
 */

/** Kinds of variable tokens; each maps to one reserved character in the normalised key. */
export const TokenKind = {
  openTag: 1,
  closeTag: 2,
  emptyTag: 3,
  placeholder: 4,
  number: 5,
} as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

/** One variable token as it appears in the text. */
export interface VariableToken {
  kind: TokenKind;
  raw: string;
  start: number;
  end: number;
}

// Alternatives, in priority order (one capture group each so the kind is known without re-testing):
//  1 `%%` is a literal percent sign, never a placeholder;
//  2 XML/HTML tags: `<b>`, `</b>`, `<x id="1"/>`;
//  3 i18next `{{name}}`;
//  4 ICU/brace arguments without nested braces: `{name}`, `{0}`, `{n, number}`;
//  5 printf: `%s`, `%1$d`, `%@`, `%.2f`, `%-5s`, `%lld` (no space flag: "50% off" is prose);
//  6 numbers such as 3, 1,000 or 2.5 that stand alone (not the 3 of "mp3").
export const VARIABLE =
  /(%%)|(<\/?[A-Za-z][\w:.-]*(?:\s+[^<>]*?)?\s*\/?>)|(\{\{[^{}]+\}\})|(\{\s*[\p{L}\p{N}_$][\p{L}\p{N}_$.-]*\s*(?:,[^{}]*)?\})|(%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@])|((?<![\p{L}\p{N}_.,])\d+(?:[.,]\d+)*(?![\p{L}\p{N}_]))/gu;

/** True for the kinds of inline tags (which the normalised key leaves out). */
export function isTag(kind: TokenKind): boolean {
  return kind === TokenKind.openTag || kind === TokenKind.closeTag || kind === TokenKind.emptyTag;
}

function tagKind(raw: string): TokenKind {
  if (raw.startsWith('</')) return TokenKind.closeTag;
  if (raw.endsWith('/>')) return TokenKind.emptyTag;
  return TokenKind.openTag;
}

/** Returns the variable tokens of `text` in order of appearance. */
export function variableTokens(text: string): VariableToken[] {
  const tokens: VariableToken[] = [];
  for (const m of text.matchAll(VARIABLE)) {
    if (m[1] !== undefined) continue;
    const raw = m[0];
    const start = m.index;
    let kind: TokenKind;
    if (m[2] !== undefined) kind = tagKind(raw);
    else if (m[6] !== undefined) kind = TokenKind.number;
    else kind = TokenKind.placeholder;
    tokens.push({ kind, raw, start, end: start + raw.length });
  }
  return tokens;
}

/** What scoring and fix-up need of a token. */
export type TokenText = Pick<VariableToken, 'kind' | 'raw'>;

/**
 * Variable tokens as one string: each token is its kind digit and raw text, NUL-separated (a NUL
 * inside a token, possible only in a malformed tag, becomes U+FFFD).
 */
export function encodeVars(vars: readonly TokenText[]): string {
  return vars.map((v) => v.kind + v.raw.replaceAll('\u0000', '\ufffd')).join('\u0000');
}

/** The tokens of {@link encodeVars} (kind and raw only). */
export function decodeVars(encoded: string): TokenText[] {
  if (encoded === '') return [];
  return encoded.split('\u0000').map((t) => ({ kind: Number(t[0]) as TokenKind, raw: t.slice(1) }));
}
