/** Filling an XML element that holds no list item yet (`<array/>`, `<locale-config …></locale-config>`). */

import type { Edit } from '../formats/file-text.ts';
import { lineIndent, lineStartOf } from '../formats/kit/line-edit.ts';
import type { XmlElement } from '../formats/kit/xml/nodes.ts';
import { indentUnit } from './list-edits.ts';

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
