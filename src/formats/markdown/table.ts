/** GFM tables (a header row, a delimiter row with as many cells, body rows): each cell is a text block. */
import type { TextBlock } from './blocks.ts';
import type { Line } from './lines.ts';
import { indentation, interruptsParagraph, isBlank } from './lines.ts';

/** A GFM table: a header row, a delimiter row with as many cells, then rows up to a blank line. */
export function tableAt(
  text: string,
  lines: Line[],
  from: number,
): { cells: TextBlock[]; next: number } | undefined {
  const header = lines[from]!;
  const delimiter = lines[from + 1];
  if (!delimiter || !text.slice(header.start, header.end).includes('|')) return undefined;
  if (!/^[ \t]*\|?[ \t]*:?-[-:| \t]*$/.test(text.slice(delimiter.start, delimiter.end))) return undefined;
  const headerCells = splitCells(text, header);
  const delimiterCells = splitCells(text, delimiter);
  const isDelimiter = delimiterCells.every((c) => /^:?-+:?$/.test(text.slice(c.start, c.end)));
  if (!isDelimiter || delimiterCells.length !== headerCells.length) return undefined;
  const cells: TextBlock[] = [];
  const add = (row: Line[]) => {
    for (const cell of row.slice(0, headerCells.length))
      if (cell.end > cell.start) cells.push({ kind: 'cell', lines: [cell] });
  };
  add(headerCells);
  let i = from + 2;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(text, line)) break;
    const { columns, chars } = indentation(text, line);
    if (columns < 4 && interruptsParagraph(text.slice(line.start + chars, line.end))) break;
    add(splitCells(text, line));
    i++;
  }
  return { cells, next: i };
}

/** Cells of a table row: split on unescaped `|`, outer pipes optional, each cell trimmed. */
function splitCells(text: string, line: Line): Line[] {
  let start = line.start;
  let end = line.end;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  if (text[start] === '|') start++;
  if (end > start && text[end - 1] === '|' && text[end - 2] !== '\\') end--;
  const cells: Line[] = [];
  let cellStart = start;
  for (let i = start; i <= end; i++) {
    if (i < end && text[i] === '\\') {
      i++;
      continue;
    }
    if (i === end || text[i] === '|') {
      let s = cellStart;
      let e = i;
      while (s < e && (text[s] === ' ' || text[s] === '\t')) s++;
      while (e > s && (text[e - 1] === ' ' || text[e - 1] === '\t')) e--;
      cells.push({ lineStart: line.lineStart, start: s, end: e });
      cellStart = i + 1;
    }
  }
  return cells;
}
