/**
 * Writing translated text back into a Markdown block. Unit text is raw Markdown (inline code,
 * links, HTML kept as written), so translations are written as they are — except where a line
 * start would turn the text into another block (`# `, `> `, `- `, `1. `, a fence, `===`), which is
 * backslash-escaped, and table cells, where `|` is escaped and a line break becomes `<br>`.
 */
import type { TextBlock } from './blocks.ts';
import { mayStartBlock } from './lines.ts';

const BLOCK_START = [
  /^#{1,6}(?:[ \t]|$)/,
  /^>/,
  /^[-+*](?:[ \t]|$)/,
  /^(?:`{3,}|~{3,})/,
  /^(?:=+|-+)[ \t]*$/,
  /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/,
  /^:{3,}/,
  /^\$\$[ \t]*$/,
];

/** Escapes the first character of a line that would otherwise start a different block. */
export function escapeLineStart(line: string): string {
  if (!mayStartBlock(line.charCodeAt(0))) return line;
  const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice(ordered[1]!.length)}`;
  return BLOCK_START.some((re) => re.test(line)) ? `\\${line}` : line;
}

/**
 * The replacement for a block's text span. `continuation` is what each new line starts with so it
 * stays inside the block's containers (`> ` in a quote, spaces in a list item).
 */
export function writeBlockText(
  block: TextBlock,
  value: string,
  continuation: () => string,
  eol: string,
): string {
  if (block.kind === 'cell') return escapeCell(value.replace(/\r?\n/g, '<br>'));
  if (block.kind === 'atx') {
    const line = escapeLineStart(value.replace(/\r?\n/g, ' '));
    // A trailing run of #s after a space would be read as the closing sequence.
    return /(?:^|[ \t])#+$/.test(line) ? line.replace(/#+$/, (h) => `\\${h}`) : line;
  }
  if (!value.includes('\n')) return escapeLineStart(value);
  const prefix = continuation();
  return value
    .split(/\r?\n/)
    .map((line, i) => (i === 0 ? escapeLineStart(line) : prefix + escapeLineStart(line)))
    .join(eol);
}

/** Escapes every `|` not already escaped, so a cell's text cannot split the row. */
function escapeCell(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      out += c + value[i + 1];
      i++;
    } else out += c === '|' ? '\\|' : c;
  }
  return out;
}

/** The prefix continuation lines need: the second line's own, else the first line's with markers blanked. */
export function continuationPrefix(text: string, block: TextBlock): string {
  const second = block.lines[1];
  if (second) return text.slice(second.lineStart, second.start);
  const first = block.lines[0]!;
  return text.slice(first.lineStart, first.start).replace(/[^>\t]/g, ' ');
}
