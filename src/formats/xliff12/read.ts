import type { Unit } from '../model.ts';
import {
  attribute,
  childElements,
  firstChild,
  type LoadedXml,
  localName,
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
 * Reads every `<trans-unit>` of every `<file>`. Ids are the trans-unit ids; an id used in more than
 * one `<file>` gets the file's `original` as prefix (`original#id`) so ids stay unique.
 * Unit text keeps inline tags as written (see xml/inline.ts).
 */
export function readXliff12(loaded: LoadedXml): TransUnit[] {
  const { doc, positions, fileName } = loaded;
  const fail = (message: string, at: XmlElement): never => {
    throw positions.error(message, at.start, fileName);
  };
  if (localName(doc.root.name) !== 'xliff')
    fail(`expected an <xliff> root element, found <${doc.root.name}>`, doc.root);
  const version = attribute(doc.root, 'version');
  if (version !== '1.2') fail(`XLIFF version ${version ?? '(none)'} is not 1.2`, doc.root);
  const files = childElements(doc.root, 'file');
  const perFile = files.map((file) => {
    const found: TransUnit[] = [];
    for (const body of childElements(file, 'body')) collect(loaded, file, body, true, found, fail);
    return found;
  });
  // How many <file> elements use each id: only ids shared between files get a prefix.
  const filesUsing = new Map<string, number>();
  for (const units of perFile) {
    const ids = new Set<string>();
    for (const { unit, element } of units) {
      if (ids.has(unit.id)) fail(`duplicate trans-unit id "${unit.id}"`, element);
      ids.add(unit.id);
      filesUsing.set(unit.id, (filesUsing.get(unit.id) ?? 0) + 1);
    }
  }
  const all: TransUnit[] = [];
  const unique = new Set<string>();
  perFile.forEach((units, index) => {
    const file = files[index]!;
    for (const entry of units) {
      if ((filesUsing.get(entry.unit.id) ?? 0) > 1)
        entry.unit.id = `${attribute(file, 'original') ?? `file${index + 1}`}#${entry.unit.id}`;
      if (unique.has(entry.unit.id))
        fail(`trans-unit id "${entry.unit.id}" is not unique across files`, entry.element);
      unique.add(entry.unit.id);
      all.push(entry);
    }
  });
  return all;
}

function collect(
  loaded: LoadedXml,
  file: XmlElement,
  parent: XmlElement,
  translate: boolean,
  into: TransUnit[],
  fail: (message: string, at: XmlElement) => never,
): void {
  for (const element of childElements(parent)) {
    const name = localName(element.name);
    const own = attribute(element, 'translate');
    const translatable = own === undefined ? translate : own !== 'no';
    if (name === 'group') collect(loaded, file, element, translatable, into, fail);
    if (name === 'trans-unit') into.push(transUnit(loaded, file, element, translatable, fail));
  }
}

function transUnit(
  loaded: LoadedXml,
  file: XmlElement,
  element: XmlElement,
  translatable: boolean,
  fail: (message: string, at: XmlElement) => never,
): TransUnit {
  const { text } = loaded.doc;
  const id = attribute(element, 'id') ?? fail('<trans-unit> without an id', element);
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
    translatable,
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
