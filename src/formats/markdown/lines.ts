/** Lines of a Markdown text and the line-start tests the block parser needs (CommonMark 0.31). */

/** A line as seen inside its container: `start` is after the container's prefixes (`> `, list indent). */
export interface Line {
  /** Start of the physical line in the text. */
  lineStart: number;
  /** Start of this line's content within its container. */
  start: number;
  /** End of the content (before `\r\n` / `\n`). */
  end: number;
  /**
   * A paragraph's line: where its container's content starts (before the line's own indentation,
   * which `start` skips). A continuation line indented 4 columns past it is text, not a block.
   */
  container?: number;
}

/** Splits a text into physical lines. */
export function splitLines(text: string, from = 0, to = text.length): Line[] {
  const lines: Line[] = [];
  let at = from;
  while (at < to) {
    let lf = text.indexOf('\n', at);
    if (lf < 0 || lf > to) lf = to;
    const end = lf > at && text.charCodeAt(lf - 1) === 13 ? lf - 1 : lf;
    lines.push({ lineStart: at, start: at, end });
    at = lf + 1;
  }
  return lines;
}

/** Columns of leading whitespace (tabs to the next multiple of 4) and the characters they take. */
export function indentation(text: string, line: Line): { columns: number; chars: number } {
  let columns = 0;
  let i = line.start;
  while (i < line.end) {
    const c = text.charCodeAt(i);
    if (c === 32) columns++;
    else if (c === 9) columns += 4 - (columns % 4);
    else break;
    i++;
  }
  return { columns, chars: i - line.start };
}

/** The line without up to `columns` columns of indentation. */
export function dedent(text: string, line: Line, columns: number): Line {
  let taken = 0;
  let i = line.start;
  while (i < line.end && taken < columns) {
    const c = text.charCodeAt(i);
    if (c === 32) taken++;
    else if (c === 9) taken += 4 - (taken % 4);
    else break;
    i++;
  }
  return { lineStart: line.lineStart, start: i, end: line.end };
}

/** Whether a line holds only spaces and tabs. */
export function isBlank(text: string, line: Line): boolean {
  for (let i = line.start; i < line.end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

// Characters a block marker can start with (`#`, fences, quotes, bullets, rules, `=`, HTML, digits,
// link definitions); a line starting with anything else is paragraph text (or a table row).
const MARKER_START = new Uint8Array(128);
for (const c of '#`~>*-_+=<[:$0123456789') MARKER_START[c.charCodeAt(0)] = 1;

/** False when a line starting with this character code can only be paragraph text — a fast path. */
export function mayStartBlock(code: number): boolean {
  return code < 128 && MARKER_START[code] === 1;
}

/** Line-start patterns of CommonMark blocks (on the line without its indentation). */
export const ATX = /^#{1,6}(?:[ \t]|$)/;
/** Opening code fence: group 1 for backticks (no backtick in the info string), group 2 for tildes. */
export const FENCE = /^(?:(`{3,})[^`]*|(~{3,}).*)$/;
export const THEMATIC = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
export const SETEXT = /^(?:=+|-+)[ \t]*$/;
export const BULLET = /^([-+*])(?:([ \t]+)(.*)|$)/;
export const ORDERED = /^(\d{1,9})([.)])(?:([ \t]+)(.*)|$)/;
/**
 * A link reference definition's label and colon (a URL, not text; the destination may follow on the
 * next line); footnote definitions `[^1]:` are text and excluded.
 */
export const LINK_DEFINITION_LABEL = /^\[(?!\^)(?:[^\]\\]|\\.)+\]:/;
/** A container directive line (`:::note`, `:::`) as Docusaurus and VitePress write admonitions. */
export const DIRECTIVE = /^:{3,}/;
/** A display math fence (`$$`), whose LaTeX is not text. */
export const MATH_FENCE = /^\$\$[ \t]*$/;

const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_1 = /^<(?:script|pre|style|textarea)(?:[ \t>]|$)/i;
const HTML_6 = new RegExp(`^</?(?:${BLOCK_TAGS})(?:[ \\t>]|/>|$)`, 'i');
const HTML_7 =
  /^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)[ \t]*$/;

/**
 * The kind of HTML block a line opens (CommonMark §4.6), with the text that ends it: a closing
 * marker, or a blank line (`''`). Type 7 cannot interrupt a paragraph.
 */
export function htmlBlockStart(content: string, inParagraph: boolean): { end: string | RegExp } | undefined {
  if (!content.startsWith('<')) return undefined;
  if (HTML_1.test(content)) return { end: /<\/(?:script|pre|style|textarea)>/i };
  if (content.startsWith('<!--')) return { end: '-->' };
  if (content.startsWith('<?')) return { end: '?>' };
  if (content.startsWith('<![CDATA[')) return { end: ']]>' };
  if (/^<![A-Za-z]/.test(content)) return { end: '>' };
  if (HTML_6.test(content)) return { end: '' };
  if (!inParagraph && HTML_7.test(content)) return { end: '' };
  return undefined;
}

/** Whether a line (indentation already under 4 columns, stripped) starts a block that ends a paragraph. */
export function interruptsParagraph(content: string): boolean {
  if (ATX.test(content) || FENCE.test(content) || content.startsWith('>') || THEMATIC.test(content))
    return true;
  if (DIRECTIVE.test(content) || MATH_FENCE.test(content)) return true;
  const bullet = BULLET.exec(content);
  if (bullet && bullet[3] !== undefined && bullet[3].trim() !== '') return true;
  const ordered = ORDERED.exec(content);
  if (ordered && ordered[1] === '1' && ordered[4] !== undefined && ordered[4].trim() !== '') return true;
  return htmlBlockStart(content, true) !== undefined;
}
