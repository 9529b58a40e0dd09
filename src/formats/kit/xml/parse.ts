/**
 * Ours, not saxes (no byte offsets to patch from): byte fidelity (`npm run bench -- formats`: xliff12,
 * xliff2 and android against a saxes round trip; xmllint with the XLIFF schemas is the tests' oracle).
 */
import { FormatError } from '../../errors.ts';
import { checkCharacters, checkText, lineColumn, nameAt, skipSpace } from './chars.ts';
import { skipDoctype } from './doctype.ts';
import { decodeRaw, type Fail } from './entities.ts';
import type { XmlAttribute, XmlCData, XmlComment, XmlDocument, XmlElement, XmlNode } from './nodes.ts';

export interface ParseXmlOptions {
  fileName?: string | undefined;
  /** Positions of the text, for line and column in errors (computed on demand when absent). */
  positions?: { error(message: string, index: number, file?: string): FormatError } | undefined;
}

/**
 * What a format wants from the scan. Elements outside kept subtrees are reported through `open`
 * and `close` and then dropped, so a 5 MB file never becomes one big tree: a format keeps only the
 * subtrees it reads (a `<trans-unit>`, a `<string>`) and lets them go once it has read them.
 */
export interface XmlHandler {
  /** A start tag outside any kept subtree; return true to keep this element's content as a tree. */
  open(element: XmlElement): boolean;
  /** The element (one `open` was called for) is complete: its `end` and, if kept, its children are final. */
  close?(element: XmlElement): void;
  /** A comment outside kept subtrees (inside them, comments are children). */
  comment?(comment: XmlComment, parent: XmlElement | undefined): void;
}

/**
 * Parses a whole XML document into a tree with exact string indexes (see nodes.ts).
 * Use scanXml with a handler to keep only the parts a format reads.
 */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlDocument {
  return scanXml(text, { open: () => true }, options);
}

/**
 * Scans an XML document, reporting elements to the handler and building the subtrees it keeps.
 *
 * A small hand-written tokenizer: it jumps with `indexOf` between markup, is several times faster
 * than an event parser that looks at every character, and checks well-formedness everywhere, kept
 * or not (matching end tags, quoted attributes, one root, legal characters and references).
 * Anything else is a FormatError with line and column; DTD entities are refused (doctype.ts).
 */
export function scanXml(text: string, handler: XmlHandler, options: ParseXmlOptions = {}): XmlDocument {
  const fail: Fail = (message, index) => {
    if (options.positions) throw options.positions.error(message, index, options.fileName);
    const { line, column } = lineColumn(text, index);
    throw new FormatError(message, { file: options.fileName, line, column });
  };
  checkCharacters(text, fail);
  const stack: XmlElement[] = [];
  // Whether each element of the stack is inside a kept subtree (or is its root).
  const kept: boolean[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? length : lt;
    const depth = stack.length;
    const parent = stack[depth - 1];
    const keep = depth > 0 && kept[depth - 1]!;
    if (textEnd > i) {
      if (keep) {
        const raw = text.slice(i, textEnd);
        const cdataEnd = raw.indexOf(']]>');
        if (cdataEnd >= 0) fail('"]]>" is not allowed in text (write it as ]]&gt;)', i + cdataEnd);
        parent!.children.push({
          kind: 'text',
          value: decodeRaw(raw, i, false, fail),
          start: i,
          end: textEnd,
        });
      } else {
        checkText(text, i, textEnd, parent !== undefined, fail);
      }
    }
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 47 /* / */) {
      const element = stack.pop();
      kept.pop();
      i = endTag(text, lt, element, fail);
      // Elements inside a kept subtree are part of the tree, not reported on their own.
      if (!(depth > 1 && kept[depth - 2])) handler.close?.(element!);
    } else if (next === 33 /* ! */) {
      const node = declaration(text, lt, parent, root !== undefined || depth > 0, fail);
      if (node && keep) parent!.children.push(node);
      else if (node?.kind === 'comment') handler.comment?.(node, parent);
      i = node ? node.end : skipDoctype(text, lt, fail);
    } else if (next === 63 /* ? */) {
      const close = text.indexOf('?>', lt + 2);
      if (close < 0) fail('unexpected end of file inside a processing instruction', lt);
      const target = nameAt(text, lt + 2);
      if (keep) parent!.children.push({ kind: 'pi', target, start: lt, end: close + 2 });
      i = close + 2;
    } else {
      if (!parent && root) fail('only one root element is allowed', lt);
      const element = startTag(text, lt, parent, fail);
      if (keep) parent!.children.push(element);
      if (!parent) root = element;
      const keepThis = keep || handler.open(element);
      if (keepThis && !element.selfClosing) element.children = [];
      if (element.selfClosing) {
        if (!keep) handler.close?.(element);
      } else {
        stack.push(element);
        kept.push(keepThis);
      }
      i = element.openEnd;
    }
  }
  const open = stack[stack.length - 1];
  if (open) {
    const at = lineColumn(text, open.start);
    fail(
      `unexpected end of file: <${open.name}> opened at line ${at.line}, column ${at.column} is not closed`,
      length,
    );
  }
  if (!root) return fail('no root element', length);
  const nl = text.indexOf('\n');
  return { text, root, newline: nl > 0 && text.charCodeAt(nl - 1) === 13 ? '\r\n' : '\n' };
}

