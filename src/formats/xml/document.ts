import type { ParseOptions, RenderOptions } from '../model.ts';
import { applyEdits, type DecodedText, decodeText, type Edit, encodeText, TextPositions } from '../text.ts';
import { escapeAttribute } from './entities.ts';
import type { XmlDocument, XmlElement, XmlNode } from './nodes.ts';
import { parseXml } from './parse.ts';

/** A parsed XML file with everything a format needs to build units and patch the original. */
export interface LoadedXml {
  bytes: Uint8Array;
  decoded: DecodedText;
  doc: XmlDocument;
  positions: TextPositions;
  fileName: string | undefined;
}

/** Decodes (BOM, UTF-8/16) and parses XML bytes; errors carry the file name, line and column. */
export function loadXml(bytes: Uint8Array, options: ParseOptions | RenderOptions = {}): LoadedXml {
  const decoded = decodeText(bytes, { fileName: options.fileName, maxBytes: options.maxBytes });
  const positions = new TextPositions(decoded);
  const doc = parseXml(decoded.text, { fileName: options.fileName, positions });
  return { bytes, decoded, doc, positions, fileName: options.fileName };
}

/** Applies edits to the loaded text and encodes it as the original was (same encoding and BOM). */
export function saveXml(loaded: LoadedXml, edits: readonly Edit[]): Uint8Array {
  if (edits.length === 0) return loaded.bytes;
  return encodeText(applyEdits(loaded.decoded.text, edits), loaded.decoded.encoding, loaded.decoded.bom);
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
