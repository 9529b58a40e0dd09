/**
 * An uploaded XLIFF 1.2 file read against a document's segments: its units by segment (plural
 * forms put together), with what the download marked in each. Anything that is not the
 * document's file is refused here, before the upload stores anything.
 */
import { FormatError } from '../../../src/formats/errors.ts';
import {
  attribute,
  childElements,
  loadXml,
  localName,
  textContent,
} from '../../../src/formats/kit/xml/document.ts';
import type { XmlElement } from '../../../src/formats/kit/xml/nodes.ts';
import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import type { DocumentSegmentRow } from '../../store/jobs/segments.ts';
import type { OwnedProject } from './access.ts';
import { targetCategories } from './segment-edit.ts';
import { CONFIRMING_STATES, readExtradata, SIGNED_OFF, tag, XliffError } from './xliff-exchange.ts';

/** One unit of an uploaded file, plural forms put together. */
export interface FileUnit {
  segmentId: number;
  /** The file's translation; undefined when its targets are empty (nothing to take). */
  target: string | PluralForms | undefined;
  /** The revision and target at download, from extradata; undefined when a tool dropped it. */
  revision: number | undefined;
  base: string | PluralForms | null | undefined;
  /** Marked signed-off, final or approved in the file (every form of a plural unit). */
  confirm: boolean;
  /** Whether the segment was confirmed or reviewed at download (undefined: not known). */
  signedOffAtDownload: boolean | undefined;
}

/** The target's text: inline tags of a CAT tool (`<g>`, `<mrk>`) are transparent, codes keep their data. */
function targetText(element: XmlElement): string {
  let out = '';
  for (const child of element.children) {
    if (child.kind === 'text' || child.kind === 'cdata') out += child.value;
    else if (child.kind === 'element') {
      const name = localName(child.name);
      if (name === 'g' || name === 'mrk') out += targetText(child);
      else out += textContent(child);
    }
  }
  return out;
}

function transUnitsOf(element: XmlElement, into: XmlElement[] = []): XmlElement[] {
  for (const child of element.children) {
    if (child.kind !== 'element') continue;
    if (localName(child.name) === 'trans-unit') into.push(child);
    else if (localName(child.name) !== 'alt-trans') transUnitsOf(child, into);
  }
  return into;
}

const normTag = (value: string | undefined) => (value ?? '').replace(/_/g, '-').toLowerCase();

/**
 * Reads an uploaded file against the document's segments; throws XliffError naming the
 * problem (not XLIFF 1.2, another document's units, other languages) before anything is stored.
 */
export function readUpload(
  bytes: Uint8Array,
  fileName: string,
  owned: OwnedProject & { document: { id: number; name: string } },
  segments: Map<number, DocumentSegmentRow>,
): FileUnit[] {
  let loaded: ReturnType<typeof loadXml>;
  try {
    loaded = loadXml(bytes, { fileName });
  } catch (err) {
    if (err instanceof FormatError)
      throw new XliffError(`“${fileName}” is not an XLIFF file: it is not well-formed XML (${err.message}).`);
    throw err;
  }
  const root = loaded.doc.root;
  if (localName(root.name) !== 'xliff')
    throw new XliffError(
      `“${fileName}” is not an XLIFF file: its root element is <${root.name}>, not <xliff>.`,
    );
  if (attribute(root, 'version') !== '1.2')
    throw new XliffError(
      `“${fileName}” is XLIFF ${attribute(root, 'version') ?? 'of no version'}; the workbench reads XLIFF 1.2, as it downloads it.`,
    );
  const files = childElements(root, 'file');
  if (files.length !== 1)
    throw new XliffError(
      `“${fileName}” holds ${files.length} <file> elements; upload the file of one document, as downloaded.`,
    );
  const file = files[0]!;
  const { project } = owned;
  const src = tag(project.srclang, project.srclocale);
  const trg = tag(project.trglang, project.trglocale);
  const fileSrc = attribute(file, 'source-language');
  const fileTrg = attribute(file, 'target-language');
  if (normTag(fileSrc) !== normTag(src) || normTag(fileTrg) !== normTag(trg))
    throw new XliffError(
      `“${fileName}” is ${fileSrc ?? '(no source language)'} → ${fileTrg ?? '(no target language)'}, but this document is ${src} → ${trg}.`,
    );
  const categories = targetCategories(project);
  const units = new Map<number, FileUnit>();
  for (const tu of transUnitsOf(file)) {
    const id = attribute(tu, 'id') ?? '';
    const match = /^s(\d{1,15})(?:\[(zero|one|two|few|many|other)\])?$/.exec(id);
    const segment = match ? segments.get(Number(match[1])) : undefined;
    if (!match || !segment)
      throw new XliffError(
        `Unit “${attribute(tu, 'resname') ?? id}” (id ${id || 'missing'}) is not a segment of “${owned.document.name}”: this file belongs to another document, or its ids were changed.`,
      );
    const category = match[2] as PluralCategory | undefined;
    if (
      (segment.source_plural !== null) !== (category !== undefined) ||
      (category && !categories.includes(category))
    )
      throw new XliffError(
        `Unit “${segment.unit_id}” (id ${id}) does not match the segment: its plural forms are not those of ${trg}.`,
      );
    const target = childElements(tu, 'target')[0];
    const value = target ? targetText(target) : '';
    const mark = readExtradata(attribute(tu, 'extradata') ?? '');
    const confirm =
      attribute(tu, 'approved') === 'yes' ||
      (target !== undefined && CONFIRMING_STATES.has(attribute(target, 'state') ?? ''));
    const unit = units.get(segment.id) ?? {
      segmentId: segment.id,
      target: undefined,
      revision: mark?.revision,
      base: category ? (mark ? ({} as PluralForms) : undefined) : mark?.base,
      confirm: true,
      signedOffAtDownload: mark?.status === undefined ? undefined : SIGNED_OFF.has(mark.status),
    };
    unit.confirm &&= confirm;
    if (!mark) unit.revision = undefined;
    if (!category) {
      unit.target = value === '' ? undefined : value;
    } else {
      const forms = (unit.target ?? {}) as Record<string, string>;
      if (value !== '') forms[category] = value;
      if (Object.keys(forms).length > 0) unit.target = forms as PluralForms;
      if (mark?.base === undefined) unit.base = undefined;
      else if (typeof unit.base === 'object' && unit.base !== null && mark.base !== null)
        (unit.base as Record<string, string>)[category] = mark.base;
    }
    units.set(segment.id, unit);
  }
  if (units.size === 0) throw new XliffError(`“${fileName}” holds no unit of “${owned.document.name}”.`);
  return [...units.values()];
}
