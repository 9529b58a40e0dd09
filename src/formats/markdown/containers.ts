/** Container blocks: the child lines of a blockquote or a list item, for the block parser to recurse into. */
import type { Line } from './lines.ts';
import { BULLET, dedent, indentation, interruptsParagraph, isBlank, ORDERED } from './lines.ts';

/** Collects a blockquote's child lines (the `>` and one space removed, lazy continuations kept). */
export function blockquote(text: string, lines: Line[], from: number, children: Line[]): number {
  let i = from;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(text, line)) break;
    const { columns, chars } = indentation(text, line);
    const at = line.start + chars;
    if (columns < 4 && text[at] === '>') {
      let start = at + 1;
      if (text[start] === ' ' || text[start] === '\t') start++;
      children.push({ lineStart: line.lineStart, start, end: line.end });
    } else {
      const previous = children[children.length - 1];
      const lazy =
        previous &&
        !isBlank(text, previous) &&
        (columns >= 4 || !interruptsParagraph(text.slice(at, line.end)));
      if (!lazy) break;
      children.push({ lineStart: line.lineStart, start: at, end: line.end });
    }
    i++;
  }
  return i;
}

/** A list item starting at `from`: its child lines (dedented by the content indent) and the next line. */
export function listItem(
  text: string,
  lines: Line[],
  from: number,
  columns: number,
  at: number,
  content: string,
): { children: Line[]; next: number } | undefined {
  const match = BULLET.exec(content) ?? ORDERED.exec(content);
  if (!match) return undefined;
  const ordered = match.length === 5;
  const marker = ordered ? match[1]!.length + 1 : 1;
  const spaces = (ordered ? match[3] : match[2]) ?? '';
  const rest = (ordered ? match[4] : match[3]) ?? '';
  const line = lines[from]!;
  const empty = rest.trim() === '';
  const gap = empty || spaces.length >= 5 ? 1 : spaces.length;
  const width = columns + marker + gap;
  const children: Line[] = [
    { lineStart: line.lineStart, start: Math.min(at + marker + gap, line.end), end: line.end },
  ];
  let i = from + 1;
  if (empty && i < lines.length && isBlank(text, lines[i]!)) return { children, next: i };
  while (i < lines.length) {
    const next = lines[i]!;
    if (isBlank(text, next)) {
      children.push({ lineStart: next.lineStart, start: next.end, end: next.end });
      i++;
      continue;
    }
    const indent = indentation(text, next);
    if (indent.columns >= width) {
      children.push(dedent(text, next, width));
    } else {
      const previous = children[children.length - 1]!;
      const nextContent = text.slice(next.start + indent.chars, next.end);
      // Lazy continuation, unless the line starts a block; inside a list any item marker does
      // (the "only 1. interrupts a paragraph" rule is for paragraphs outside lists).
      if (
        isBlank(text, previous) ||
        interruptsParagraph(nextContent) ||
        BULLET.test(nextContent) ||
        ORDERED.test(nextContent)
      ) {
        break;
      }
      children.push({ lineStart: next.lineStart, start: next.start + indent.chars, end: next.end });
    }
    i++;
  }
  // Trailing blank lines belong to the list, not to the item.
  while (i > from + 1 && isBlank(text, lines[i - 1]!)) {
    i--;
    children.pop();
  }
  return { children, next: i };
}
