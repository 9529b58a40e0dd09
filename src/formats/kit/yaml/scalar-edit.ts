/** Edits that replace one scalar's text in the original YAML, keeping its style. */
import type { CST, Scalar } from 'yaml';
import type { Edit } from '../../file-text.ts';
import type { BlockLayout } from './block-scalar.ts';
import { parseBlockHeader, writeBlock } from './block-scalar.ts';
import type { FlowStyle } from './flow-scalar.ts';
import { doubleQuoted, writeFlowScalar } from './flow-scalar.ts';

/** Line ending used for new lines: the file's own (CRLF when its first line ends so). */
export function lineEnding(text: string): string {
  const lf = text.indexOf('\n');
  return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
}

/** The edit that writes `value` in place of `node`, in the node's style. */
export function scalarEdit(
  text: string,
  node: Scalar<string>,
  value: string,
  flow: boolean,
  eol: string,
): Edit[] {
  const [start, end] = node.range!;
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED')
    return blockEdits(text, node, value, eol);
  const style: FlowStyle = node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE' ? node.type : 'PLAIN';
  const raw = text.slice(start, end);
  // A double-quoted original that spells non-ASCII as \u escapes (and holds none raw) keeps doing so.
  const asciiOnly = style === 'QUOTE_DOUBLE' && /\\[uUx]/.test(raw) && !/[^\u0000-\u007e]/.test(raw);
  let replacement = writeFlowScalar(value, style, flow, asciiOnly);
  // An empty scalar right after a tag or anchor (`key: !!str`) needs the separating space YAML requires.
  if (start === end && start > 0 && !/[\s[{,]/.test(text[start - 1]!)) replacement = ` ${replacement}`;
  // …and one before a comment that followed it directly (`!tag # note`): `#` must follow white space.
  if (start === end && text[end] === '#') replacement = `${replacement} `;
  return [{ start, end, replacement }];
}

interface BlockSource {
  headerStart: number;
  headerEnd: number;
  bodyStart: number;
  bodyEnd: number;
  layout: BlockLayout;
}

/** Where a block scalar's header and body are, and how its content is indented. */
export function blockSource(node: Scalar, eol: string): BlockSource | undefined {
  const token = node.srcToken as CST.BlockScalar | undefined;
  const headerProp = token?.props.find((p): p is CST.SourceToken => p.type === 'block-scalar-header');
  const header = headerProp && parseBlockHeader(headerProp.source);
  if (!token || !headerProp || !header) return undefined;
  const bodyEnd = node.range![1];
  const bodyStart = bodyEnd - token.source.length;
  let contentIndent = header.indicator === undefined ? undefined : token.indent + header.indicator;
  if (contentIndent === undefined) {
    const firstLine = /^( *)[^ \r\n]/m.exec(token.source);
    contentIndent = firstLine ? firstLine[1]!.length : token.indent + 2;
  }
  return {
    headerStart: headerProp.offset,
    headerEnd: headerProp.offset + headerProp.source.length,
    bodyStart,
    bodyEnd,
    layout: { header, contentIndent, parentIndent: token.indent, eol },
  };
}

function blockEdits(text: string, node: Scalar<string>, value: string, eol: string): Edit[] {
  const source = blockSource(node, eol);
  if (!source) throw new Error('block scalar without a header token');
  const written = writeBlock(value, source.layout);
  if (!written) {
    // Text a block scalar cannot hold (control characters): the nearest style that can is "…".
    return [
      { start: source.headerStart, end: source.headerEnd, replacement: doubleQuoted(value) },
      { start: source.bodyStart, end: source.bodyEnd, replacement: '' },
    ];
  }
  let bodyEnd = source.bodyEnd;
  if (written.chomp === '+' && source.layout.header.chomp !== '+') {
    // Keeping chomping would take in the blank lines after the old body as content: drop them.
    const rest = /^(?:[ \t]*\r?\n)*/.exec(text.slice(bodyEnd))![0];
    bodyEnd += rest.length;
  }
  const edits: Edit[] = [];
  if (written.header !== text.slice(source.headerStart, source.headerEnd)) {
    edits.push({ start: source.headerStart, end: source.headerEnd, replacement: written.header });
  }
  let body = written.body;
  // A body at the very end of a file without a final newline stays without one.
  if (bodyEnd === text.length && !text.endsWith('\n') && written.chomp !== '+')
    body = body.replace(/\r?\n$/, '');
  // A header on the file's last line (`key: |` with no line break after it) needs one before the body.
  if (body !== '' && !text.slice(source.headerEnd, source.bodyStart).includes('\n')) body = eol + body;
  edits.push({ start: source.bodyStart, end: bodyEnd, replacement: body });
  return edits;
}
