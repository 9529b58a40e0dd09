import { hash } from 'node:crypto';
import type { PluralForms } from '../../../src/formats/model.ts';
import type { UnitIssue } from '../../../src/qa/types.ts';
import type { Db } from '../../store/db.ts';
import {
  getReplacement,
  insertReplacement,
  markUndone,
  type ReplacementRow,
  type SegmentState,
  segmentsByIds,
  segmentsOfDocuments,
  updateSegmentIfUnchanged,
} from '../../store/jobs/replacements.ts';
import type { DocumentSegmentRow } from '../../store/jobs/segments.ts';
import { type DocumentRow, type OwnedProject, ownedDocument } from './access.ts';
import { PAGE_SIZE as EDITOR_PAGE_SIZE } from './document-view.ts';
import { evaluate, type FindCriteria, textsOf } from './find.ts';
import { stageInfo } from './progress.ts';
import { segmentIssues } from './qa-memo.ts';
import { type Editor, isLocked, statusAfterEdit } from './segment-edit.ts';
import { compileQuery, type Range, RegexTimeoutError, replaceAll, withinBudget } from './text-match.ts';

/**
 * Search and replace in a document's translations: a preview of every change with placeholder QA
 * on the result, an atomic apply that skips segments changed since the preview, and one undo for
 * the whole replace.
 */

/** Changes one replace makes at most; a larger one is applied in rounds (preview again for the rest). */
export const MAX_CHANGES = 5000;

/** One text of a change: before and after, with the replaced and the inserted stretches. */
export interface ChangedText {
  category: string | undefined;
  before: string;
  beforeRanges: Range[];
  after: string;
  afterRanges: Range[];
}

export interface PreviewChange {
  id: number;
  unitId: string;
  number: number;
  /** The editor page the segment is on (unfiltered). */
  editorPage: number;
  status: DocumentSegmentRow['status'];
  /** The segment as the preview saw it: apply refuses the change once this differs. */
  version: string;
  texts: ChangedText[];
  issuesBefore: UnitIssue[];
  issuesAfter: UnitIssue[];
  /** The result has a placeholder problem the current target does not: left out unless ticked. */
  flagged: boolean;
}

export interface Preview extends OwnedProject {
  document: DocumentRow;
  locked: boolean;
  changes: PreviewChange[];
  /** Further changes beyond MAX_CHANGES, for a later round. */
  more: number;
}

type Owned = OwnedProject & { document: DocumentRow };

/** The editor page a segment is on (unfiltered). */
const pageOf = (row: { position: number }) => Math.floor(row.position / EDITOR_PAGE_SIZE) + 1;

/** A fingerprint of what a segment holds (text, status, last change): any edit changes it. */
export function versionOf(row: SegmentState): string {
  const state = JSON.stringify([row.target, row.target_plural, row.status, row.updated_at]);
  return hash('sha256', state, 'base64url').slice(0, 16);
}

/** Replace works on translations: the text filter is matched against targets only. */
function onTargets(criteria: FindCriteria): FindCriteria | { problem: string } {
  if (!criteria.text) return { problem: 'Type the text to replace in “Find”.' };
  if (criteria.text.scope === 'source')
    return {
      problem:
        'Replace changes translations, never the source: search in “Target” or “Source and target” to replace.',
    };
  return { ...criteria, text: { ...criteria.text, scope: 'target' } };
}

const issueKeys = (issues: UnitIssue[]) => issues.map((i) => `${i.rule}\u0000${i.message}`);

/** Whether `after` has a placeholder issue `before` does not (counted, so a second copy counts). */
function introducesIssue(before: UnitIssue[], after: UnitIssue[]): boolean {
  const left = issueKeys(before);
  for (const key of issueKeys(after)) {
    const i = left.indexOf(key);
    if (i < 0) return true;
    left.splice(i, 1);
  }
  return false;
}

/** The segment's target after the replace (text, or every plural form), or undefined when nothing changes. */
function replaced(
  row: DocumentSegmentRow,
  regex: RegExp,
  replacement: string,
  mode: 'plain' | 'regex',
): { target: string | null; targetPlural: string | null; texts: ChangedText[] } | undefined {
  const { target: forms, targetPlural } = textsOf(row);
  const texts: ChangedText[] = [];
  let changed = false;
  for (const form of forms) {
    const out = replaceAll(regex, form.text, replacement, mode);
    const after = out?.text ?? form.text;
    if (after !== form.text) changed = true;
    texts.push({
      category: form.category,
      before: form.text,
      beforeRanges: out?.matched ?? [],
      after,
      afterRanges: out?.ranges ?? [],
    });
  }
  if (!changed) return undefined;
  if (targetPlural) {
    const next = Object.fromEntries(texts.map((t) => [t.category, t.after])) as PluralForms;
    // Emptied forms stay as empty strings, as the editor stores a partly filled plural.
    const filled = Object.values(next).some((v) => v !== '');
    return { target: null, targetPlural: filled ? JSON.stringify(next) : null, texts };
  }
  const text = texts[0]!.after;
  return { target: text === '' ? null : text, targetPlural: null, texts };
}

