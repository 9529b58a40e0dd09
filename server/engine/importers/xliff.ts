import type { ReadContext } from './context.ts';
import { notA } from './detect.ts';
import type { ImportedSegment } from './types.ts';
import { xliff12Reader } from './xliff12.ts';
import { xliff20Reader } from './xliff20.ts';
import type { XmlReader } from './xml-stream.ts';
import { localName } from './xml-tree.ts';

/**
 * XLIFF of any version: the root's `version` (or its namespace) picks the 1.2 or the 2.x reader,
 * which then receives every event. SDLXLIFF is XLIFF 1.2 read with Trados' segment statuses.
 */
export function xliffReader(context: ReadContext): XmlReader<ImportedSegment> {
  let inner: XmlReader<ImportedSegment> | undefined;
  return {
    open(tag, depth) {
      if (depth === 0) {
        if (localName(tag.name) !== 'xliff')
          throw notA(context.name, context.format, `the root element is <${tag.name}>`);
        const version = tag.attributes['version'] ?? '';
        const namespace = tag.attributes['xmlns'] ?? '';
        const v2 = version.startsWith('2') || namespace.startsWith('urn:oasis:names:tc:xliff:document:2');
        if (v2 && context.format === 'sdlxliff') {
          throw notA(context.name, context.format, `it is XLIFF ${version || '2'}; SDLXLIFF is XLIFF 1.2`);
        }
        inner = v2 ? xliff20Reader(context) : xliff12Reader(context, context.format === 'sdlxliff');
      }
      return inner!.open(tag, depth);
    },
    element: (element, emit) => inner!.element(element, emit),
    close: (name, depth) => inner!.close?.(name, depth),
    finish: (emit) => inner!.finish?.(emit),
  };
}
