/**
 * A CommonMark/GFM block parser that finds the translatable text blocks of a Markdown file —
 * paragraphs, headings, table cells, inside blockquotes and list items at any depth — and skips
 * code (fenced, indented), HTML blocks, thematic breaks and link reference definitions.
 */
import { blockquote, listItem } from './containers.ts';
import type { Line } from './lines.ts';
import {
  ATX,
  DIRECTIVE,
  FENCE,
  htmlBlockStart,
  indentation,
  interruptsParagraph,
  isBlank,
  LINK_DEFINITION_LABEL,
  MATH_FENCE,
  mayStartBlock,
  SETEXT,
  THEMATIC,
} from './lines.ts';
import { tableAt } from './table.ts';

export interface TextBlock {
  kind: 'heading' | 'atx' | 'paragraph' | 'cell';
  /** The block's lines; `start`/`end` bound its text (the last line without trailing whitespace). */
  lines: Line[];
}

/** Appends the text blocks of `lines` (one container's content) to `out`, in document order. */
export function parseBlocks(text: string, lines: Line[], out: TextBlock[]): void {
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(text, line)) {
      i++;
      continue;
    }
    const { columns, chars } = indentation(text, line);
    const at = line.start + chars;
    if (columns < 4 && !mayStartBlock(text.charCodeAt(at))) {
      // Fast path: plain text starts a paragraph, or a table when the line has a pipe.
      const pipe = text.indexOf('|', at);
      const table = pipe >= 0 && pipe < line.end ? tableAt(text, lines, i) : undefined;
      if (table) {
        out.push(...table.cells);
        i = table.next;
      } else i = paragraph(text, lines, i, at, out);
      continue;
    }
    const content = text.slice(at, line.end);
    if (columns >= 4) {
      // Indented code block: runs over indented and blank lines.
      i++;
      while (i < lines.length && (isBlank(text, lines[i]!) || indentation(text, lines[i]!).columns >= 4)) i++;
      continue;
    }
    const fence = FENCE.exec(content);
    if (fence) {
      i = skipFence(text, lines, i + 1, (fence[1] ?? fence[2])!);
      continue;
    }
    if (MATH_FENCE.test(content)) {
      i = skipFence(text, lines, i + 1, '$$');
      continue;
    }
    if (DIRECTIVE.test(content)) {
      // The directive line itself (`:::tip Title`) is markup; the content between is parsed as usual.
      i++;
      continue;
    }
    if (ATX.test(content)) {
      const block = atxHeading(text, line, at);
      if (block) out.push(block);
      i++;
      continue;
    }
    if (THEMATIC.test(content)) {
      i++;
      continue;
    }
    const html = htmlBlockStart(content, false);
    if (html) {
      i = skipHtml(text, lines, i, html.end);
      continue;
    }
    if (content.startsWith('>')) {
      const children: Line[] = [];
      i = blockquote(text, lines, i, children);
      parseBlocks(text, children, out);
      continue;
    }
    const item = listItem(text, lines, i, columns, at, content);
    if (item) {
      parseBlocks(text, item.children, out);
      i = item.next;
      continue;
    }
    const table = tableAt(text, lines, i);
    if (table) {
      out.push(...table.cells);
      i = table.next;
      continue;
    }
    if (LINK_DEFINITION_LABEL.test(content)) {
      const end = linkDefinitionEnd(text, lines, i, content);
      if (end !== undefined) {
        i = end;
        continue;
      }
    }
    i = paragraph(text, lines, i, at, out);
  }
}

