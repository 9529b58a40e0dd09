/**
 * Line geometry of block mappings: where a pair's lines start and end, so that whole pairs can be
 * taken out or put in without touching the lines around them.
 */

import { lineStartOf } from '../kit/line-edit.ts';

/** Index of the start of the line holding `index`. */
export const lineStart = lineStartOf;

/** Index just past the line break ending the line holding `index` (or the text's end). */
export function nextLineStart(text: string, index: number): number {
  const lf = text.indexOf('\n', index);
  return lf < 0 ? text.length : lf + 1;
}

/** The column of `index` on its line. */
export function columnOf(text: string, index: number): number {
  return index - lineStart(text, index);
}

/** Leading spaces of a line (from its start index), and whether it is blank or a comment. */
function lineShape(text: string, start: number): { indent: number; blank: boolean; comment: boolean } {
  let i = start;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const c = text[i];
  const blank = c === undefined || c === '\n' || c === '\r';
  return { indent: i - start, blank, comment: c === '#' };
}

/**
 * The lines of the pair whose key starts at `keyStart`: from the key's line to the end of the
 * last following line indented deeper than the key (its value, nested pairs, block scalar lines,
 * comments inside), with trailing blank lines left out. A `- ` item at the key's own column
 * belongs to the pair when `seqAtKeyColumn` (YAML allows a block sequence value there).
 */
export function pairLines(
  text: string,
  keyStart: number,
  seqAtKeyColumn = false,
): { start: number; end: number } {
  const start = lineStart(text, keyStart);
  const column = keyStart - start;
  let end = nextLineStart(text, keyStart);
  for (let at = end; at < text.length; ) {
    const next = nextLineStart(text, at);
    const shape = lineShape(text, at);
    if (shape.blank) {
      at = next;
      continue;
    }
    const deeper =
      shape.indent > column || (seqAtKeyColumn && shape.indent === column && text[at + column] === '-');
    if (!deeper) break;
    end = next;
    at = next;
  }
  return { start, end };
}

/**
 * The start of the comment lines directly above a key's line at the key's column (no blank line
 * between): people's notes on that key, which go where the key goes.
 */
export function attachedCommentsStart(text: string, keyStart: number): number {
  const column = columnOf(text, keyStart);
  let start = lineStart(text, keyStart);
  while (start > 0) {
    const previous = lineStart(text, start - 1);
    const shape = lineShape(text, previous);
    if (!shape.comment || shape.indent !== column) break;
    start = previous;
  }
  return start;
}

/**
 * The lines of a map pair (pairLines), reaching at least to the end of its value's last line: a
 * quoted scalar's continuation lines may stand at the key's column or left of it (Psych reads
 * them; see quoted-lines.ts), and they belong to the pair all the same. `at` moves the pair's
 * positions into `text` when it was read from a text edited since (tree-view.ts).
 */
export function pairExtent(
  text: string,
  pair: { key: unknown; value: unknown },
  seqAtKeyColumn = false,
  at: (index: number) => number = (index) => index,
): { start: number; end: number } {
  const keyStart = at((pair.key as { range: [number, number, number] }).range[0]);
  const lines = pairLines(text, keyStart, seqAtKeyColumn);
  const end = (pair.value as { range?: [number, number, number] } | null)?.range?.[1];
  const valueEnd = end === undefined ? undefined : at(end);
  if (valueEnd !== undefined && valueEnd > lines.end) lines.end = nextLineStart(text, valueEnd);
  return lines;
}
