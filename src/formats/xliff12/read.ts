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

/** Inline elements of XLIFF 1.2 (§2.4): they must stay paired in a translation. */
export const XLIFF12_INLINE: ReadonlySet<string> = new Set([
  'g',
  'x',
  'bx',
  'ex',
  'bpt',
  'ept',
  'ph',
  'it',
  'mrk',
  'sub',
]);

/** One `<trans-unit>` with the elements render needs. */
export interface TransUnit {
  unit: Unit;
  element: XmlElement;
  file: XmlElement;
  source: XmlElement;
  /** `<seg-source>`, after which a new target goes when present. */
  segSource: XmlElement | undefined;
  target: XmlElement | undefined;
}

/**
 * Reads every `<trans-unit>` of every `<file>`, handing each to `onUnit` as soon as it is complete
 * (only one trans-unit's subtree is held at a time). Ids are the trans-unit ids; an id an earlier
 * `<file>` already used gets the file's `original` as prefix (`original#id`), so ids stay unique:
 * XLIFF 1.2 wants them unique only within a `<file>`. Unit text keeps inline tags as written (see
 * xml/inline.ts).
 *
 * A trans-unit without an id, or with an id used before in its `<file>`, bends the rule but is read
 * with a warning, as CAT tools read such files: it is addressed as `unit-N` (its position in the
 * document) or `id~2` (see DistinctIds).
 */
export function readXliff12(loaded: LoadedXml, onUnit: (entry: TransUnit) => void): void {
  const fail = (message: string, at: XmlElement): never => {
    throw loaded.positions.error(message, at.start, loaded.fileName);
  };
  const earlierFiles = new Set<string>();
  const ids = new DistinctIds();
  /** Ids written in the current `<file>`, with where each was first written. */
  let inFile = new Map<string, number>();
  let fileCount = 0;
  let ordinal = 0;
  scanLoaded(loaded, {
    open(element) {
      const name = localName(element.name);
      if (!element.parent) {
        if (name !== 'xliff') fail(`expected an <xliff> root element, found <${element.name}>`, element);
        const version = attribute(element, 'version');
        if (version !== '1.2') fail(`XLIFF version ${version ?? '(none)'} is not 1.2`, element);
      }
      if (name === 'file') fileCount++;
      return name === 'trans-unit';
    },
    close(element) {
      const name = localName(element.name);
      if (name === 'file') {
        for (const id of inFile.keys()) earlierFiles.add(id);
        inFile = new Map();
      }
      if (name !== 'trans-unit') return;
      ordinal++;
      const file = ancestor(element, 'file') ?? fail('<trans-unit> outside a <file>', element);
      const written = attribute(element, 'id');
      const base =
        written === undefined
          ? `unit-${ordinal}`
          : earlierFiles.has(written)
            ? `${attribute(file, 'original') ?? `file${fileCount}`}#${written}`
            : written;
      const id = ids.take(base);
      const first = written === undefined ? undefined : inFile.get(written);
      if (written === undefined) {
        loaded.warn(`<trans-unit> without an id; it is addressed as "${id}"`, element.start);
      } else if (first !== undefined) {
        const line = loaded.positions.warning('', first).line;
        loaded.warn(
          `duplicate trans-unit id "${written}" (first on line ${line}); this one is addressed as "${id}"`,
          element.start,
        );
      } else {
        inFile.set(written, element.start);
        if (id !== base) {
          loaded.warn(
            `trans-unit id "${base}" is not unique; this one is addressed as "${id}"`,
            element.start,
          );
        }
      }
      onUnit(transUnit(loaded, file, element, id, fail));
    },
  });
}

function ancestor(element: XmlElement, name: string): XmlElement | undefined {
  for (let p = element.parent; p; p = p.parent) if (localName(p.name) === name) return p;
  return undefined;
}

/** `translate` is inherited from enclosing groups (XLIFF 1.2 §2.3.2); the nearest one says. */
function translatable(element: XmlElement): boolean {
  for (let p: XmlElement | undefined = element; p; p = p.parent) {
    const value = attribute(p, 'translate');
    if (value !== undefined) return value !== 'no';
  }
  return true;
}

function transUnit(
  loaded: LoadedXml,
  file: XmlElement,
  element: XmlElement,
  id: string,
  fail: (message: string, at: XmlElement) => never,
): TransUnit {
  const { text } = loaded;
  const source = firstChild(element, 'source') ?? fail(`trans-unit "${id}" has no <source>`, element);
  const target = firstChild(element, 'target');
  const flags: string[] = [];
  const state = target && attribute(target, 'state');
  if (state) flags.push(state);
  if (attribute(element, 'approved') === 'yes') flags.push('approved');
  const unit: Unit = {
    id,
    source: mixedText(text, source),
    notes: childElements(element, 'note').map(textContent),
    flags,
    translatable: translatable(element),
    location: loaded.positions.location(source.openEnd, source.closeStart),
  };
  if (target) unit.target = mixedText(text, target);
  const width = Number(attribute(element, 'maxwidth'));
  if (attribute(element, 'size-unit') === 'char' && Number.isInteger(width) && width > 0)
    unit.maxLength = width;
  const context = contextOf(element);
  if (context !== undefined) unit.context = context;
  return { unit, element, file, source, segSource: firstChild(element, 'seg-source'), target };
}

/** The gettext-style disambiguating context (po2xliff's `x-po-msgctxt`, the exchange's `x-context`). */
function contextOf(element: XmlElement): string | undefined {
  for (const group of childElements(element, 'context-group')) {
    for (const context of childElements(group, 'context')) {
      const type = attribute(context, 'context-type');
      if (type === 'x-po-msgctxt' || type === 'x-context') return textContent(context);
    }
  }
  return undefined;
}
