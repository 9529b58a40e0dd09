/**
 * Writes a string as a YAML block scalar (`|` literal or `>` folded) keeping the original's style,
 * indentation and indicators; only the chomping indicator changes when the new text ends with a
 * different number of line breaks (YAML 1.2 §8.1.1.2), and an indentation indicator is added only
 * when the text starts with spaces (§8.1.1.1).
 */

export interface BlockHeader {
  style: '|' | '>';
  /** Explicit indentation indicator (1–9), when the original had one. */
  indicator: number | undefined;
  chomp: '' | '-' | '+';
}

/** Parses `|`, `>-`, `|2+`, `>+1` (indicators in either order). */
export function parseBlockHeader(source: string): BlockHeader | undefined {
  const match = /^([|>])(?:([1-9])([-+]?)|([-+])([1-9]?)|)$/.exec(source);
  if (!match) return undefined;
  const digits = match[2] ?? match[5];
  return {
    style: match[1] as '|' | '>',
    indicator: digits ? Number(digits) : undefined,
    chomp: (match[3] ?? match[4] ?? '') as BlockHeader['chomp'],
  };
}

export interface BlockLayout {
  header: BlockHeader;
  /** Columns of indentation of the content lines. */
  contentIndent: number;
  /** Indentation of the parent node (what an explicit indicator is counted from). */
  parentIndent: number;
  eol: string;
}

export interface WrittenBlock {
  header: string;
  /** Content lines, each ending with `eol` (empty string for an empty scalar with `-`). */
  body: string;
  chomp: BlockHeader['chomp'];
}

// Block scalars cannot hold controls other than tab, nor characters YAML 1.1 reads as line breaks.
const UNREPRESENTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/;

/** Writes `value` in the layout's block style; undefined when a block scalar cannot hold it. */
export function writeBlock(value: string, layout: BlockLayout): WrittenBlock | undefined {
  if (UNREPRESENTABLE.test(value)) return undefined;
  let trailing = 0;
  while (trailing < value.length && value[value.length - 1 - trailing] === '\n') trailing++;
  const content = value.slice(0, value.length - trailing);
  const chomp: BlockHeader['chomp'] =
    content === '' && trailing > 0
      ? '+' // clip would drop the breaks of an all-empty scalar
      : trailing === 0
        ? '-'
        : trailing === 1
          ? layout.header.chomp === '+'
            ? '+'
            : ''
          : '+';
  const parts = content === '' ? [] : content.split('\n');
  // Readers disagree on lines holding only spaces (empty line or content?): quote such text instead.
  if (parts.some((p) => p !== '' && p.trim() === '')) return undefined;
  // Folding cannot express lines that start with whitespace ("more-indented" lines keep their
  // breaks, §8.1.3), so such text falls back to the literal style rather than to quotes.
  const style =
    layout.header.style === '>' && parts.some((p) => /^[ \t]/.test(p)) ? '|' : layout.header.style;
  const lines = style === '>' ? foldedLines(parts) : parts;

  let indicator = layout.header.indicator;
  if (indicator === undefined && needsIndicator(lines))
    indicator = layout.contentIndent - layout.parentIndent;
  if (indicator !== undefined && (indicator < 1 || indicator > 9)) return undefined;
  const indent = ' '.repeat(indicator === undefined ? layout.contentIndent : layout.parentIndent + indicator);

  const { eol } = layout;
  let body = lines.map((line) => (line === '' ? '' : indent + line)).join(eol);
  if (lines.length > 0) body += eol;
  if (chomp === '+') body += eol.repeat(lines.length > 0 ? trailing - 1 : trailing);
  return { header: `${style}${indicator ?? ''}${chomp}`, body, chomp };
}

/** Lines of a folded scalar whose folding gives back `parts` joined with line breaks. */
function foldedLines(parts: string[]): string[] {
  const out: string[] = [];
  let seenText = false;
  let pendingEmpty = 0;
  for (const part of parts) {
    if (part === '') {
      // Leading empty lines are kept as they are; between text, n breaks need n empty lines.
      if (seenText) pendingEmpty++;
      else out.push('');
      continue;
    }
    if (seenText) for (let k = 0; k <= pendingEmpty; k++) out.push('');
    out.push(part);
    seenText = true;
    pendingEmpty = 0;
  }
  return out;
}

/** Auto-detection reads the indentation from the first non-empty line (§8.1.1.1). */
function needsIndicator(lines: string[]): boolean {
  const first = lines.find((line) => line !== '');
  return first?.startsWith(' ') === true;
}
