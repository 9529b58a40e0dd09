/**
 * An uploaded XLIFF file saved through the segment editor's rules, three ways: against the
 * workbench now, the file, and the text at download. Conflicts go back to the user, who settles
 * them per unit (resolveConflicts); nothing is overwritten silently.
 */
import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import { type DocumentSegmentRow, documentSegments } from '../../store/jobs/segments.ts';
import { ownedDocument } from './access.ts';
import { placeholderIssues } from './document-view.ts';
import { type Editor, isLocked, targetCategories } from './segment-edit.ts';
import { parsePlural, SIGNED_OFF, type XliffDeps } from './xliff-exchange.ts';
import { readUpload } from './xliff-read.ts';

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
  /** QA of what was saved (placeholders lost or added), as the editor shows it. */
  warnings: { key: string; message: string }[];
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

const asEdit = (target: string | PluralForms) =>
  typeof target === 'string' ? { target } : { targetPlural: target };

const REFUSALS: Record<string, string> = {
  empty: 'saved but not confirmed: every plural form needs a translation first',
  invalid: 'the unit does not match the segment (plural forms of a plain text, or the reverse)',
  'not-found': 'the segment no longer exists',
};

/** A result that counts `units` and says nothing of them yet. */
function emptyResult(documentId: number, documentName: string, units: number): XliffUploadResult {
  return {
    documentId,
    documentName,
    units,
    unchanged: 0,
    saved: 0,
    confirmed: 0,
    refused: [],
    warnings: [],
    conflicts: [],
  };
}

/**
 * Saves an uploaded file's translations through the segment editor's rules. A unit is:
 * - unchanged: the file holds no translation, the workbench's text, or the text at download;
 * - saved: the file changed it and the workbench did not (the save is conditional on the revision);
 * - a conflict: both changed it, or the file lost its extradata and differs — nothing is saved and
 *   the user picks (resolveConflicts).
 * Undefined when the document is not the organization's; `locked` when it is read-only; throws
 * XliffError for a file that is not this document's, before anything is stored.
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
  if (isLocked(owned)) return 'locked';
  const rows = await documentSegments(db, documentId);
  const segments = new Map(rows.map((r) => [r.id, r]));
  const units = readUpload(upload.bytes, upload.fileName, owned, segments);
  const categories = targetCategories(owned.project);
  const result = emptyResult(documentId, owned.document.name, units.length);
  const pending: Pending[] = [];
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
    const save: Pending = {
      key: segment.unit_id,
      segment,
      target,
      revision: segment.revision,
      confirm: unit.confirm,
      conflict,
    };
    if (same(target, current, categories)) {
      // Confirmed in the CAT tool without an edit (a TM or MT draft accepted as it is).
      const confirmsNow =
        unit.confirm && unit.signedOffAtDownload === false && !SIGNED_OFF.has(segment.status);
      if (!confirmsNow) result.unchanged++;
      else if (unit.revision === segment.revision) pending.push(save);
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
    pending.push(save);
  }
  await saveAll(deps, editor, documentId, categories, pending, result);
  return result;
}

/** A unit to save, with what to show if it turns out to be a conflict. */
interface Pending {
  key: string;
  segment: DocumentSegmentRow;
  target: string | PluralForms;
  revision: number;
  confirm: boolean;
  conflict: (now: DocumentSegmentRow) => XliffConflict;
}

/**
 * Saves the units through the segment editor (saveMany: one transaction, each write conditional
 * on its revision), counting them into `result`. A confirmation that lacks plural forms is saved
 * unconfirmed, and the result says so.
 */
async function saveAll(
  deps: XliffDeps,
  editor: Editor,
  documentId: number,
  categories: PluralCategory[],
  pending: Pending[],
  result: XliffUploadResult,
): Promise<void> {
  if (pending.length === 0) return;
  const incomplete = pending.map(
    (p) => p.confirm && typeof p.target !== 'string' && categories.some((c) => !(p.target as PluralForms)[c]),
  );
  const results = await deps.editor.saveMany(
    editor,
    documentId,
    pending.map((p, i) => ({
      segmentId: p.segment.id,
      edit: asEdit(p.target),
      confirm: p.confirm && !incomplete[i],
      revision: p.revision,
    })),
  );
  pending.forEach((p, i) => {
    const saved = results?.[i] ?? ({ ok: false, reason: 'not-found' } as const);
    if (saved.ok) {
      if (incomplete[i]) result.refused.push({ key: p.key, reason: REFUSALS.empty! });
      if (p.confirm && !incomplete[i]) result.confirmed++;
      else result.saved++;
      const text = typeof p.target === 'string' ? p.target : null;
      const forms = typeof p.target === 'string' ? undefined : p.target;
      for (const issue of placeholderIssues(
        p.segment.source,
        parsePlural(p.segment.source_plural),
        text,
        forms,
      ))
        result.warnings.push({ key: p.key, message: issue.message });
    } else if (saved.reason === 'conflict') result.conflicts.push(p.conflict(saved.current));
    else
      result.refused.push({
        key: p.key,
        reason:
          saved.reason === 'locked'
            ? 'the document became read-only'
            : (REFUSALS[saved.reason] ?? saved.reason),
      });
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
  if (isLocked(owned)) return 'locked';
  const segments = new Map((await documentSegments(db, documentId)).map((r) => [r.id, r]));
  const result = emptyResult(documentId, owned.document.name, choices.length);
  const pending: Pending[] = [];
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
    pending.push({
      key: segment.unit_id,
      segment,
      target: choice.file,
      revision: choice.revision,
      confirm: choice.confirm,
      conflict,
    });
  }
  await saveAll(deps, editor, documentId, targetCategories(owned.project), pending, result);
  return result;
}
