/**
 * `edit` for formats whose entries sit on lines of their own (.properties, .strings, Android
 * resources): removing an entry takes its lines and the comment lines attached above it; a new
 * entry goes in as whole lines where the source's order puts it (DESIGN §7).
 */
import type { Edit } from '../file-text.ts';

/** An entry of the target, in file order, as line positions. */
export interface LineEntry {
  id: string;
  /** Start of the entry's first line. */
  start: number;
  /** Index past the line break that ends its last line (the text's length on a last line without one). */
  end: number;
  /** Start of the comment lines attached above it (no blank line between), or `start`. */
  commentStart: number;
}

export interface LineChanges {
  text: string;
  /** The target's entries, in file order. */
  entries: readonly LineEntry[];
  /** The source's unit ids, in file order. */
  sourceOrder: readonly string[];
  /** New entries by id: their lines (comments included), joined with `eol`, without a final line break. */
  insert: ReadonlyMap<string, string>;
  /** Ids whose entries leave. */
  remove: ReadonlySet<string>;
  eol: string;
  /** The target separates entries with a blank line: new ones get one, removed ones take one along. */
  blankSeparated: boolean;
  /** Where new entries go when the target keeps none (a line start; default: the text's end). */
  emptyAt?: number;
}

/** Index of the start of the line holding `index`. */
export function lineStartOf(text: string, index: number): number {
  // lastIndexOf clamps a negative position to 0, where a leading line break would be found.
  return index <= 0 ? 0 : text.lastIndexOf('\n', index - 1) + 1;
}

/** The whitespace (spaces and tabs) that starts the line holding `index`. */
export function lineIndent(text: string, index: number): string {
  const start = lineStartOf(text, index);
  let end = start;
  while (text[end] === ' ' || text[end] === '\t') end++;
  return text.slice(start, end);
}

/** Index past the line break ending the line holding `index` (the text's length on the last line). */
export function lineEndAfter(text: string, index: number): number {
  const lf = text.indexOf('\n', index);
  return lf < 0 ? text.length : lf + 1;
}

/** Whether the line starting at `start` holds only whitespace. */
export function isBlankLine(text: string, start: number): boolean {
  if (start >= text.length) return false;
  const end = lineEndAfter(text, start);
  return text.slice(start, end).trim() === '';
}

/**
 * The start of the comment lines directly above the line starting at `start`, as `commentAbove`
 * finds them: given the start of the line just above, it returns where that line's comment
 * begins (several lines up for a block comment), or -1 when it is not a comment.
 */
export function attachedCommentStart(
  text: string,
  start: number,
  commentAbove: (lineStart: number) => number,
): number {
  let at = start;
  while (at > 0) {
    const above = commentAbove(lineStartOf(text, at - 1));
    if (above < 0 || above >= at) break;
    at = above;
  }
  return at;
}

/** Whether every pair of neighbouring entries has a blank line between them (at least one pair). */
export function blankSeparated(text: string, entries: readonly LineEntry[]): boolean {
  if (entries.length < 2) return false;
  for (let i = 1; i < entries.length; i++) {
    const between = text.slice(entries[i - 1]!.end, entries[i]!.commentStart);
    if (!/^[ \t]*\r?\n/.test(between)) return false;
  }
  return true;
}

/** The edits that remove and insert entries (see LineChanges). */
export function lineEdits(changes: LineChanges): Edit[] {
  const { text, entries, sourceOrder, insert, remove, eol } = changes;
  const kept = new Map<string, LineEntry>();
  for (const entry of entries) if (!remove.has(entry.id)) kept.set(entry.id, entry);
  const edits: Edit[] = [];
  const after = new Map<number, string[]>();
  const before = new Map<number, string[]>();
  const put = (map: Map<number, string[]>, at: number, block: string) => {
    const list = map.get(at) ?? [];
    map.set(at, list);
    list.push(block);
  };
  const last = [...kept.values()].at(-1);
  for (let p = 0; p < sourceOrder.length; p++) {
    const block = insert.get(sourceOrder[p]!);
    if (block === undefined) continue;
    let anchor: LineEntry | undefined;
    for (let q = p - 1; q >= 0 && !anchor; q--) anchor = kept.get(sourceOrder[q]!);
    if (anchor) {
      put(after, anchor.end, block);
      continue;
    }
    let following: LineEntry | undefined;
    for (let q = p + 1; q < sourceOrder.length && !following; q++) following = kept.get(sourceOrder[q]!);
    if (following) put(before, following.commentStart, block);
    else if (last) put(after, last.end, block);
    else put(before, changes.emptyAt ?? text.length, block);
  }
  const gap = changes.blankSeparated ? eol : '';
  for (const [at, blocks] of after) {
    // After a last line without a line break, the new lines start with one and add none at the end.
    const open = at === text.length && at > 0 && !text.endsWith('\n');
    const body = blocks.map((b) => gap + b).join(eol);
    edits.push({ start: at, end: at, replacement: open ? eol + body : body + eol });
  }
  for (const [at, blocks] of before) {
    const open = at === text.length && at > 0 && !text.endsWith('\n');
    const replacement = open ? eol + blocks.join(eol) : blocks.map((b) => b + eol + gap).join('');
    edits.push({ start: at, end: at, replacement });
  }
  // Insertions first: one may stand exactly where a removal starts (applyEdits keeps equal starts in order).
  for (const entry of entries) {
    if (!remove.has(entry.id)) continue;
    let { commentStart: start, end } = entry;
    if (changes.blankSeparated) {
      const previous = start > 0 ? lineStartOf(text, start - 1) : -1;
      if (previous >= 0 && isBlankLine(text, previous)) start = previous;
      else if (isBlankLine(text, end)) end = lineEndAfter(text, end);
    }
    edits.push({ start, end, replacement: '' });
  }
  return mergeOverlaps(edits);
}

/**
 * Neighbouring removals that each took the blank line between them along overlap: they are
 * merged into one (an insertion never overlaps: it is empty).
 */
function mergeOverlaps(edits: Edit[]): Edit[] {
  const removals = edits.filter((e) => e.end > e.start).sort((a, b) => a.start - b.start);
  const merged: Edit[] = [];
  for (const edit of removals) {
    const previous = merged.at(-1);
    if (previous && edit.start < previous.end) previous.end = Math.max(previous.end, edit.end);
    else merged.push({ ...edit });
  }
  return [...edits.filter((e) => e.end === e.start), ...merged];
}
