import type { FormatError } from '../../errors.ts';
import { applyEdits, type DecodedText, decodeText, type Edit, encodeText } from '../../file-text.ts';
import type { FormatWarning, Location, ParseOptions, RenderOptions } from '../../model.ts';
import { escapeAttribute } from './entities.ts';
import type { XmlDocument, XmlElement, XmlNode } from './nodes.ts';
import { parseXml, scanXml, type XmlHandler } from './parse.ts';
import { ForwardPositions } from './positions.ts';

/** A decoded XML file with what a format needs to build units and patch the original. */
export interface LoadedXml {
  bytes: Uint8Array;
  decoded: DecodedText;
  /** The decoded text all indexes refer to. */
  text: string;
  /** Line break the file uses, for text written into it. */
  newline: '\n' | '\r\n';
  positions: XmlPositions;
  fileName: string | undefined;
  /** Reports a warning at a string index to the parse's `onWarning`; a no-op in render. */
  warn(message: string, index: number): void;
}

/** Locations and errors by string index: TextPositions, or the cheaper ForwardPositions for scans in order. */
export interface XmlPositions {
  location(start: number, end: number): Location;
  error(message: string, index: number, file?: string): FormatError;
  warning(message: string, index: number): FormatWarning;
}

/** Decodes XML bytes (BOM, UTF-8/16) and indexes their positions; scanning comes next. */
export function decodeXml(
  bytes: Uint8Array,
  options: ParseOptions | RenderOptions = {},
  { locate = true }: { locate?: boolean } = {},
): LoadedXml {
  const decoded = decodeText(bytes, { fileName: options.fileName, maxBytes: options.maxBytes });
  const nl = decoded.text.indexOf('\n');
  const newline = nl > 0 && decoded.text.charCodeAt(nl - 1) === 13 ? '\r\n' : '\n';
  const positions = new ForwardPositions(decoded, { locate });
  const onWarning = 'onWarning' in options ? options.onWarning : undefined;
  const warn = onWarning
    ? (message: string, index: number) => onWarning(positions.warning(message, index))
    : () => {};
  return { bytes, decoded, text: decoded.text, newline, positions, fileName: options.fileName, warn };
}

/** Scans a decoded file with a handler that keeps only what it reads (see scanXml). */
export function scanLoaded(loaded: LoadedXml, handler: XmlHandler): XmlElement {
  return scanXml(loaded.text, handler, { fileName: loaded.fileName, positions: loaded.positions }).root;
}

/** Decodes and parses XML bytes into a whole tree; errors carry the file name, line and column. */
export function loadXml(
  bytes: Uint8Array,
  options: ParseOptions | RenderOptions = {},
): LoadedXml & { doc: XmlDocument } {
  const loaded = decodeXml(bytes, options);
  return {
    ...loaded,
    doc: parseXml(loaded.text, { fileName: options.fileName, positions: loaded.positions }),
  };
}

/**
 * Applies edits to the loaded text and encodes it as the original was (same encoding and BOM).
 * UTF-8 output is spliced from the original bytes between the edits, so only the replacements are encoded.
 */
export function saveXml(loaded: LoadedXml, edits: readonly Edit[]): Uint8Array {
  if (edits.length === 0) return loaded.bytes;
  const { decoded, bytes, text } = loaded;
  if (decoded.encoding !== 'utf-8') return encodeText(applyEdits(text, edits), decoded.encoding, decoded.bom);
  // An insertion at the start of a removal goes first: it is not inside what is removed.
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let room = bytes.length;
  for (const edit of sorted) room += edit.replacement.length * 3;
  // One buffer, written in place: no intermediate Buffer per edit.
  const out = Buffer.allocUnsafe(room);
  const cursor = new ForwardPositions(decoded);
  let at = 0;
  let atByte = 0;
  let length = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping edits at index ${edit.start}`);
    const kept = cursor.location(at, edit.start);
    const keptEnd = kept.offset + kept.length;
    out.set(bytes.subarray(atByte, keptEnd), length);
    length += keptEnd - atByte;
    length += out.write(edit.replacement, length, 'utf8');
    const removed = cursor.location(edit.start, edit.end);
    at = edit.end;
    atByte = removed.offset + removed.length;
  }
  out.set(bytes.subarray(atByte), length);
  return out.subarray(0, length + bytes.length - atByte);
}

/** The name without its namespace prefix (`xliff:g` → `g`). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function attribute(element: XmlElement, name: string): string | undefined {
  for (const a of element.attributes) if (a.name === name) return a.value;
  return undefined;
}

/** Child elements, optionally only those with a given local name. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (child.kind === 'element' && (name === undefined || localName(child.name) === name)) out.push(child);
  }
  return out;
}

export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  for (const child of element.children) {
    if (child.kind === 'element' && localName(child.name) === name) return child;
  }
  return undefined;
}

/** Decoded character data of an element and its descendants (markup dropped). */
export function textContent(node: XmlNode): string {
  if (node.kind === 'text' || node.kind === 'cdata') return node.value;
  if (node.kind !== 'element') return '';
  let out = '';
  for (const child of node.children) out += textContent(child);
  return out;
}

/** The whitespace that indents a node: the text between the previous line break and the node. */
export function indentOf(text: string, index: number): string {
  let i = index;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || text[i - 1] === '\n' ? text.slice(i, index) : '';
}

/** The edit that sets an attribute: the value replaced in place, or a new attribute after the last one. */
export function setAttributeEdit(element: XmlElement, name: string, value: string): Edit {
  const existing = element.attributes.find((a) => a.name === name);
  if (existing) {
    return {
      start: existing.valueStart,
      end: existing.valueEnd,
      replacement: escapeAttribute(value, existing.quote),
    };
  }
  const last = element.attributes[element.attributes.length - 1];
  const quote = last?.quote ?? '"';
  const at = last ? last.valueEnd + 1 : element.start + 1 + element.name.length;
  return { start: at, end: at, replacement: ` ${name}=${quote}${escapeAttribute(value, quote)}${quote}` };
}

/** Index where a start tag's `>` (or `/>`) begins, so content can be added to `<a/>`. */
export function startTagClose(text: string, element: XmlElement): number {
  return element.selfClosing ? text.lastIndexOf('/', element.openEnd - 1) : element.openEnd - 1;
}

/** The first characters of a file as text (UTF-8, or UTF-16 by its BOM), for sniffing. */
export function sniffText(bytes: Uint8Array, length = 4096): string {
  const head = bytes.subarray(0, length);
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head);
  return new TextDecoder('utf-8').decode(head);
}