/** The change a replace makes to one segment, with QA before and after. */
function changeOf(
  row: DocumentSegmentRow,
  number: number,
  next: NonNullable<ReturnType<typeof replaced>>,
  issuesBefore = segmentIssues(row),
): PreviewChange & { target: string | null; targetPlural: string | null } {
  const issuesAfter = segmentIssues({ ...row, target: next.target, target_plural: next.targetPlural });
  return {
    id: row.id,
    unitId: row.unit_id,
    number,
    editorPage: Math.floor((number - 1) / EDITOR_PAGE_SIZE) + 1,
    status: row.status,
    version: versionOf(row),
    texts: next.texts,
    issuesBefore,
    issuesAfter,
    flagged: introducesIssue(issuesBefore, issuesAfter),
    target: next.target,
    targetPlural: next.targetPlural,
  };
}

/** Every change a replace would make to the filtered segments; undefined when not the organization's. */
export async function previewReplace(
  db: Db,
  organizationId: number,
  documentId: number,
  criteria: FindCriteria,
  replacement: string,
): Promise<Preview | { problem: string; owned: Owned } | undefined> {
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const scoped = onTargets(criteria);
  if ('problem' in scoped) return { problem: scoped.problem, owned };
  const result = evaluate(await segmentsOfDocuments(db, [documentId]), scoped);
  if ('problem' in result) return { problem: result.problem, owned };
  const { regex } = compileQuery(scoped.text!) as { regex: RegExp };
  const mode = scoped.text!.mode;
  let replacedRows: { e: (typeof result.matches)[number]; next: ReturnType<typeof replaced> }[];
  try {
    // Only the regular expression runs under the budget; QA of the results comes after.
    replacedRows = withinBudget(() =>
      result.matches.map((e) => ({ e, next: replaced(e.row, regex, replacement, mode) })),
    );
  } catch (err) {
    if (err instanceof RegexTimeoutError) return { problem: err.message, owned };
    throw err;
  }
  const changes: PreviewChange[] = [];
  for (const { e, next } of replacedRows)
    if (next) changes.push(changeOf(e.row, e.index + 1, next, e.issues));
  return {
    ...owned,
    locked: isLocked(owned),
    changes: changes.slice(0, MAX_CHANGES),
    more: Math.max(0, changes.length - MAX_CHANGES),
  };
}

export interface Skipped {
  id: number;
  unitId: string;
  editorPage?: number;
  reason: 'changed' | 'gone' | 'unchanged';
}

export type ApplyResult =
  | { outcome: 'applied'; replacementId: number; applied: number; skipped: Skipped[] }
  | { outcome: 'locked' }
  | { outcome: 'problem'; problem: string; owned: Owned }
  | { outcome: 'not-found' };

/** A changed segment in the undo record: its columns before and after the replace. */
interface RecordedSegment {
  id: number;
  unitId: string;
  editorPage: number;
  before: SegmentState;
  after: SegmentState;
}

