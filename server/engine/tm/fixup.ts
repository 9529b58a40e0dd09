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
