import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import type { Db } from '../../store/db.ts';
import { recordVersions } from '../../store/jobs/segment-versions.ts';
import {
  type DocumentSegmentRow,
  documentSegments,
  findDocumentSegment,
  nextSegmentWith,
  type SegmentChange,
  segmentsWith,
  updateSegmentAt,
  updateSegments,
} from '../../store/jobs/segments.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import type { TmCache } from '../tm-cache.ts';
import { type OwnedProject, ownedDocument } from './access.ts';
import { feedMemory } from './memory-feed.ts';
import { isReviewing, openStatuses, stageInfo } from './progress.ts';

/** A person's new target: text, or one form per plural category of the target language. */
export type TargetEdit = { target: string } | { targetPlural: PluralForms };

/** One segment's edit, with the revision it started from (undefined: no check). */
export interface EditItem {
  segmentId: number;
  edit: TargetEdit;
  confirm: boolean;
  revision?: number | undefined;
}

export interface Editor {
  organizationId: number;
  email: string;
}

export type EditResult =
  | { ok: true; nextId: number | undefined }
  | { ok: false; reason: 'not-found' | 'locked' | 'empty' | 'invalid' }
  /** Someone wrote the segment after the revision the edit started from: nothing was saved. */
  | { ok: false; reason: 'conflict'; current: DocumentSegmentRow };

/** Whether an edit would leave the segment's text as it is (then a changed revision is no conflict). */
function sameText(segment: DocumentSegmentRow, target: string | null, targetPlural: string | null): boolean {
  return segment.target === target && segment.target_plural === targetPlural;
}

/** The text and status a write sets, as a version records them. */
function versionOf(set: SegmentChange): {
  target: string | null;
  target_plural: string | null;
  status: SegmentStatus;
} {
  return { target: set.target ?? null, target_plural: set.target_plural ?? null, status: set.status! };
}

/** Plural categories of a project's target language (CLDR, through Intl.PluralRules). */
export function targetCategories(project: { trglang: string; trglocale: string | null }): PluralCategory[] {
  const tag = project.trglocale ? `${project.trglang}-${project.trglocale}` : project.trglang;
  return new Intl.PluralRules(tag).resolvedOptions().pluralCategories as PluralCategory[];
}

/** Line breaks as the source writes them: browsers send a textarea's newlines as CRLF (HTML §4.10.11). */
function newlinesLike(source: string, text: string): string {
  return source.includes('\r\n') ? text : text.replace(/\r\n?/g, '\n');
}

/** Editing ends once the project is done or its job is no longer active (delivered, archived). */
export function isLocked(owned: OwnedProject): boolean {
  return owned.job.status !== 'active' || stageInfo(owned.template, owned.project.stage).isLast;
}

/**
 * A segment's status once a person saved it: signed off (`reviewed` at a review stage) when they
 * confirmed it, otherwise `translated`, or `new` when they left it empty.
 */
export function statusAfterEdit(
  stage: { assignmentType: string },
  edit: { empty: boolean; confirm: boolean },
): SegmentStatus {
  if (edit.confirm) return isReviewing(stage) ? 'reviewed' : 'confirmed';
  return edit.empty ? 'new' : 'translated';
}

/** The project's memory, with the document's name and the editor as the entries' metadata. */
function feedTarget(owned: OwnedProject & { document: { name: string } }, editor: Editor) {
  return { memoryId: owned.project.memory_id, resourceName: owned.document.name, email: editor.email };
}

