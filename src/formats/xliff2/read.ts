import { DistinctIds } from '../distinct-ids.ts';
import type { Unit } from '../model.ts';
import {
  attribute,
  childElements,
  firstChild,
  type LoadedXml,
  localName,
  scanLoaded,
  textContent,
} from '../xml/document.ts';
import { mixedText } from '../xml/inline.ts';
import type { XmlElement } from '../xml/nodes.ts';

/** Inline elements of XLIFF 2.0 (§4.2.2): they must stay paired in a translation. */
export const XLIFF2_INLINE: ReadonlySet<string> = new Set(['pc', 'ph', 'sc', 'ec', 'mrk', 'sm', 'em', 'cp']);

/** One `<segment>` of a `<unit>`, with the elements render needs. */
export interface Segment {
  unit: Unit;
  segment: XmlElement;
  source: XmlElement;
  target: XmlElement | undefined;
}

/**
 * Reads every `<segment>` of every `<unit>` (one unit held at a time). A unit with one segment gives
 * a Unit with the unit's id; several segments give `unitId#1`, `unitId#2`… in document order. An id
 * an earlier `<file>` already used gets the file's id as prefix (`fileId#unitId`): XLIFF 2.0 wants
 * ids unique only within a `<file>` (§4.3.1.24). `translate` is inherited from groups and the file;
 * notes of the unit go to each of its segments.
 *
 * Files that bend the id rule are read all the same, with a warning, as the tools that write them
 * (Angular's extractor, hand edits) and most CAT tools accept them: a unit without an id is
 * addressed as `unit-N` (its position in the document), a second unit with an id already used in
 * its `<file>` as `id~2` (see DistinctIds).
 */
export function readXliff2(loaded: LoadedXml, onSegment: (segment: Segment) => void): XmlElement {
  const fail = (message: string, at: XmlElement): never => {
    throw loaded.positions.error(message, at.start, loaded.fileName);
  };
  const earlierFiles = new Set<string>();
  const unitIds = new DistinctIds();
  const segmentIds = new DistinctIds();
  /** Ids written in the current `<file>`, with where each was first written. */
  let inFile = new Map<string, number>();
  let ordinal = 0;
  return scanLoaded(loaded, {
    open(element) {
      const name = localName(element.name);
      if (!element.parent) {
        if (name !== 'xliff') fail(`expected an <xliff> root element, found <${element.name}>`, element);
        const version = attribute(element, 'version') ?? '';
        if (!version.startsWith('2.')) fail(`XLIFF version ${version || '(none)'} is not 2.x`, element);
      }
      return name === 'unit';
    },
    close(element) {
      const name = localName(element.name);
      if (name === 'file') {
        for (const id of inFile.keys()) earlierFiles.add(id);
        inFile = new Map();
      }
      if (name !== 'unit') return;
      ordinal++;
      const written = attribute(element, 'id');
      const file = ancestor(element, 'file');
      const base =
        written === undefined
          ? `unit-${ordinal}`
          : earlierFiles.has(written)
            ? `${(file && attribute(file, 'id')) ?? 'file'}#${written}`
            : written;
      const id = unitIds.take(base);
      const first = written === undefined ? undefined : inFile.get(written);
      if (written === undefined)
        loaded.warn(`<unit> without an id; it is addressed as "${id}"`, element.start);
      else if (first !== undefined) {
        const line = loaded.positions.warning('', first).line;
        loaded.warn(
          `duplicate unit id "${written}" (first on line ${line}); this one is addressed as "${id}"`,
          element.start,
        );
      } else {
        inFile.set(written, element.start);
        if (id !== base)
          loaded.warn(`unit id "${base}" is not unique; this one is addressed as "${id}"`, element.start);
      }
      const segments = childElements(element, 'segment');
      const notes = childElements(firstChild(element, 'notes') ?? element, 'note').map(textContent);
      const translatable = inherited(element);
      segments.forEach((segment, index) => {
        const wanted = segments.length === 1 ? id : `${id}#${index + 1}`;
        const segmentId = segmentIds.take(wanted);
        if (segmentId !== wanted) {
          loaded.warn(
            `unit id "${wanted}" is not unique; this segment is addressed as "${segmentId}"`,
            segment.start,
          );
        }
        onSegment(read(loaded, segment, segmentId, notes, translatable, fail));
      });
    },
  });
}

function read(
  loaded: LoadedXml,
  segment: XmlElement,
  id: string,
  notes: string[],
  translatable: boolean,
  fail: (message: string, at: XmlElement) => never,
): Segment {
  const source = firstChild(segment, 'source') ?? fail(`segment of "${id}" has no <source>`, segment);
  const target = firstChild(segment, 'target');
  const state = attribute(segment, 'state');
  const unit: Unit = {
    id,
    source: mixedText(loaded.text, source),
    notes,
    flags: state ? [state] : [],
    translatable,
    location: loaded.positions.location(source.openEnd, source.closeStart),
  };
  if (target) unit.target = mixedText(loaded.text, target);
  return { unit, segment, source, target };
}

function ancestor(element: XmlElement, name: string): XmlElement | undefined {
  for (let p = element.parent; p; p = p.parent) if (localName(p.name) === name) return p;
  return undefined;
}

/** `translate` of the unit, else of the nearest group or file that says (XLIFF 2.0 §4.3.1.50). */
function inherited(element: XmlElement): boolean {
  for (let p: XmlElement | undefined = element; p; p = p.parent) {
    const value = attribute(p, 'translate');
    if (value !== undefined) return value !== 'no';
  }
  return true;
}
