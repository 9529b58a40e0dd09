import { SaxesParser } from 'saxes';
import { ImportError } from './import-error.ts';
import type { TreeElement } from './xml-tree.ts';

/**
 * How deep elements may nest inside one kept unit. Real inline markup nests a few levels; the
 * tree is walked recursively, so a hostile file nesting thousands deep must be refused first.
 */
const MAX_UNIT_DEPTH = 100;

/** A start tag outside the kept subtrees: what a reader needs to decide and to check attributes. */
export interface OpenTag {
  name: string;
  attributes: Record<string, string>;
  line: number;
  column: number;
}

/**
 * What a format does with a streamed XML document. Elements outside kept subtrees are only
 * announced (`open`/`close`); a kept element (a `<tu>`) is built as a tree and handed to `element`
 * when it closes, then dropped — so memory holds one unit, never the document.
 */
export interface XmlReader<T> {
  /** A start tag at `depth` (0 = root) outside kept subtrees; true keeps the element as a tree. */
  open(tag: OpenTag, depth: number): boolean;
  /** A kept element is complete; `emit` yields items, throwing an ImportError fails the import. */
  element(element: TreeElement, emit: (item: T) => void): void;
  /** An element that was not kept closes. */
  close?(name: string, depth: number): void;
  /** The document is complete and well-formed. */
  finish?(emit: (item: T) => void): void;
}

/**
 * Streams a document through saxes, one decoded chunk at a time, yielding the items the reader
 * emits as soon as the chunk that completes them has been parsed. Saxes never expands DTD
 * entities; a DOCTYPE that declares any is refused outright (billion laughs, XXE), and an
 * external DTD is never fetched. Malformed or truncated XML fails with line and column.
 */
export async function* readXml<T>(text: AsyncIterable<string>, reader: XmlReader<T>): AsyncGenerator<T> {
  let out: T[] = [];
  const parser = treeParser(reader, (item) => {
    out.push(item);
  });
  for await (const chunk of text) {
    write(parser, () => parser.write(chunk), chunk);
    if (out.length > 0) {
      const batch = out;
      out = [];
      yield* batch;
    }
  }
  write(parser, () => parser.close());
  reader.finish?.((item) => {
    out.push(item);
  });
  yield* out;
}

/** Parses a small, complete document (a stored segment) into its root element's tree. */
export function parseElement(text: string): TreeElement {
  let root: TreeElement | undefined;
  const parser = treeParser<never>(
    {
      open: () => true,
      element: (element) => {
        root = element;
      },
    },
    () => {},
  );
  write(parser, () => parser.write(text).close());
  return root!;
}

/** A saxes parser that builds the trees the reader keeps and reports the rest to it. */
function treeParser<T>(reader: XmlReader<T>, emit: (item: T) => void): SaxesParser {
  const parser = new SaxesParser({ position: true });
  const stack: TreeElement[] = [];
  let depth = 0;
  let line = 1;
  let column = 1;
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype) || /%[\w.:-]+;/.test(doctype)) {
      throw ImportError.at(
        parser.line,
        undefined,
        'the DOCTYPE declares entities; they are refused because they enable billion-laughs and XXE attacks',
      );
    }
  });
  parser.on('opentagstart', (tag) => {
    // saxes reports this just after the name (and one more character): step back to the "<".
    line = parser.line;
    column = Math.max(1, parser.column - tag.name.length - 1);
  });
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    const parent = stack[stack.length - 1];
    if (parent) {
      if (stack.length >= MAX_UNIT_DEPTH) {
        throw ImportError.at(
          line,
          column,
          `elements nested more than ${MAX_UNIT_DEPTH} deep inside <${stack[0]!.name}>`,
        );
      }
      const node = { name: tag.name, attributes, children: [], selfClosing: tag.isSelfClosing, line, column };
      parent.children.push(node);
      stack.push(node);
    } else if (reader.open({ name: tag.name, attributes, line, column }, depth)) {
      stack.push({ name: tag.name, attributes, children: [], selfClosing: tag.isSelfClosing, line, column });
    }
    depth++;
  });
  parser.on('closetag', (tag) => {
    depth--;
    if (stack.length === 0) {
      reader.close?.(tag.name, depth);
      return;
    }
    const node = stack.pop()!;
    if (stack.length === 0) reader.element(node, emit);
  });
  const onText = (value: string) => {
    const parent = stack[stack.length - 1];
    if (!parent) return;
    const children = parent.children;
    const last = children.length - 1;
    if (typeof children[last] === 'string') children[last] += value;
    else children.push(value);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  return parser;
}

/** `chunk`: the text just written, where a disallowed character is looked for to name it. */
function write(parser: SaxesParser, step: () => void, chunk?: string): void {
  try {
    step();
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const raw = (error instanceof Error ? error.message : String(error)).replace(/^\d+:\d+: /, '');
    // Saxes has read the disallowed character itself: its column is the character's.
    const column = raw === 'disallowed character.' ? parser.column : parser.column + 1;
    throw ImportError.at(parser.line, column, explain(raw, chunk), { cause: error });
  }
}

/**
 * XML 1.0 §2.2 (Char): no C0 control but tab, line feed and carriage return, no U+FFFE or U+FFFF,
 * no lone surrogate — not even as a character reference (WFC: Legal Character).
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ALLOWED =
  'XML 1.0 allows no control character but tab, line feed and carriage return, and no U+FFFE, U+FFFF or lone surrogate';

/** Saxes' terse messages, reworded for the person whose import failed. */
function explain(message: string, chunk?: string): string {
  if (message === 'disallowed character.') {
    const bad = chunk === undefined ? null : NOT_XML_CHAR.exec(chunk);
    const which = bad
      ? `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
      : 'a character';
    return `not well-formed XML: ${which} cannot appear in XML (${ALLOWED}, not even as a character reference)`;
  }
  if (message === 'malformed character entity.')
    return `not well-formed XML: a character reference that is malformed or names a character XML cannot carry (${ALLOWED})`;
  const unclosed = /^unclosed tag: (.+)$/.exec(message);
  if (unclosed) return `the file ends inside <${unclosed[1]}>: it is truncated or not well-formed XML`;
  if (message === 'unexpected end.') return 'unexpected end of the file: it is truncated';
  if (message === 'document must contain a root element.') return 'the file holds no XML element';
  if (message === 'undefined entity.') {
    return 'undefined entity reference (only &lt; &gt; &amp; &quot; &apos; and numeric references are allowed)';
  }
  return `not well-formed XML: ${message.replace(/\.$/, '')}`;
}