function startTag(text: string, lt: number, parent: XmlElement | undefined, fail: Fail): XmlElement {
  const name = nameAt(text, lt + 1);
  if (!name) return fail('"<" must start a tag (write < in text as &lt;)', lt);
  const attributes: XmlAttribute[] = [];
  let j = lt + 1 + name.length;
  for (;;) {
    const k = skipSpace(text, j);
    const c = text.charCodeAt(k);
    if (c === 62 /* > */) {
      return element(name, attributes, parent, lt, k + 1, false);
    }
    if (c === 47 /* / */ && text.charCodeAt(k + 1) === 62) {
      return element(name, attributes, parent, lt, k + 2, true);
    }
    if (k >= text.length) fail(`unexpected end of file inside the tag <${name}>`, lt);
    const attributeName = nameAt(text, k);
    if (!attributeName || k === j)
      fail(`unexpected character ${JSON.stringify(text[k])} in the tag <${name}>`, k);
    if (attributes.some((a) => a.name === attributeName)) fail(`duplicate attribute ${attributeName}`, k);
    let m = skipSpace(text, k + attributeName!.length);
    if (text.charCodeAt(m) !== 61 /* = */) fail(`attribute ${attributeName} needs a value (="…")`, m);
    m = skipSpace(text, m + 1);
    const quote = text[m];
    if (quote !== '"' && quote !== "'") return fail(`the value of ${attributeName} must be quoted`, m);
    const close = text.indexOf(quote, m + 1);
    if (close < 0) fail(`unexpected end of file inside the value of ${attributeName}`, m);
    const raw = text.slice(m + 1, close);
    const lessThan = raw.indexOf('<');
    if (lessThan >= 0) fail('"<" is not allowed in an attribute value (write &lt;)', m + 1 + lessThan);
    attributes.push({
      name: attributeName!,
      value: decodeRaw(raw, m + 1, true, fail),
      start: k,
      valueStart: m + 1,
      valueEnd: close,
      quote,
    });
    j = close + 1;
  }
}

function element(
  name: string,
  attributes: XmlAttribute[],
  parent: XmlElement | undefined,
  start: number,
  openEnd: number,
  selfClosing: boolean,
): XmlElement {
  return {
    kind: 'element',
    name,
    attributes: attributes.length === 0 ? NO_ATTRIBUTES : attributes,
    children: NO_CHILDREN,
    parent,
    start,
    openEnd,
    closeStart: selfClosing ? openEnd : -1,
    end: selfClosing ? openEnd : -1,
    selfClosing,
  };
}

function endTag(text: string, lt: number, open: XmlElement | undefined, fail: Fail): number {
  const name = nameAt(text, lt + 2);
  if (!name) return fail('"</" must start an end tag', lt);
  const close = skipSpace(text, lt + 2 + name.length);
  if (text.charCodeAt(close) !== 62) {
    fail(
      close >= text.length ? `unexpected end of file inside </${name}>` : `expected ">" to end </${name}>`,
      close,
    );
  }
  if (!open) return fail(`end tag </${name}> has no start tag`, lt);
  if (open.name !== name) {
    const at = lineColumn(text, open.start);
    fail(
      `mismatched end tag </${name}>: <${open.name}> opened at line ${at.line}, column ${at.column} is still open`,
      lt,
    );
  }
  open.closeStart = lt;
  open.end = close + 1;
  return close + 1;
}

/** A comment or CDATA node at `lt`, or undefined for a DOCTYPE (which the caller skips). */
function declaration(
  text: string,
  lt: number,
  parent: XmlElement | undefined,
  seenRoot: boolean,
  fail: Fail,
): XmlComment | XmlCData | undefined {
  if (text.startsWith('<!--', lt)) {
    const close = text.indexOf('-->', lt + 4);
    if (close < 0) fail('unexpected end of file inside a comment', lt);
    return { kind: 'comment', value: text.slice(lt + 4, close), start: lt, end: close + 3 };
  }
  if (text.startsWith('<![CDATA[', lt)) {
    if (!parent) fail('a CDATA section is only allowed inside an element', lt);
    const close = text.indexOf(']]>', lt + 9);
    if (close < 0) fail('unexpected end of file inside a CDATA section', lt);
    const value = text.slice(lt + 9, close).replace(/\r\n?/g, '\n');
    return { kind: 'cdata', value, start: lt, end: close + 3 };
  }
  if (text.startsWith('<!DOCTYPE', lt)) {
    if (seenRoot) fail('<!DOCTYPE> is only allowed before the root element', lt);
    return undefined;
  }
  return fail('"<!" must start a comment, a CDATA section or a DOCTYPE', lt);
}

/** Children of elements outside kept subtrees (never filled) and empty attribute lists: one frozen array each. */
const NO_CHILDREN = Object.freeze([]) as unknown as XmlNode[];
const NO_ATTRIBUTES = Object.freeze([]) as unknown as XmlAttribute[];
