/**
 * A document of the workbench as XLIFF 1.2 for offline CAT tools (memoQ, Trados, OmegaT, Okapi),
 * and that file read back. Each segment is one `<trans-unit>`; its `extradata` carries the revision
 * it had at download and its target then (`svc-rev=3;svc-base=…`), so an upload can tell a unit
 * the translator changed from one changed in the workbench since: a unit changed on both sides is a
 * conflict the user settles, never overwritten silently.
 */
import type { MemoryMatch } from '../../../src/api/schemas/memories.ts';
import { FormatError } from '../../../src/formats/errors.ts';
import { PLURAL_RESTYPE } from '../../../src/formats/exchange.ts';
import {
  attribute,
  childElements,
  loadXml,
  localName,
  textContent,
} from '../../../src/formats/kit/xml/document.ts';
import { escapeAttribute, escapeText } from '../../../src/formats/kit/xml/entities.ts';
import type { XmlElement } from '../../../src/formats/kit/xml/nodes.ts';
import { firstIllegal } from '../../../src/formats/kit/xml/xliff-ids.ts';
import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import type { Db } from '../../store/db.ts';
import { type DocumentSegmentRow, segmentPage } from '../../store/jobs/segments.ts';
import { getMemory } from '../../store/memories.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import { queryMemory } from '../memories/matches.ts';
import type { TmCache } from '../tm-cache.ts';
import { type OwnedProject, ownedDocument } from './access.ts';
import { stageInfo } from './progress.ts';
import { type Editor, type SegmentEditor, targetCategories } from './segment-edit.ts';

/**
 * XLIFF 1.2 `state` of a segment's target (§4.3 state values): what a CAT tool shows as its status.
 * `approved="yes"` is written too for confirmed and reviewed segments (memoQ and Trados read it as
 * "confirmed"). A draft is a TM or MT fill nobody has looked at: needs-review-translation.
 */
export const XLIFF_STATES: Record<SegmentStatus, string> = {
  new: 'needs-translation',
  draft: 'needs-review-translation',
  translated: 'translated',
  confirmed: 'signed-off',
  reviewed: 'final',
};

/** Targets in these states (or `approved="yes"`) are confirmed when uploaded. */
const CONFIRMING_STATES = new Set(['signed-off', 'final']);

/** The pieces of `extradata` the workbench writes; other tools' extradata is left alone. */
const REV = /(?:^|;)svc-rev=(\d{1,15})(?:;|$)/;
const STATUS = /(?:^|;)svc-status=([a-z]+)(?:;|$)/;
const BASE = /(?:^|;)svc-base=([^;]*)/;
const SIGNED_OFF: ReadonlySet<string> = new Set(['confirmed', 'reviewed']);

const CATEGORY_ORDER: PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);
const parsePlural = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as PluralForms));

/** A problem with an uploaded file, said so the user can fix it; nothing was stored. */
export class XliffUploadError extends Error {}

export interface XliffDeps {
  db: Db;
  tm: TmCache;
  editor: SegmentEditor;
}

/** Every segment of a document, in file order. */
async function allSegments(db: Db, documentId: number): Promise<DocumentSegmentRow[]> {
  return segmentPage(db, documentId, {}, { limit: 1_000_000, offset: 0 });
}

function extradata(revision: number, status: SegmentStatus, base: string | undefined): string {
  const head = `svc-rev=${revision};svc-status=${status}`;
  return base === undefined ? head : `${head};svc-base=${encodeURIComponent(base)}`;
}

function text(value: string, what: string): string {
  const bad = firstIllegal(value);
  if (bad >= 0) {
    const code = value.codePointAt(bad)!.toString(16).toUpperCase().padStart(4, '0');
    throw new XliffUploadError(`${what} contains U+${code}, which XLIFF 1.2 (XML 1.0) cannot carry.`);
  }
  return escapeText(value, { gt: true });
}

interface UnitOut {
  id: string;
  resname: string;
  source: string;
  target: string | undefined;
  base: string | undefined;
  segment: DocumentSegmentRow;
  matches: MemoryMatch[];
  srclang: string;
  trglang: string;
  indent: string;
}

