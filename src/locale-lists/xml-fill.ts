/**
 * Lists kept in XML elements (Android's `<locale-config>`, a plist's `<array>`): the list site over
 * the elements, and filling an element that holds no item yet (`<array/>`).
 */

import type { Edit } from '../formats/file-text.ts';
import { lineIndent, lineStartOf } from '../formats/kit/line-edit.ts';
import type { XmlElement } from '../formats/kit/xml/nodes.ts';
import { indentUnit, type ListItem, type ListSite, newlineOf, ownsLine } from './list-edits.ts';

/**
 * The edit that writes markups into `element`, one per line, indented one level deeper than it: a
 * self-closing element is opened, whitespace-only content is replaced, and content such as a
 * comment is kept, with the items added on lines before the end tag.
 */
export function fillElement(
  text: string,
  element: XmlElement,
  markups: readonly string[],
  newline: string,
): Edit {
  const outer = lineIndent(text, element.start);
  const inner = outer + indentUnit(text);
  const lines = markups.map((m) => inner + m).join(newline);
  if (element.selfClosing) {
    let close = text.lastIndexOf('/', element.openEnd - 1);
    while (text[close - 1] === ' ' || text[close - 1] === '\t') close--;
    return {
      start: close,
      end: element.end,
      replacement: `>${newline}${lines}${newline}${outer}</${element.name}>`,
    };
  }
  const inside = text.slice(element.openEnd, element.closeStart);
  const closeLine = lineStartOf(text, element.closeStart);
  if (inside.trim() === '' || text.slice(closeLine, element.closeStart).trim() !== '') {
    const keep = inside.trim() === '' ? '' : inside;
    return {
      start: element.openEnd,
      end: element.closeStart,
      replacement: `${keep}${newline}${lines}${newline}${outer}`,
    };
  }
  return { start: closeLine, end: closeLine, replacement: lines + newline };
}

/** An element that names no language (a `<locale>` without a name, an `<integer>`): kept, never matched. */
export const unnamed = (element: { start: number; end: number }): ListItem => ({
  value: undefined,
  start: element.start,
  end: element.end,
  valueStart: element.end,
  valueEnd: element.end,
});

/** The list site of `items`, the elements of `container`, each new item written by `write`. */
export function elementSite(
  text: string,
  container: XmlElement,
  items: ListItem[],
  write: ListSite['write'],
): ListSite {
  const newline = newlineOf(text);
  return {
    text,
    newline,
    items,
    layout: items.every((item) => ownsLine(text, item)) ? 'lines' : 'separated',
    separator: '',
    write,
    fill: (markups) => fillElement(text, container, markups, newline),
  };
}