/** Search and replace with one undo per replace (the record goes into workbench_replacements). */
export function replacer(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;

  return {
    /**
     * Applies the replace to the chosen segments (`chosen`: segment id → the version the preview
     * showed), in one transaction: a segment changed since the preview is skipped, never
     * overwritten. The segments become the editor's "saved by a person" state for the stage.
     */
    async apply(
      editor: Editor,
      documentId: number,
      criteria: FindCriteria,
      replacement: string,
      chosen: Map<number, string>,
    ): Promise<ApplyResult> {
      const owned = await ownedDocument(db, editor.organizationId, documentId);
      if (!owned) return { outcome: 'not-found' };
      if (isLocked(owned)) return { outcome: 'locked' };
      const scoped = onTargets(criteria);
      if ('problem' in scoped) return { outcome: 'problem', problem: scoped.problem, owned };
      const compiled = compileQuery(scoped.text!);
      if ('problem' in compiled) return { outcome: 'problem', problem: compiled.problem, owned };
      if (chosen.size === 0)
        return { outcome: 'problem', problem: 'No segment was ticked: nothing to replace.', owned };
      if (chosen.size > MAX_CHANGES)
        return {
          outcome: 'problem',
          problem: `A replace changes at most ${MAX_CHANGES} segments at a time.`,
          owned,
        };
      const stage = stageInfo(owned.template, owned.project.stage);
      const t = now();
      const by = editor.email || null;
      const write = db.transaction().execute(async (tx) => {
        const rows = await segmentsByIds(tx, documentId, [...chosen.keys()]);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const skipped: Skipped[] = [];
        const planned = withinBudget(() =>
          [...chosen].flatMap(([id, version]) => {
            const row = byId.get(id);
            if (!row) {
              skipped.push({ id, unitId: '', reason: 'gone' });
              return [];
            }
            if (versionOf(row) !== version) {
              skipped.push({ id, unitId: row.unit_id, editorPage: pageOf(row), reason: 'changed' });
              return [];
            }
            const next = replaced(row, compiled.regex, replacement, scoped.text!.mode);
            if (!next) {
              skipped.push({ id, unitId: row.unit_id, editorPage: pageOf(row), reason: 'unchanged' });
              return [];
            }
            return [{ row, change: changeOf(row, row.position + 1, next) }];
          }),
        );
        const recorded: RecordedSegment[] = [];
        for (const { row, change } of planned) {
          const before: SegmentState = {
            target: row.target,
            target_plural: row.target_plural,
            status: row.status,
            origin: row.origin,
            updated_by: row.updated_by,
            updated_at: row.updated_at,
          };
          const after: SegmentState = {
            target: change.target,
            target_plural: change.targetPlural,
            status: statusAfterEdit(stage, {
              empty: change.target === null && change.targetPlural === null,
              confirm: false,
            }),
            origin: 'human',
            updated_by: by,
            updated_at: t,
          };
          if (await updateSegmentIfUnchanged(tx, row.id, before, after))
            recorded.push({ id: row.id, unitId: row.unit_id, editorPage: change.editorPage, before, after });
          else skipped.push({ id: row.id, unitId: row.unit_id, editorPage: pageOf(row), reason: 'changed' });
        }
        const replacementId = await insertReplacement(tx, {
          organization_id: editor.organizationId,
          document_id: documentId,
          pattern: scoped.text!.pattern,
          replacement,
          mode: scoped.text!.mode,
          match_case: scoped.text!.matchCase ? 1 : 0,
          segment_count: recorded.length,
          skipped: JSON.stringify(skipped),
          segments: JSON.stringify(recorded),
          created_by: by,
          created_at: t,
        });
        return { outcome: 'applied' as const, replacementId, applied: recorded.length, skipped };
      });
      try {
        return await write;
      } catch (err) {
        // Over the regex budget, the transaction rolled back: nothing was written.
        if (err instanceof RegexTimeoutError) return { outcome: 'problem', problem: err.message, owned };
        throw err;
      }
    },

    /**
     * Undoes a whole replace in one transaction: every segment still as the replace left it gets
     * back exactly its previous target, status, origin and last editor; one changed since is
     * left alone and reported.
     */
    async undo(
      editor: Editor,
      documentId: number,
      replacementId: number,
    ): Promise<
      | { outcome: 'undone'; restored: number; skipped: { id: number; unitId: string }[] }
      | { outcome: 'not-found' | 'locked' | 'already-undone' }
    > {
      const owned = await ownedDocument(db, editor.organizationId, documentId);
      const record = owned && (await getReplacement(db, editor.organizationId, documentId, replacementId));
      if (!owned || !record) return { outcome: 'not-found' };
      if (isLocked(owned)) return { outcome: 'locked' };
      if (record.undone_at !== null) return { outcome: 'already-undone' };
      const segments = JSON.parse(record.segments) as RecordedSegment[];
      return db.transaction().execute(async (tx) => {
        if (!(await markUndone(tx, record.id, editor.email || null, now())))
          return { outcome: 'already-undone' as const };
        const skipped: { id: number; unitId: string }[] = [];
        let restored = 0;
        for (const s of segments) {
          if (await updateSegmentIfUnchanged(tx, s.id, s.after, s.before)) restored++;
          else skipped.push({ id: s.id, unitId: s.unitId });
        }
        return { outcome: 'undone' as const, restored, skipped };
      });
    },
  };
}

export type Replacer = ReturnType<typeof replacer>;

export interface ReplacementView {
  record: Omit<ReplacementRow, 'segments' | 'skipped'>;
  owned: Owned;
  locked: boolean;
  segments: RecordedSegment[];
  skipped: Skipped[];
}

/** A replace's record for its result page; undefined when not the organization's. */
export async function replacementView(
  db: Db,
  organizationId: number,
  documentId: number,
  replacementId: number,
): Promise<ReplacementView | undefined> {
  const owned = await ownedDocument(db, organizationId, documentId);
  const record = owned && (await getReplacement(db, organizationId, documentId, replacementId));
  if (!owned || !record) return undefined;
  const { segments, skipped, ...rest } = record;
  return {
    record: rest,
    owned,
    locked: isLocked(owned),
    segments: JSON.parse(segments) as RecordedSegment[],
    skipped: JSON.parse(skipped) as Skipped[],
  };
}