function transUnit(u: UnitOut): string {
  const s = u.segment;
  const key = `segment "${s.unit_id}"`;
  const width = s.max_length === null ? '' : ` maxwidth="${s.max_length}" size-unit="char"`;
  const approved = s.status === 'confirmed' || s.status === 'reviewed' ? ' approved="yes"' : '';
  const qualifier =
    s.status === 'draft' && (s.origin === 'tm' || s.origin === 'mt')
      ? ` state-qualifier="leveraged-${s.origin}"`
      : '';
  const state = u.target === undefined ? XLIFF_STATES.new : XLIFF_STATES[s.status];
  const i = u.indent;
  const lines = [
    `${i}<trans-unit id="${escapeAttribute(u.id)}" resname="${escapeAttribute(u.resname)}" xml:space="preserve"${width}${approved} extradata="${escapeAttribute(extradata(s.revision, s.status, u.base))}">`,
    `${i}  <source xml:lang="${u.srclang}">${text(u.source, key)}</source>`,
    `${i}  <target xml:lang="${u.trglang}" state="${state}"${qualifier}>${text(u.target ?? '', key)}</target>`,
  ];
  if (s.notes) lines.push(`${i}  <note from="developer">${text(s.notes, key)}</note>`);
  if (s.context)
    lines.push(
      `${i}  <context-group purpose="information"><context context-type="x-context">${text(s.context, key)}</context></context-group>`,
    );
  for (const m of u.matches) {
    const origin = typeof m.metadata.resource_name === 'string' ? m.metadata.resource_name : 'memory';
    lines.push(
      `${i}  <alt-trans match-quality="${Math.floor(m.score)}" origin="${escapeAttribute(`tm:${origin}`)}"><source xml:lang="${u.srclang}">${text(m.source, key)}</source><target xml:lang="${u.trglang}">${text(m.target, key)}</target></alt-trans>`,
    );
  }
  lines.push(`${i}</trans-unit>`);
  return lines.join('\n');
}

/** The XLIFF file's name: the document's base name with `.<target>.xlf`. */
function fileNameOf(owned: OwnedProject & { document: { name: string } }): string {
  const base = owned.document.name.split('/').pop() || 'document';
  return `${base}.${tag(owned.project.trglang, owned.project.trglocale)}.xlf`;
}

/**
 * The document as an XLIFF 1.2 file: one `<trans-unit>` per segment (id `s<segment id>`, resname
 * the key), its target with `state`, notes, context, `maxwidth` in characters, the project memory's
 * best matches as `<alt-trans>`; a plural unit as a `<group restype="x-gettext-plurals">` (Okapi's
 * and Translate Toolkit's convention) with one trans-unit per plural category of the target language
 * (`s<id>[one]`). Undefined when the document is not the organization's.
 */
export async function downloadXliff(
  deps: Pick<XliffDeps, 'db' | 'tm'>,
  organizationId: number,
  documentId: number,
): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
  const { db, tm } = deps;
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const { project, document } = owned;
  const srclang = tag(project.srclang, project.srclocale);
  const trglang = tag(project.trglang, project.trglocale);
  const memory = await getMemory(db, organizationId, project.memory_id);
  const categories = targetCategories(project);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file original="${escapeAttribute(document.name)}" datatype="plaintext" source-language="${srclang}" target-language="${trglang}" product-name="${escapeAttribute(owned.job.name)}">`,
    '    <header>',
    '      <tool tool-id="svc-workbench" tool-name="svc workbench"/>',
    `      <note>Upload this file back to the workbench (document “${text(document.name, 'the name')}”). Keep each unit's extradata: it tells your changes from those made in the workbench meanwhile.</note>`,
    '    </header>',
    '    <body>',
  ];
  for (const s of await allSegments(db, documentId)) {
    const sourcePlural = parsePlural(s.source_plural);
    if (!sourcePlural) {
      const matches = memory ? await queryMemory(db, tm, memory, s.source, { n: 3 }) : [];
      const target = s.target ?? undefined;
      out.push(
        transUnit({
          id: `s${s.id}`,
          resname: s.unit_id,
          source: s.source,
          target,
          base: target,
          segment: s,
          matches,
          srclang,
          trglang,
          indent: '      ',
        }),
      );
      continue;
    }
    const targetPlural = parsePlural(s.target_plural);
    out.push(
      `      <group id="g${s.id}" resname="${escapeAttribute(s.unit_id)}" restype="${PLURAL_RESTYPE}">`,
    );
    for (const c of CATEGORY_ORDER.filter((c) => categories.includes(c))) {
      const form = targetPlural?.[c] || undefined;
      out.push(
        transUnit({
          id: `s${s.id}[${c}]`,
          resname: `${s.unit_id}[${c}]`,
          source: sourcePlural[c] ?? sourcePlural.other,
          target: form,
          base: form,
          segment: s,
          matches: [],
          srclang,
          trglang,
          indent: '        ',
        }),
      );
    }
    out.push('      </group>');
  }
  out.push('    </body>', '  </file>', '</xliff>', '');
  return { fileName: fileNameOf(owned), bytes: new TextEncoder().encode(out.join('\n')) };
}

