import { ImportError } from './import-error.ts';

/**
 * A small element tree for one unit of a streamed document (a TMX `<tu>`, an XLIFF `<trans-unit>`,
 * a TBX entry). Only the unit being read is ever held as a tree; see xml-stream.ts.
 */
export interface TreeElement {
  /** The qualified name as written (`tuv`, `sdl:seg`). */
  name: string;
  attributes: Record<string, string>;
  children: TreeNode[];
  selfClosing: boolean;
  /** Where the start tag begins (1-based). */
  line: number;
  column: number;
}

/** Character data (CDATA included) is a plain string. */
export type TreeNode = TreeElement | string;

/** `seg-defs` for `sdl:seg-defs`: formats are matched by local name, whatever the prefix. */
export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

export function isElement(node: TreeNode): node is TreeElement {
  return typeof node !== 'string';
}

/** Child elements, all or those with the given local name. */
export function childElements(element: TreeElement, local?: string): TreeElement[] {
  const out: TreeElement[] = [];
  for (const child of element.children) {
    if (isElement(child) && (local === undefined || localName(child.name) === local)) out.push(child);
  }
  return out;
}

export function firstChild(element: TreeElement, local: string): TreeElement | undefined {
  for (const child of element.children) {
    if (isElement(child) && localName(child.name) === local) return child;
  }
  return undefined;
}

/** An attribute by local name (`xml:lang` or `lang`, `sdl:locked` or `locked`). */
export function attribute(element: TreeElement, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = element.attributes[name];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** All character data below the element, markup dropped (notes, terms, properties). */
export function plainText(element: TreeElement): string {
  let out = '';
  for (const child of element.children) out += typeof child === 'string' ? child : plainText(child);
  return out;
}

/**
 * Segment text with inline markup, the convention every format of this project follows: character
 * data decoded (`&lt;` → `<`), inline elements written as tags with their attributes, so
 * `Click <ph x="1">{0}</ph> now` keeps its placeholder and `<bpt i="1"><b></bpt>` its native code.
 * `unwrap` names elements whose tags are dropped while their content stays (Trados comments).
 */
export function markupText(element: TreeElement, unwrap?: (child: TreeElement) => boolean): string {
  let out = '';
  for (const child of element.children) {
    if (typeof child === 'string') out += child;
    else if (unwrap?.(child)) out += markupText(child, unwrap);
    else out += serialize(child, unwrap);
  }
  return out;
}

function serialize(element: TreeElement, unwrap?: (child: TreeElement) => boolean): string {
  let tag = `<${element.name}`;
  for (const [name, value] of Object.entries(element.attributes))
    tag += ` ${name}="${escapeAttribute(value)}"`;
  if (element.selfClosing) return `${tag}/>`;
  return `${tag}>${markupText(element, unwrap)}</${element.name}>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** An ImportError at the element's start tag. */
export function errorAt(element: TreeElement, detail: string): ImportError {
  return ImportError.at(element.line, element.column, detail);
}
