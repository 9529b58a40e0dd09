import { TokenKind, type TokenText, variableTokens } from './tokens.ts';

const digitsOf = (raw: string) => raw.replace(/[.,]/g, '');

/**
 * Adapts a match's target to the query when the two sources differ only in numbers, placeholders
 * or tags (their normalised keys are equal, so the tokens pair up by position). Each token of the
 * target that is one of the match source's tokens is replaced by the query's token in the same
 * place: "Delete 3 files" → "3 Dateien löschen" becomes "5 Dateien löschen" for "Delete 5 files".
 *
 * Returns undefined when nothing needs fixing, or when the target does not carry every token that
 * changed (e.g. the number is spelled out): a half-fixed target would look right and be wrong.
 */
export function fixTarget(
  queryVars: readonly TokenText[],
  sourceVars: readonly TokenText[],
  target: string,
): string | undefined {
  if (queryVars.length !== sourceVars.length) return undefined;
  // Occurrences of each source token, in order, with the query token in the same position.
  const replacements = new Map<string, { to: string; change: boolean }[]>();
  let changed = 0;
  for (let i = 0; i < sourceVars.length; i++) {
    const from = sourceVars[i]!;
    const to = queryVars[i]!;
    if (from.kind !== to.kind) return undefined;
    const change = from.raw !== to.raw;
    if (change) changed++;
    const key = tokenKey(from.kind, from.raw);
    const queue = replacements.get(key);
    if (queue === undefined) replacements.set(key, [{ to: to.raw, change }]);
    else queue.push({ to: to.raw, change });
  }
  if (changed === 0) return undefined;

  let out = '';
  let at = 0;
  let fixed = 0;
  for (const token of variableTokens(target)) {
    const next = replacements.get(tokenKey(token.kind, token.raw))?.shift();
    if (next === undefined) continue;
    if (next.change) fixed++;
    out += target.slice(at, token.start) + next.to;
    at = token.end;
  }
  if (fixed < changed) return undefined;
  return out + target.slice(at);
}

// Numbers are keyed by their digits so that "1,000" in an English source finds "1.000" in a German
// target; every other token must match exactly.
function tokenKey(kind: TokenKind, raw: string): string {
  return kind === TokenKind.number ? kind + digitsOf(raw) : kind + raw;
}

/**
 * fixTarget for sources whose keys are equal, with tags apart from numbers and placeholders:
 * tags pair up among themselves, and when the query has no tags at all, the match source's tags
 * are taken out of the target (a JSON, YAML or Android string with no markup gets none from the
 * memory). Undefined when nothing changes or the target cannot be fixed.
 */
export function adaptTarget(
  query: { vars: readonly TokenText[]; tags: readonly TokenText[] },
  source: { vars: readonly TokenText[]; tags: readonly TokenText[] },
  target: string,
): string | undefined {
  if (query.tags.length > 0 || source.tags.length === 0) {
    return fixTarget([...query.vars, ...query.tags], [...source.vars, ...source.tags], target);
  }
  const untagged = withoutTokens(target, source.tags);
  const fixed = fixTarget(query.vars, source.vars, untagged);
  if (fixed !== undefined) return fixed;
  // fixTarget gives undefined for "nothing to fix" and for "cannot fix": only the first will do.
  const varsDiffer =
    query.vars.length !== source.vars.length || query.vars.some((v, i) => v.raw !== source.vars[i]!.raw);
  return varsDiffer || untagged === target ? undefined : untagged;
}

/** The text without the given tags (each taken out as often as listed), spaces they left doubled made one. */
function withoutTokens(text: string, tokens: readonly TokenText[]): string {
  const left = new Map<string, number>();
  for (const t of tokens) left.set(tokenKey(t.kind, t.raw), (left.get(tokenKey(t.kind, t.raw)) ?? 0) + 1);
  let out = '';
  let at = 0;
  for (const token of variableTokens(text)) {
    const key = tokenKey(token.kind, token.raw);
    const n = left.get(key) ?? 0;
    if (n === 0) continue;
    left.set(key, n - 1);
    out += text.slice(at, token.start);
    // "Klicken Sie <b>hier</b> jetzt": no double space where a tag stood between two.
    if (out.endsWith(' ') && text[token.end] === ' ') out = out.slice(0, -1);
    at = token.end;
  }
  return out + text.slice(at);
}