/** One unit of an uploaded file, plural forms put together. */
interface FileUnit {
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

/** A unit changed both in the workbench and in the file: the user picks. */
export interface XliffConflict {
  segmentId: number;
  key: string;
  source: string | PluralForms;
  /** The target when the file was downloaded (null: there was none; undefined: unknown). */
  original: string | PluralForms | null | undefined;
  workbench: string | PluralForms | null;
  file: string | PluralForms;
  /** The segment's revision now: taking the file's text is refused if it moves again. */
  revision: number;
  confirm: boolean;
}

export interface XliffUploadResult {
  documentId: number;
  documentName: string;
  units: number;
  unchanged: number;
  saved: number;
  confirmed: number;
  /** Units the editor's rules refused (plural forms missing for a confirmation…), with why. */
  refused: { key: string; reason: string }[];
  conflicts: XliffConflict[];
}

const sameForms = (a: PluralForms | undefined, b: PluralForms | undefined, categories: PluralCategory[]) =>
  categories.every((c) => (a?.[c] ?? '') === (b?.[c] ?? ''));

/** Two texts (or plural forms over the target's categories) equal; null and '' both mean none. */
function same(
  a: string | PluralForms | null | undefined,
  b: string | PluralForms | null | undefined,
  categories: PluralCategory[],
): boolean {
  if (typeof a === 'object' && a !== null)
    return sameForms(a, typeof b === 'object' ? (b ?? undefined) : undefined, categories);
  if (typeof b === 'object' && b !== null) return sameForms(undefined, b, categories);
  return (a ?? '') === (b ?? '');
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
 * Reads an uploaded file against the document's segments; throws XliffUploadError naming the
 * problem (not XLIFF 1.2, another document's units, other languages) before anything is stored.
 */
function readUpload(
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
      throw new XliffUploadError(
        `“${fileName}” is not an XLIFF file: it is not well-formed XML (${err.message}).`,
      );
    throw err;
  }
  const root = loaded.doc.root;
  if (localName(root.name) !== 'xliff')
    throw new XliffUploadError(
      `“${fileName}” is not an XLIFF file: its root element is <${root.name}>, not <xliff>.`,
    );
  if (attribute(root, 'version') !== '1.2')
    throw new XliffUploadError(
      `“${fileName}” is XLIFF ${attribute(root, 'version') ?? 'of no version'}; the workbench reads XLIFF 1.2, as it downloads it.`,
    );
  const files = childElements(root, 'file');
  if (files.length !== 1)
    throw new XliffUploadError(
      `“${fileName}” holds ${files.length} <file> elements; upload the file of one document, as downloaded.`,
    );
  const file = files[0]!;
  const { project } = owned;
  const src = tag(project.srclang, project.srclocale);
  const trg = tag(project.trglang, project.trglocale);
  const fileSrc = attribute(file, 'source-language');
  const fileTrg = attribute(file, 'target-language');
  if (normTag(fileSrc) !== normTag(src) || normTag(fileTrg) !== normTag(trg))
    throw new XliffUploadError(
      `“${fileName}” is ${fileSrc ?? '(no source language)'} → ${fileTrg ?? '(no target language)'}, but this document is ${src} → ${trg}.`,
    );
  const categories = targetCategories(project);
  const units = new Map<number, FileUnit>();
  for (const tu of transUnitsOf(file)) {
    const id = attribute(tu, 'id') ?? '';
    const match = /^s(\d{1,15})(?:\[(zero|one|two|few|many|other)\])?$/.exec(id);
    const segment = match ? segments.get(Number(match[1])) : undefined;
    if (!match || !segment)
      throw new XliffUploadError(
        `Unit “${attribute(tu, 'resname') ?? id}” (id ${id || 'missing'}) is not a segment of “${owned.document.name}”: this file belongs to another document, or its ids were changed.`,
      );
    const category = match[2] as PluralCategory | undefined;
    if (
      (segment.source_plural !== null) !== (category !== undefined) ||
      (category && !categories.includes(category))
    )
      throw new XliffUploadError(
        `Unit “${segment.unit_id}” (id ${id}) does not match the segment: its plural forms are not those of ${trg}.`,
      );
    const target = childElements(tu, 'target')[0];
    const value = target ? targetText(target) : '';
    const extra = attribute(tu, 'extradata') ?? '';
    const rev = REV.exec(extra);
    const status = STATUS.exec(extra)?.[1];
    const base = BASE.exec(extra);
    const baseText = rev ? (base ? safeDecode(base[1]!) : null) : undefined;
    const confirm =
      attribute(tu, 'approved') === 'yes' ||
      (target !== undefined && CONFIRMING_STATES.has(attribute(target, 'state') ?? ''));
    const unit = units.get(segment.id) ?? {
      segmentId: segment.id,
      target: undefined,
      revision: rev ? Number(rev[1]) : undefined,
      base: category ? (rev ? ({} as PluralForms) : undefined) : baseText,
      confirm: true,
      signedOffAtDownload: status === undefined ? undefined : SIGNED_OFF.has(status),
    };
    unit.confirm &&= confirm;
    if (rev === null) unit.revision = undefined;
    if (!category) {
      unit.target = value === '' ? undefined : value;
    } else {
      const forms = (unit.target ?? {}) as Record<string, string>;
      if (value !== '') forms[category] = value;
      if (Object.keys(forms).length > 0) unit.target = forms as PluralForms;
      if (typeof unit.base === 'object' && unit.base !== null && baseText)
        (unit.base as Record<string, string>)[category] = baseText;
    }
    units.set(segment.id, unit);
  }
  if (units.size === 0)
    throw new XliffUploadError(`“${fileName}” holds no unit of “${owned.document.name}”.`);
  return [...units.values()];
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

const asEdit = (target: string | PluralForms) =>
  typeof target === 'string' ? { target } : { targetPlural: target };

const REFUSALS: Record<string, string> = {
  empty: 'saved but not confirmed: every plural form needs a translation first',
  invalid: 'the unit does not match the segment (plural forms of a plain text, or the reverse)',
  'not-found': 'the segment no longer exists',
};

/**
 * Saves an uploaded file's translations through the segment editor's rules. A unit is:
 * - unchanged: the file holds no translation, the workbench's text, or the text at download;
 * - saved: the file changed it and the workbench did not (the save is conditional on the revision);
 * - a conflict: both changed it, or the file lost its extradata and differs — nothing is saved and
 *   the user picks (resolveConflicts).
 * Undefined when the document is not the organization's; `locked` when it is read-only; throws
 * XliffUploadError for a file that is not this document's, before anything is stored.
 */
export async function uploadXliff(
  deps: XliffDeps,
  editor: Editor,
  documentId: number,
  upload: { fileName: string; bytes: Uint8Array },
): Promise<XliffUploadResult | 'locked' | undefined> {
  const { db } = deps;
  const owned = await ownedDocument(db, editor.organizationId, documentId);
  if (!owned) return undefined;
  if (owned.job.status !== 'active' || stageInfo(owned.template, owned.project.stage).isLast) return 'locked';
  const rows = await allSegments(db, documentId);
  const segments = new Map(rows.map((r) => [r.id, r]));
  const units = readUpload(upload.bytes, upload.fileName, owned, segments);
  const categories = targetCategories(owned.project);
  const result: XliffUploadResult = {
    documentId,
    documentName: owned.document.name,
    units: units.length,
    unchanged: 0,
    saved: 0,
    confirmed: 0,
    refused: [],
    conflicts: [],
  };
  for (const unit of units) {
    const segment = segments.get(unit.segmentId)!;
    const current = segment.source_plural ? (parsePlural(segment.target_plural) ?? null) : segment.target;
    const { target } = unit;
    if (target === undefined) {
      result.unchanged++;
      continue;
    }
    const conflict = (now: DocumentSegmentRow): XliffConflict => ({
      segmentId: now.id,
      key: now.unit_id,
      source: parsePlural(now.source_plural) ?? now.source,
      original: unit.base,
      workbench: now.source_plural ? (parsePlural(now.target_plural) ?? null) : now.target,
      file: target,
      revision: now.revision,
      confirm: unit.confirm,
    });
    const save = { ...unit, key: segment.unit_id, target, revision: segment.revision };
    if (same(target, current, categories)) {
      // Confirmed in the CAT tool without an edit (a TM or MT draft accepted as it is).
      const confirmsNow =
        unit.confirm && unit.signedOffAtDownload === false && !SIGNED_OFF.has(segment.status);
      if (!confirmsNow) result.unchanged++;
      else if (unit.revision === segment.revision)
        await saveUnit(deps, editor, documentId, save, result, conflict);
      else
        result.refused.push({
          key: segment.unit_id,
          reason: 'not confirmed: it was changed in the workbench after your download; confirm it there',
        });
      continue;
    }
    if (unit.base !== undefined && same(target, unit.base, categories)) {
      // The file kept the text of the download: the workbench's newer text stays.
      result.unchanged++;
      continue;
    }
    if (unit.revision !== segment.revision) {
      result.conflicts.push(conflict(segment));
      continue;
    }
    await saveUnit(deps, editor, documentId, save, result, conflict);
  }
  return result;
}

async function saveUnit(
  deps: XliffDeps,
  editor: Editor,
  documentId: number,
  unit: { segmentId: number; key: string; target: string | PluralForms; revision: number; confirm: boolean },
  result: XliffUploadResult,
  conflict: (now: DocumentSegmentRow) => XliffConflict,
): Promise<void> {
  const save = (confirm: boolean) =>
    deps.editor.save(editor, documentId, unit.segmentId, asEdit(unit.target), confirm, {
      revision: unit.revision,
    });
  let saved = await save(unit.confirm);
  let refusal: string | undefined;
  if (!saved.ok && saved.reason === 'empty') {
    refusal = REFUSALS.empty;
    saved = await save(false);
  }
  if (saved.ok) {
    if (refusal) result.refused.push({ key: unit.key, reason: refusal });
    if (unit.confirm && !refusal) result.confirmed++;
    else result.saved++;
    return;
  }
  if (saved.reason === 'conflict') result.conflicts.push(conflict(saved.current));
  else
    result.refused.push({
      key: unit.key,
      reason:
        saved.reason === 'locked'
          ? 'the document became read-only'
          : (REFUSALS[saved.reason] ?? saved.reason),
    });
}

/** The user's choice for one conflict: the file's text is saved only if the segment is still at `revision`. */
export interface ConflictChoice {
  segmentId: number;
  take: 'workbench' | 'file';
  file: string | PluralForms;
  revision: number;
  confirm: boolean;
  /** The target at download, as the conflict showed it (shown again if the segment moved meanwhile). */
  original: string | PluralForms | null | undefined;
}

/**
 * Settles conflicts: "workbench" keeps the segment as it is, "file" saves the file's text through
 * the editor (a segment that moved again since the conflict was shown is a conflict again).
 */
export async function resolveConflicts(
  deps: XliffDeps,
  editor: Editor,
  documentId: number,
  choices: ConflictChoice[],
): Promise<XliffUploadResult | 'locked' | undefined> {
  const { db } = deps;
  const owned = await ownedDocument(db, editor.organizationId, documentId);
  if (!owned) return undefined;
  if (owned.job.status !== 'active' || stageInfo(owned.template, owned.project.stage).isLast) return 'locked';
  const segments = new Map((await allSegments(db, documentId)).map((r) => [r.id, r]));
  const result: XliffUploadResult = {
    documentId,
    documentName: owned.document.name,
    units: choices.length,
    unchanged: 0,
    saved: 0,
    confirmed: 0,
    refused: [],
    conflicts: [],
  };
  for (const choice of choices) {
    const segment = segments.get(choice.segmentId);
    if (!segment) {
      result.refused.push({ key: `#${choice.segmentId}`, reason: REFUSALS['not-found']! });
      continue;
    }
    if (choice.take === 'workbench') {
      result.unchanged++;
      continue;
    }
    const conflict = (now: DocumentSegmentRow): XliffConflict => ({
      segmentId: now.id,
      key: now.unit_id,
      source: parsePlural(now.source_plural) ?? now.source,
      original: choice.original,
      workbench: now.source_plural ? (parsePlural(now.target_plural) ?? null) : now.target,
      file: choice.file,
      revision: now.revision,
      confirm: choice.confirm,
    });
    const save = { ...choice, key: segment.unit_id, target: choice.file };
    await saveUnit(deps, editor, documentId, save, result, conflict);
  }
  return result;
}
