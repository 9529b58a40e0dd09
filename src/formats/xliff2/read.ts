import { DistinctIds } from '../distinct-ids.ts';
import {
  attribute,
  childElements,
  firstChild,
  type LoadedXml,
  localName,
  scanLoaded,
  textContent,
} from '../kit/xml/document.ts';
import { mixedText } from '../kit/xml/inline.ts';
import type { XmlElement } from '../kit/xml/nodes.ts';
import {
  ancestor,
  DocumentUnitIds,
  translatable as inheritedTranslate,
  sameLanguage,
} from '../kit/xml/xliff-units.ts';
import type { Unit } from '../model.ts';

/** Inline elements of XLIFF 2.0 (§4.2.2): they must stay paired in a translation. */
export const XLIFF2_INLINE: ReadonlySet<string> = new Set(['pc', 'ph', 'sc', 'ec', 'mrk', 'sm', 'em', 'cp']);

/** One `<segment>` of a `<unit>`, with the elements render needs. */
export interface Segment {
  unit: Unit;
  segment: XmlElement;
  source: XmlElement;
  target: XmlElement | undefined;
  /** The element the unit's source text was read from: `<target>` where it holds the text (keys as source). */
  text: XmlElement;
}

/**
 * Keys as source (Symfony's XLIFF 2 files): where the root's `trgLang` is its `srcLang`, a
 * segment's source text is its non-empty `<target>` (Symfony's XliffFileLoader shows
 * `target ?? source`), and the `<source>` stays the key (see xliff12/read.ts).
 *
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
  const unitIds = new DocumentUnitIds(loaded, 'unit');
  const segmentIds = new DistinctIds();
  let codepoints: boolean | undefined;
  const countsCodepoints = () =>
    (codepoints ??= /generalProfile\s*=\s*["']xliff:codepoints["']/.test(loaded.text));
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
      if (name === 'file') unitIds.endFile();
      if (name !== 'unit') return;
      const file = ancestor(element, 'file');
      const id = unitIds.take(element, () => (file && attribute(file, 'id')) ?? 'file');
      const segments = childElements(element, 'segment');
      const notes = childElements(firstChild(element, 'notes') ?? element, 'note').map(textContent);
      const translatable = inheritedTranslate(element);
      const maxLength = sizeRestriction(element, countsCodepoints);
      const root = ancestor(element, 'xliff');
      const keysAsSource =
        root !== undefined && sameLanguage(attribute(root, 'srcLang'), attribute(root, 'trgLang'));
      segments.forEach((segment, index) => {
        const wanted = segments.length === 1 ? id : `${id}#${index + 1}`;
        const segmentId = segmentIds.take(wanted);
        if (segmentId !== wanted) {
          loaded.warn(
            `unit id "${wanted}" is not unique; this segment is addressed as "${segmentId}"`,
            segment.start,
          );
        }
        const out = read(loaded, segment, segmentId, notes, translatable, keysAsSource, fail);
        if (maxLength !== undefined) out.unit.maxLength = maxLength;
        onSegment(out);
      });
    },
  });
}

/**
 * The Size and Length Restriction module's `slr:sizeRestriction` on a `<unit>`: a limit in
 * characters when the file's profile counts code points (`generalProfile="xliff:codepoints"`,
 * https://docs.oasis-open.org/xliff/xliff-core/v2.1/os/xliff-core-v2.1-os.html#slr_module).
 */
function sizeRestriction(unit: XmlElement, countsCodepoints: () => boolean): number | undefined {
  const value = unit.attributes.find((a) => localName(a.name) === 'sizeRestriction' && a.name.includes(':'));
  if (!value || !countsCodepoints()) return undefined;
  const limit = Number(value.value);
  return Number.isInteger(limit) && limit > 0 ? limit : undefined;
}

function read(
  loaded: LoadedXml,
  segment: XmlElement,
  id: string,
  notes: string[],
  translatable: boolean,
  keysAsSource: boolean,
  fail: (message: string, at: XmlElement) => never,
): Segment {
  const source = firstChild(segment, 'source') ?? fail(`segment of "${id}" has no <source>`, segment);
  const target = firstChild(segment, 'target');
  const text = keysAsSource && target && mixedText(loaded.text, target) !== '' ? target : source;
  const state = attribute(segment, 'state');
  const unit: Unit = {
    id,
    source: mixedText(loaded.text, text),
    notes,
    flags: state ? [state] : [],
    translatable,
    location: loaded.positions.location(text.openEnd, text.closeStart),
  };
  if (target) unit.target = mixedText(loaded.text, target);
  return { unit, segment, source, target, text };
}
