import type { Db } from '../../store/db.ts';
import {
  getReplacement,
  insertReplacement,
  markUndone,
  type ReplacementRow,
  type SegmentState,
  segmentsByIds,
} from '../../store/jobs/replacements.ts';
import { recordVersions } from '../../store/jobs/segment-versions.ts';
import { updateSegmentIfUnchanged } from '../../store/jobs/segments.ts';
import { ownedDocument } from './access.ts';
import type { FindCriteria } from './find.ts';
import { stageInfo } from './progress.ts';
import { changeOf, MAX_CHANGES, type Owned, onTargets, pageOf, replaced, versionOf } from './replace.ts';
import { type Editor, isLocked, statusAfterEdit } from './segment-edit.ts';
import { compileQuery, RegexTimeoutError, withinBudget } from './text-match.ts';

/**
 * Applying a previewed replace and undoing it: one transaction each, a compare-and-set per
 * segment so nobody's later edit is overwritten, and the undo record in workbench_replacements.
 */

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
        await recordVersions(
          tx,
          recorded.map((r) => ({ id: r.id, ...r.after })),
          { author: editor.email, action: 'replace' },
          t,
        );
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
        const back: RecordedSegment[] = [];
        for (const s of segments) {
          if (await updateSegmentIfUnchanged(tx, s.id, s.after, s.before)) back.push(s);
          else skipped.push({ id: s.id, unitId: s.unitId });
        }
        const restored = back.length;
        await recordVersions(
          tx,
          back.map((s) => ({ id: s.id, ...s.before })),
          { author: editor.email, action: 'undo-replace' },
          now(),
        );
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
