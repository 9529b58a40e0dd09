/**
 * The edits that add and remove items of a list in a file, whatever the file's kind: each kind
 * finds its list (a ListSite: the items' places and how to write one) and this module patches the
 * text around them, so every kind gets the same smallest change (DESIGN §7) — new items after the
 * last one, written like it, and removed items taken out with their line or their separator.
 */

import type { Edit } from '../formats/file-text.ts';
import { lineEndAfter, lineIndent, lineStartOf } from '../formats/kit/line-edit.ts';

/** One item of a list, by string index in the file's text. */
export interface ListItem {
  /** The language code it holds, or undefined for an item that is not a plain string. */
  value: string | undefined;
  /** The item's whole markup (`<locale android:name="en"/>`, `"en"`, `- en`). */
  start: number;
  end: number;
  /** The code inside the markup; the text around it is the style new items copy. */
  valueStart: number;
  valueEnd: number;
}

/** A list found in a file: its items and how the file writes it. */
export interface ListSite {
  text: string;
  newline: string;
  items: ListItem[];
  /**
   * `lines`: one item per line (XML elements, a YAML block sequence); a new item gets a line of
   * its own after the last. `separated`: items between separators (JSON, YAML flow); a new item
   * follows the last with the separator the list uses.
   */
  layout: 'lines' | 'separated';
  /** The separator for a `separated` list that holds fewer than two items to copy it from. */
  separator: string;
  /** A new item's markup, written like `like` (an item of the list) or in the kind's usual style. */
  write(value: string, like: ListItem | undefined): string;
  /** The edit that writes these markups into the list when it holds no item. */
  fill(markups: readonly string[]): Edit;
}

/** Whether the rest of a line is empty or a comment (YAML `#`, XML `<!--`). */
function endsLine(text: string, from: number): boolean {
  const rest = text.slice(from, lineEndAfter(text, from)).trim();
  return rest === '' || rest.startsWith('#') || rest.startsWith('<!--');
}

/** Whether an item has its line to itself (a comment after it aside). */
export function ownsLine(text: string, item: ListItem): boolean {
  return text.slice(lineStartOf(text, item.start), item.start).trim() === '' && endsLine(text, item.end);
}

/** The line break a text uses: CR LF when its first line ends so. */
export function newlineOf(text: string): string {
  const lf = text.indexOf('\n');
  return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
}

/** One level of indentation in a text: a tab where lines start with one, else its narrowest run of spaces (default 4). */
export function indentUnit(text: string): string {
  if (/^\t/m.test(text)) return '\t';
  let narrowest = 0;
  for (const match of text.matchAll(/^( +)\S/gm)) {
    const width = match[1]!.length;
    if (narrowest === 0 || width < narrowest) narrowest = width;
  }
  return ' '.repeat(narrowest || 4);
}

function removeLine(text: string, item: ListItem): Edit {
  if (ownsLine(text, item)) {
    const start = lineStartOf(text, item.start);
    const end = lineEndAfter(text, item.end);
    // The last line without a line break: the break before it goes instead, so no blank line is left.
    if (end === text.length && !text.endsWith('\n') && start > 0) {
      return { start: start - (text[start - 2] === '\r' ? 2 : 1), end, replacement: '' };
    }
    return { start, end, replacement: '' };
  }
  let start = item.start;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return { start, end: item.end, replacement: '' };
}

/** Removals of a separated list, by runs of neighbours so their edits never overlap. */
function removeSeparated(items: readonly ListItem[], removed: ReadonlySet<number>): Edit[] {
  const edits: Edit[] = [];
  for (let i = 0; i < items.length; i++) {
    if (!removed.has(i)) continue;
    let j = i;
    while (removed.has(j + 1)) j++;
    if (i > 0) edits.push({ start: items[i - 1]!.end, end: items[j]!.end, replacement: '' });
    else if (j < items.length - 1)
      edits.push({ start: items[0]!.start, end: items[j + 1]!.start, replacement: '' });
    else edits.push({ start: items[0]!.start, end: items[j]!.end, replacement: '' });
    i = j;
  }
  return edits;
}

/**
 * The edits that append `added` (codes as the list spells them) and remove the items at the
 * indexes in `removed`. Items that stay keep their bytes and order.
 */
export function listEdits(site: ListSite, added: readonly string[], removed: ReadonlySet<number>): Edit[] {
  const { text, items, newline } = site;
  const kept = items.filter((_, i) => !removed.has(i));
  const like = [...kept, ...items].reverse().find((item) => item.value !== undefined);
  const markups = added.map((value) => site.write(value, like));
  if (items.length === 0) return markups.length > 0 ? [site.fill(markups)] : [];
  if (site.layout === 'lines') {
    const edits = [...removed].map((i) => removeLine(text, items[i]!));
    if (markups.length === 0) return edits;
    const last = items.at(-1)!;
    const indent = lineIndent(text, last.start);
    const at = lineEndAfter(text, last.end);
    const lines = markups.map((markup) => indent + markup);
    const replacement =
      at === text.length && !text.endsWith('\n')
        ? newline + lines.join(newline)
        : lines.map((line) => line + newline).join('');
    return [...edits, { start: at, end: at, replacement }];
  }
  // A comment after an item (YAML `en, # English`) belongs to that item, not to the separator.
  const separator =
    items.length >= 2
      ? text.slice(items.at(-2)!.end, items.at(-1)!.start).replace(/[ \t]*#[^\r\n]*/g, '')
      : site.separator;
  if (kept.length === 0 && markups.length > 0) {
    return [{ start: items[0]!.start, end: items.at(-1)!.end, replacement: markups.join(separator) }];
  }
  const edits = removeSeparated(items, removed);
  if (markups.length === 0) return edits;
  const at = items.at(-1)!.end;
  return [...edits, { start: at, end: at, replacement: markups.map((m) => separator + m).join('') }];
}

/**
 * The edit that fills an empty bracketed list (`[]`, or `[` and `]` on lines of their own) with
 * markups: inline where the brackets are on one line, else one item per line, indented one level.
 */
export function fillBrackets(
  text: string,
  open: number,
  close: number,
  markups: readonly string[],
  newline: string,
): Edit {
  const inside = text.slice(open + 1, close);
  if (!inside.includes('\n')) return { start: open + 1, end: close, replacement: markups.join(', ') };
  const outer = lineIndent(text, open);
  const inner = outer + indentUnit(text);
  const body = markups.map((m) => inner + m).join(`,${newline}`);
  return { start: open + 1, end: close, replacement: `${newline}${body}${newline}${outer}` };
}

/** The separator for a bracketed list holding one item: `, ` on the bracket's line, else one item per line. */
export function bracketSeparator(
  text: string,
  open: number,
  item: ListItem | undefined,
  newline: string,
): string {
  if (!item || lineStartOf(text, item.start) === lineStartOf(text, open)) return ', ';
  return `,${newline}${lineIndent(text, item.start)}`;
}