/** Saving and confirming segments in the workbench editor; confirmed text feeds the project's memory. */
export function segmentEditor(deps: { db: Db; now: () => number; tm: TmCache }) {
  const { db, now, tm } = deps;

  /**
   * The row a person's edit makes of a segment (target, status, attribution), or why it cannot be
   * saved: the form does not fit the unit, a confirmation lacks text, or the segment moved on
   * from `revision` to another text.
   */
  function prepare(
    owned: OwnedProject,
    segment: DocumentSegmentRow,
    item: EditItem,
    editor: Editor,
    t: number,
  ):
    | { ok: true; set: SegmentChange; fed: DocumentSegmentRow | undefined }
    | Exclude<EditResult, { ok: true }> {
    const { edit, confirm } = item;
    // A plural unit takes one form per plural category of the target language, a plain one text.
    if ((segment.source_plural !== null) !== 'targetPlural' in edit) return { ok: false, reason: 'invalid' };
    let target: string | null = null;
    let targetPlural: string | null = null;
    if ('targetPlural' in edit) {
      const categories = targetCategories(owned.project);
      const given = Object.keys(edit.targetPlural);
      if (!given.every((c) => categories.includes(c as PluralCategory)))
        return { ok: false, reason: 'invalid' };
      const forms = Object.fromEntries(
        categories.map((c) => [c, newlinesLike(segment.source, edit.targetPlural[c] ?? '')]),
      ) as PluralForms;
      const filled = Object.values(forms).filter((v) => v !== '').length;
      if (filled > 0) targetPlural = JSON.stringify(forms);
      if (confirm && filled < categories.length) return { ok: false, reason: 'empty' };
    } else {
      target = newlinesLike(segment.source, edit.target) || null;
      if (confirm && target === null) return { ok: false, reason: 'empty' };
    }
    if (
      item.revision !== undefined &&
      item.revision !== segment.revision &&
      !sameText(segment, target, targetPlural)
    )
      return { ok: false, reason: 'conflict', current: segment };
    const stage = stageInfo(owned.template, owned.project.stage);
    const status = statusAfterEdit(stage, { empty: target === null && targetPlural === null, confirm });
    return {
      ok: true,
      set: {
        target,
        target_plural: targetPlural,
        status,
        origin: 'human',
        updated_by: editor.email || null,
        updated_at: t,
      },
      fed: confirm ? { ...segment, target, target_plural: targetPlural } : undefined,
    };
  }

  return {
    /**
     * Saves a segment's target; with `confirm` it is signed off and fed to the memory. With
     * `revision` (what the editor's form or an XLIFF file started from), a segment written since
     * is a conflict and nothing is saved, unless the text asked for is already the segment's.
     * The write itself is conditional on the revision read, so two saves racing never both win.
     * Every save is recorded as a version of the segment (`restore` when it brings back an earlier one).
     */
    async save(
      editor: Editor,
      documentId: number,
      segmentId: number,
      edit: TargetEdit,
      confirm: boolean,
      options: { revision?: number | undefined; restore?: boolean } = {},
    ): Promise<EditResult> {
      const segment = await findDocumentSegment(db, documentId, segmentId);
      const owned = segment && (await ownedDocument(db, editor.organizationId, documentId));
      if (!segment || !owned) return { ok: false, reason: 'not-found' };
      if (isLocked(owned)) return { ok: false, reason: 'locked' };
      const t = now();
      const prepared = prepare(
        owned,
        segment,
        { segmentId, edit, confirm, revision: options.revision },
        editor,
        t,
      );
      if (!prepared.ok) return prepared;
      const written = await db.transaction().execute(async (tx) => {
        const saved = await updateSegmentAt(tx, segmentId, segment.revision, prepared.set);
        if (saved)
          await recordVersions(
            tx,
            [{ id: segmentId, ...versionOf(prepared.set) }],
            { author: editor.email, action: options.restore ? 'restore' : confirm ? 'confirm' : 'save' },
            t,
          );
        if (!saved || !prepared.fed) return { saved, change: undefined };
        return { saved, change: await feedMemory(tx, feedTarget(owned, editor), [prepared.fed], t) };
      });
      if (!written.saved) {
        // Written by someone else between our read and our write.
        const current = await findDocumentSegment(db, documentId, segmentId);
        return current ? { ok: false, reason: 'conflict', current } : { ok: false, reason: 'not-found' };
      }
      if (written.change) tm.apply(written.change);
      // The next segment still open at this stage (wrapping to the start).
      const stage = stageInfo(owned.template, owned.project.stage);
      const nextId = confirm
        ? await nextSegmentWith(db, documentId, segment.position, openStatuses(stage))
        : undefined;
      return { ok: true, nextId };
    },

    /**
     * Saves many segments of one document by the same rules as `save`, in one transaction with one
     * memory update (an uploaded XLIFF file): a result per item, in order. Undefined when the
     * document is not the organization's.
     */
    async saveMany(editor: Editor, documentId: number, items: EditItem[]): Promise<EditResult[] | undefined> {
      const owned = await ownedDocument(db, editor.organizationId, documentId);
      if (!owned) return undefined;
      if (isLocked(owned)) return items.map(() => ({ ok: false, reason: 'locked' }));
      const t = now();
      const { results, change, moved } = await db.transaction().execute(async (tx) => {
        const segments = new Map((await documentSegments(tx, documentId)).map((r) => [r.id, r]));
        const results: EditResult[] = [];
        const fed: DocumentSegmentRow[] = [];
        const moved: number[] = [];
        for (const item of items) {
          const segment = segments.get(item.segmentId);
          const prepared = segment
            ? prepare(owned, segment, item, editor, t)
            : ({ ok: false, reason: 'not-found' } as const);
          if (!prepared.ok) {
            results.push(prepared);
            continue;
          }
          if (!(await updateSegmentAt(tx, item.segmentId, segment!.revision, prepared.set))) {
            moved.push(results.length);
            results.push({ ok: false, reason: 'not-found' });
            continue;
          }
          await recordVersions(
            tx,
            [{ id: item.segmentId, ...versionOf(prepared.set) }],
            { author: editor.email, action: item.confirm ? 'confirm' : 'save' },
            t,
          );
          if (prepared.fed) fed.push(prepared.fed);
          results.push({ ok: true, nextId: undefined });
        }
        const change = fed.length > 0 ? await feedMemory(tx, feedTarget(owned, editor), fed, t) : undefined;
        return { results, change, moved };
      });
      if (change) tm.apply(change);
      // Written by someone else between our read and our write: conflicts, with the row now.
      for (const at of moved) {
        const current = await findDocumentSegment(db, documentId, items[at]!.segmentId);
        if (current) results[at] = { ok: false, reason: 'conflict', current };
      }
      return results;
    },

    /**
     * Confirms every open segment of a document that has a translation; those without one stay
     * open. With `seenAt` (when the editor page was rendered), segments written after it are left
     * open and counted as `changed`: nobody confirms text they have not seen. Undefined when the
     * document is not the organization's.
     */
    async confirmAll(
      editor: Editor,
      documentId: number,
      options: { seenAt?: number | undefined } = {},
    ): Promise<{ confirmed: number; empty: number; changed: number } | 'locked' | undefined> {
      const owned = await ownedDocument(db, editor.organizationId, documentId);
      if (!owned) return undefined;
      if (isLocked(owned)) return 'locked';
      const stage = stageInfo(owned.template, owned.project.stage);
      const status: SegmentStatus = isReviewing(stage) ? 'reviewed' : 'confirmed';
      const t = now();
      const { change, ...counts } = await db.transaction().execute(async (tx) => {
        const open = await segmentsWith(tx, documentId, openStatuses(stage));
        const filled = open.filter((r) => r.target !== null || r.target_plural !== null);
        const { seenAt } = options;
        const ready = seenAt === undefined ? filled : filled.filter((r) => r.updated_at <= seenAt);
        const ids = ready.map((r) => r.id);
        await updateSegments(tx, ids, { status, updated_by: editor.email || null, updated_at: t });
        await recordVersions(
          tx,
          ready.map((r) => ({ ...r, status })),
          { author: editor.email, action: 'confirm-all' },
          t,
        );
        const change = await feedMemory(tx, feedTarget(owned, editor), ready, t);
        return {
          change,
          confirmed: ready.length,
          empty: open.length - filled.length,
          changed: filled.length - ready.length,
        };
      });
      if (change) tm.apply(change);
      return counts;
    },
  };
}

export type SegmentEditor = ReturnType<typeof segmentEditor>;
