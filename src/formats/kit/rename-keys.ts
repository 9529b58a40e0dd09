/**
 * renameKeys for formats whose key is one token of the target (a .strings key, a .properties key,
 * an Android `name`): the old entry's key token is replaced by the new key as the source writes
 * it, and nothing else in the file moves (DESIGN §7).
 */
import { applyEdits, type Edit } from '../file-text.ts';

export interface KeyTokens {
  /** Where the target writes an id's key, or undefined when it does not hold the id. */
  target(id: string): { start: number; end: number } | undefined;
  /** The new id's key as the source writes it (its quoting and escapes), or undefined. */
  source(id: string): string | undefined;
}

/**
 * The target text with each renamed key's token replaced (`renames`: new id → old id). A pair is
 * left alone when the target lacks the old id, already holds the new one, or the source does not
 * write the new one.
 */
export function renameKeyTokens(
  text: string,
  renames: ReadonlyMap<string, string>,
  tokens: KeyTokens,
): { text: string; renamed: Set<string> } {
  const edits: Edit[] = [];
  const renamed = new Set<string>();
  const taken = new Set<string>();
  for (const [to, from] of renames) {
    const at = tokens.target(from);
    const key = tokens.source(to);
    if (!at || key === undefined || tokens.target(to) || taken.has(from)) continue;
    taken.add(from);
    edits.push({ start: at.start, end: at.end, replacement: key });
    renamed.add(to);
  }
  return { text: edits.length === 0 ? text : applyEdits(text, edits), renamed };
}
