import { ImportError } from './import-error.ts';
import { parseElement } from './xml-stream.ts';
import { childElements, firstChild, localName, plainText, type TreeElement } from './xml-tree.ts';

/**
 * The text of a segment as Trados stores it in an SDLTM (`source_segment`/`target_segment`):
 * `<Segment><Elements><Text><Value>Hello </Value></Text><Tag><Type>Start</Type><Anchor>1</Anchor>…`.
 * Tags become TMX-style inline markup, as Trados writes them when it exports TMX: Start → `<bpt i/>`,
 * End → `<ept i/>`, Standalone → `<ph x/>`, and text placeholders or locked content →
 * `<ph x>equivalent</ph>`, so the result reads like a TMX segment of the same memory.
 * Throws an ImportError (position inside the segment) when the XML is malformed.
 */
export function segmentText(xml: string): string {
  const root = parseElement(xml);
  if (localName(root.name) !== 'Segment')
    throw new ImportError(`the root element is <${root.name}>, not <Segment>`);
  const elements = firstChild(root, 'Elements');
  let out = '';
  for (const element of elements ? childElements(elements) : []) {
    const kind = localName(element.name);
    if (kind === 'Text') out += childText(element, 'Value');
    else if (kind === 'Tag') out += tagMarkup(element);
  }
  return out;
}

function tagMarkup(tag: TreeElement): string {
  const type = childText(tag, 'Type').trim();
  const anchor =
    childText(tag, 'Anchor')
      .trim()
      .replace(/[^\w.-]/g, '') || '0';
  switch (type) {
    case 'Start':
      return `<bpt i="${anchor}"/>`;
    case 'End':
      return `<ept i="${anchor}"/>`;
    case 'TextPlaceholder':
    case 'LockedContent': {
      const text = childText(tag, 'TextEquivalent');
      return text ? `<ph x="${anchor}">${text}</ph>` : `<ph x="${anchor}"/>`;
    }
    default:
      return `<ph x="${anchor}"/>`;
  }
}

function childText(element: TreeElement, local: string): string {
  const child = firstChild(element, local);
  return child ? plainText(child) : '';
}