function skipFence(text: string, lines: Line[], from: number, marker: string): number {
  const closing =
    marker === '$$'
      ? /^\$\$[ \t]*$/
      : new RegExp(`^${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  let i = from;
  while (i < lines.length) {
    const line = lines[i++]!;
    const { columns, chars } = indentation(text, line);
    if (columns < 4 && closing.test(text.slice(line.start + chars, line.end))) break;
  }
  return i;
}

function skipHtml(text: string, lines: Line[], from: number, end: string | RegExp): number {
  let i = from;
  if (end === '') {
    while (i < lines.length && !isBlank(text, lines[i]!)) i++;
    return i;
  }
  while (i < lines.length) {
    const line = lines[i++]!;
    const content = text.slice(line.start, line.end);
    if (typeof end === 'string' ? content.includes(end) : end.test(content)) break;
  }
  return i;
}

function atxHeading(text: string, line: Line, at: number): TextBlock | undefined {
  let start = at;
  while (text[start] === '#') start++;
  while (start < line.end && (text[start] === ' ' || text[start] === '\t')) start++;
  let end = line.end;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  // An optional closing sequence of #s, preceded by a space (or making up the whole heading).
  let hashes = end;
  while (hashes > start && text[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === start || text[hashes - 1] === ' ' || text[hashes - 1] === '\t')) {
    end = hashes;
    while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  }
  return end > start ? { kind: 'atx', lines: [{ lineStart: line.lineStart, start, end }] } : undefined;
}

function paragraph(text: string, lines: Line[], from: number, at: number, out: TextBlock[]): number {
  const first = lines[from]!;
  const body: Line[] = [{ lineStart: first.lineStart, start: at, end: first.end, container: first.start }];
  let i = from + 1;
  let kind: TextBlock['kind'] = 'paragraph';
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(text, line)) break;
    const { columns, chars } = indentation(text, line);
    if (columns < 4 && mayStartBlock(text.charCodeAt(line.start + chars))) {
      const content = text.slice(line.start + chars, line.end);
      if (SETEXT.test(content)) {
        kind = 'heading';
        i++;
        break;
      }
      if (interruptsParagraph(content)) break;
    }
    // A line with a pipe over a delimiter row is a table's header row: the table interrupts the
    // paragraph (GFM §4.10, as cmark-gfm and markdown-it read it).
    if (columns < 4 && text.slice(line.start, line.end).includes('|') && tableAt(text, lines, i)) break;
    body.push({ lineStart: line.lineStart, start: line.start + chars, end: line.end, container: line.start });
    i++;
  }
  const last = body[body.length - 1]!;
  let end = last.end;
  while (end > last.start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  body[body.length - 1] = { ...last, end };
  if (body.some((l) => l.end > l.start)) out.push({ kind, lines: body });
  return i;
}

/** A link title's opening character and the one that closes it. */
const TITLE_CLOSE: Record<string, string> = { '"': '"', "'": "'", '(': ')' };

/**
 * The line after a link reference definition starting at `from` (CommonMark §4.7: the destination
 * may be on the next line, the title on the next line and over several), or undefined when the
 * lines are no definition (a title followed by other text on its line): a paragraph.
 */
function linkDefinitionEnd(text: string, lines: Line[], from: number, content: string): number | undefined {
  const label = LINK_DEFINITION_LABEL.exec(content)!;
  let i = from;
  let rest = content.slice(label[0].length).trim();
  const nextLine = (at: number) =>
    at < lines.length && !isBlank(text, lines[at]!)
      ? text.slice(lines[at]!.start, lines[at]!.end).trim()
      : undefined;
  if (rest === '') {
    const next = nextLine(i + 1);
    if (next === undefined) return undefined;
    i++;
    rest = next;
  }
  const destination = /^(?:<(?:[^<>\\\n]|\\.)*>|[^\s<][^\s]*)/.exec(rest);
  if (!destination) return undefined;
  const after = rest.slice(destination[0].length);
  if (after.trim() === '') {
    // Complete on this line; a title may follow on the next one(s).
    const title = titleEnd(text, lines, i + 1, nextLine(i + 1));
    return title ?? i + 1;
  }
  if (!/^[ \t]/.test(after)) return undefined;
  return titleEnd(text, lines, i, after.trim());
}

/** The line after a link title starting `first` (line `at`), if it closes with nothing after it. */
function titleEnd(text: string, lines: Line[], at: number, first: string | undefined): number | undefined {
  const close = first === undefined ? undefined : TITLE_CLOSE[first[0]!];
  if (first === undefined || close === undefined) return undefined;
  let body = first.slice(1);
  for (let i = at; i < lines.length; ) {
    for (let k = 0; k < body.length; k++) {
      if (body[k] === '\\') k++;
      else if (body[k] === close) return body.slice(k + 1).trim() === '' ? i + 1 : undefined;
      else if (close === ')' && body[k] === '(') return undefined;
    }
    i++;
    if (i >= lines.length || isBlank(text, lines[i]!)) return undefined;
    body = text.slice(lines[i]!.start, lines[i]!.end);
  }
  return undefined;
}
