import type { PluralCategory, PluralForms } from '../../../src/formats/model.ts';
import type { Db } from '../../store/db.ts';
import {
  findDocumentSegment,
  nextSegmentWith,
  segmentsWith,
  updateSegment,
  updateSegments,
} from '../../store/jobs/segments.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import type { TmCache } from '../tm-cache.ts';
import { type OwnedProject, ownedDocument } from './access.ts';
import { feedMemory } from './memory-feed.ts';
import { isReviewing, openStatuses, stageInfo } from './progress.ts';

/** A person's new target: text, or one form per plural category of the target language. */
export type TargetEdit = { target: string } | { targetPlural: PluralForms };

export interface Editor {
  organizationId: number;
  email: string;
}

export type EditResult =
  | { ok: true; nextId: number | undefined }
  | { ok: false; reason: 'not-found' | 'locked' | 'empty' | 'invalid' };

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

  return {
    /** Saves a segment's target; with `confirm` it is signed off and fed to the memory. */
    async save(
      editor: Editor,
      documentId: number,
      segmentId: number,
      edit: TargetEdit,
      confirm: boolean,
    ): Promise<EditResult> {
      const segment = await findDocumentSegment(db, documentId, segmentId);
      const owned = segment && (await ownedDocument(db, editor.organizationId, documentId));
      if (!segment || !owned) return { ok: false, reason: 'not-found' };
      if (isLocked(owned)) return { ok: false, reason: 'locked' };
      // A plural unit takes one form per plural category of the target language, a plain one text.
      if ((segment.source_plural !== null) !== 'targetPlural' in edit)
        return { ok: false, reason: 'invalid' };
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
      const stage = stageInfo(owned.template, owned.project.stage);
      const status = statusAfterEdit(stage, { empty: target === null && targetPlural === null, confirm });
      const t = now();
      const change = await db.transaction().execute(async (tx) => {
        await updateSegment(tx, segmentId, {
          target,
          target_plural: targetPlural,
          status,
          origin: 'human',
          updated_by: editor.email || null,
          updated_at: t,
        });
        if (!confirm) return undefined;
        return feedMemory(
          tx,
          feedTarget(owned, editor),
          [{ ...segment, target, target_plural: targetPlural }],
          t,
        );
      });
      if (change) tm.apply(change);
      // The next segment still open at this stage (wrapping to the start).
      const nextId = confirm
        ? await nextSegmentWith(db, documentId, segment.position, openStatuses(stage))
        : undefined;
      return { ok: true, nextId };
    },

    /**
     * Confirms every open segment of a document that has a translation; those without one stay
     * open. Undefined when the document is not the organization's.
     */
    async confirmAll(
      editor: Editor,
      documentId: number,
    ): Promise<{ confirmed: number; empty: number } | 'locked' | undefined> {
      const owned = await ownedDocument(db, editor.organizationId, documentId);
      if (!owned) return undefined;
      if (isLocked(owned)) return 'locked';
      const stage = stageInfo(owned.template, owned.project.stage);
      const status: SegmentStatus = isReviewing(stage) ? 'reviewed' : 'confirmed';
      const t = now();
      const { change, ...counts } = await db.transaction().execute(async (tx) => {
        const open = await segmentsWith(tx, documentId, openStatuses(stage));
        const ready = open.filter((r) => r.target !== null || r.target_plural !== null);
        const ids = ready.map((r) => r.id);
        await updateSegments(tx, ids, { status, updated_by: editor.email || null, updated_at: t });
        const change = await feedMemory(tx, feedTarget(owned, editor), ready, t);
        return { change, confirmed: ready.length, empty: open.length - ready.length };
      });
      if (change) tm.apply(change);
      return counts;
    },
  };
}

export type SegmentEditor = ReturnType<typeof segmentEditor>;
