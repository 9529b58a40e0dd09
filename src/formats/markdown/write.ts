/**
 * Writing translated text back into a Markdown block. Unit text is raw Markdown (inline code,
 * links, HTML kept as written), so translations are written as they are. A line start that would
 * turn the text into another block (`# `, `> `, `- `, `1. `, a fence, `===`) is backslash-escaped
 * only when the written document shows it is needed (see index.ts, which reads what it wrote and
 * escapes more only where a block came back changed); table cells always get `|` escaped and line
 * breaks written as `<br>`.
 */
import type { TextBlock } from './blocks.ts';
import {
  htmlBlockStart,
  interruptsParagraph,
  LINK_DEFINITION_LABEL,
  mayStartBlock,
  SETEXT,
} from './lines.ts';

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

/** A line that could be a GFM table's delimiter row (its cells are checked by the reader). */
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-[-:| \t]*$/;

/** Escapes the first character of a line that would otherwise start a different block. */
export function escapeLineStart(line: string): string {
  if (!mayStartBlock(line.charCodeAt(0))) return line;
  const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice(ordered[1]!.length)}`;
  if (BLOCK_START.some((re) => re.test(line))) return `\\${line}`;
  // An HTML block (`<div>`, `<p>`, `<!-- -->`) or a link reference definition (`[x]: /url`).
  return htmlBlockStart(line, false) || LINK_DEFINITION_LABEL.test(line) ? `\\${line}` : line;
}

/**
 * How much of a paragraph's text is escaped, from least to most:
 * - `none`: written as given (people's text, and machine text that reads back as the same block);
 * - `needed`: the first line where it would open a block, later lines only where CommonMark lets
 *   them interrupt a paragraph (`- x`, `1. x`, `# x`, `===`, a fence; not `2. x`);
 * - `all`: every line start that could open a block anywhere (a lazy line of a list item ends the
 *   item at any list marker).
 */
export type Escaping = 'none' | 'needed' | 'all';

/** A block written: the replacement of its span, and its text as our reader will see it. */
export interface WrittenBlock {
  replacement: string;
  text: string;
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
  escaping: Escaping = 'needed',
): WrittenBlock {
  if (block.kind === 'cell') {
    const cell = escapeCell(value.replace(/\r?\n/g, '<br>'));
    return { replacement: cell, text: cell };
  }
  if (block.kind === 'atx') {
    // An ATX heading's text cannot open another block: nothing after `## ` is a line start.
    const line = value.replace(/\r?\n/g, ' ');
    // A trailing run of #s after a space would be read as the closing sequence.
    const written = /(?:^|[ \t])#+$/.test(line) ? line.replace(/#+$/, (h) => `\\${h}`) : line;
    return { replacement: written, text: written };
  }
  // A blank line would end the block: a paragraph's text has none (CommonMark §4.8).
  const lines = value
    .split(/\r?\n/)
    .filter((line) => !/^[ \t]*$/.test(line))
    .map((line, i) => escapeLine(line, i === 0, escaping));
  if (lines.length === 0) lines.push('');
  if (escaping !== 'none') {
    // A line with a `|` over a delimiter row (a setext heading's `---` underline too) is a GFM
    // table's header row, which interrupts a paragraph.
    for (let i = 0; i < lines.length; i++) {
      const header = i + 1 < lines.length ? DELIMITER_ROW.test(lines[i + 1]!) : block.kind === 'heading';
      if (header && lines[i]!.includes('|')) lines[i] = pipesAsEntities(lines[i]!);
    }
  }
  if (lines.length === 1) return { replacement: lines[0]!, text: lines[0]! };
  const prefix = continuation();
  return {
    replacement: lines.map((line, i) => (i === 0 ? line : prefix + line)).join(eol),
    text: lines.join('\n'),
  };
}

function escapeLine(line: string, first: boolean, escaping: Escaping): string {
  if (escaping === 'none') return line;
  const content = line.replace(/^[ \t]+/, '');
  // A first line's indentation is not text (CommonMark §4.8), and 4 columns of it open a code block.
  const lead = first ? '' : line.slice(0, line.length - content.length);
  if (escaping === 'all' || first || SETEXT.test(content) || interruptsParagraph(content))
    return lead + escapeLineStart(content);
  return line;
}

/**
 * Writes each `|` outside code spans (escaped or not) as `&#124;`, which renders as `|`: with any
 * pipe in it, a line over a delimiter row is a table's header row (GFM §4.10).
 */
function pipesAsEntities(line: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) {
      out += line[i + 1] === '|' ? '&#124;' : c + line[i + 1];
      i++;
    } else if (c === '`') {
      const run = /^`+/.exec(line.slice(i))![0];
      const close = line.indexOf(run, i + run.length);
      const end = close < 0 ? i + run.length : close + run.length;
      out += line.slice(i, end);
      i = end - 1;
    } else out += c === '|' ? '&#124;' : c;
  }
  return out;
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

/** What puts a continuation line inside the block's containers, without the line's own indentation. */
export function containerPrefix(text: string, block: TextBlock): string {
  const second = block.lines[1];
  if (second) return text.slice(second.lineStart, second.container ?? second.start);
  const first = block.lines[0]!;
  return text.slice(first.lineStart, first.container ?? first.start).replace(/[^>\t]/g, ' ');
}
