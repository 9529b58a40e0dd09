import type { LoadedXml } from './document.ts';
import { escapeText } from './entities.ts';
import { markupOf, renderMixed } from './inline.ts';
import type { XmlElement } from './nodes.ts';

/**
 * Element content for a translation of mixed-content unit text (see inline.ts): text escaped the
 * way the original does (`&gt;` only when the original writes it), the document's line breaks,
 * markup verbatim. `original` is the element whose content the unit text came from.
 */
export function renderContent(
  loaded: LoadedXml,
  original: XmlElement,
  sourceText: string,
  translation: string,
  known: ReadonlySet<string>,
  unitId: string,
): string {
  const { text, newline } = loaded;
  const gt = text.slice(original.openEnd, original.closeStart).includes('&gt;');
  return renderMixed(translation, {
    escape: (t) => escapeText(t, { gt, newline }),
    known,
    source: sourceText,
    sourceMarkup: markupOf(text, original),
    fail: (message) => {
      throw loaded.positions.error(
        `translation of unit "${unitId}": ${message}`,
        original.start,
        loaded.fileName,
      );
    },
  });
}
