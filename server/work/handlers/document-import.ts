import type { Logger } from 'pino';
import { checkNote, keyNote } from '../../../src/contracts/tmx-key.ts';
import type { Unit } from '../../../src/formats/model.ts';
import { detectFormat, supportedExtensions } from '../../../src/formats/registry.ts';
import { splitWords } from '../../../src/text/words.ts';
import type { TmMatch } from '../../engine/tm/index.ts';
import { jobEvent } from '../../services/jobs/events.ts';
import type { TmCache } from '../../services/tm-cache.ts';
import { readBlobBytes } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import { findFileBlob } from '../../store/files.ts';
import { findDocument, jobHasDocumentWith, updateDocument } from '../../store/jobs/documents.ts';
import { finishJobCreation } from '../../store/jobs/jobs.ts';
import { projectWithMemory, segmentNotes } from '../../store/jobs/memory-lookups.ts';
import { recordVersions } from '../../store/jobs/segment-versions.ts';
import { deleteDocumentSegments, insertDocumentSegments } from '../../store/jobs/segments.ts';
import { unitContextsOf } from '../../store/jobs/unit-context.ts';
import { lockJob } from '../../store/locks.ts';
import { enqueue } from '../../store/work-items.ts';
import type { WorkHandler } from '../worker.ts';

const BATCH = 500;

/**
 * In-context exact matches: a unit whose best TM match scores 100 and was taught from the same
 * key of the repository (its notes say `x-key: "<unit id>"`, see src/contracts/tmx-key.ts) — the
 * translation people already have for this very string. They arrive confirmed, so translators see
 * only new and changed segments (Phrase and Trados call these context or 101% matches).
 * Plural units are left to people. Returns the target per unit position; `check` when the pair
 * was taught after a small source edit for a person to check (`x-check`, issue 36): such a segment
 * arrives prefilled but open, marked for review, not confirmed.
 */
async function inContextMatches(
  db: Db,
  units: readonly Unit[],
  exact: readonly (number | undefined)[],
): Promise<Map<number, { target: string; check: boolean }>> {
  const out = new Map<number, { target: string; check: boolean }>();
  const ids = [...new Set(exact.filter((id): id is number => id !== undefined))];
  const notes = new Map<number, { target: string; notes: string | null }>();
  for (let i = 0; i < ids.length; i += BATCH) {
    for (const r of await segmentNotes(db, ids.slice(i, i + BATCH))) notes.set(r.id, r);
  }
  for (const [position, id] of exact.entries()) {
    const row = id === undefined ? undefined : notes.get(id);
    const unit = units[position]!;
    if (!row?.notes || unit.sourcePlural) continue;
    const lines = row.notes.split('\n');
    if (lines.includes(keyNote(unit.id)))
      out.set(position, { target: row.target, check: lines.includes(checkNote) });
  }
  return out;
}

/** What the workbench says of a segment kept after a small source edit (issue 36). */
export const KEPT_NOTE = 'Kept after a small source edit — check';

/** A segment's notes: the unit's, and the check a kept translation asks for. */
function notesOf(unit: Unit, check: boolean): string | null {
  const notes = check ? [KEPT_NOTE, ...unit.notes] : unit.notes;
  return notes.length > 0 ? notes.join('\n') : null;
}

export function wordCount(text: string, lang: string): number {
  return splitWords(text, lang).words.length;
}

/**
 * Parses a document's file into segments and measures TM leverage (best score per segment in the
 * project's memory). When the job's last document is imported the job's creationStatus becomes
 * COMPLETE (or FAILED when one failed) and JOB_UPDATE fires; with auto-delivery configured the
 * job is then scheduled to be pretranslated and delivered.
 */
export function documentImportHandler(deps: {
  db: Db;
  now: () => number;
  tm: TmCache;
  log: Logger;
  autoDeliverMs: number | undefined;
}): WorkHandler {
  const { db, now, tm } = deps;
  return async (payload) => {
    const { documentId, pretranslate } = payload as { documentId: number; pretranslate?: boolean };
    const doc = await findDocument(db, documentId);
    if (!doc || doc.import_in_progress === 0) return;
    const { project, memory } = await projectWithMemory(db, doc.project_id);
    await deleteDocumentSegments(db, documentId);

    let error: string | null = null;
    let formatName: string | null = null;
    try {
      const file = await findFileBlob(db, doc.file_id);
      if (!file) throw new Error(`file ${doc.file_id} no longer exists`);
      const bytes = await readBlobBytes(db, file.blob_id);
      const format = detectFormat(doc.name, bytes);
      if (!format)
        throw new Error(`Unsupported_file_type: ${doc.name} is none of ${supportedExtensions().join(', ')}`);
      formatName = format.name;
      // Units the repository's context rules mark do_not_translate are never sent to translation.
      const left = new Set(
        (await unitContextsOf(db, doc.organization_id, doc.name))
          .filter((c) => c.do_not_translate === 1)
          .map((c) => c.unit_id),
      );
      const units = format
        .parse(bytes, { fileName: doc.name })
        .filter((u) => u.translatable && u.source.trim() !== '' && !left.has(u.id));
      if (units.length === 0)
        throw new Error(`No_translatable_content: ${doc.name} holds no translatable text`);
      const index = memory ? await tm.get(memory.id, memory.version) : undefined;
      const t = now();
      const bests: (TmMatch | undefined)[] = [];
      for (const unit of units) bests.push((await index?.query(unit.source, { n: 1 }))?.[0]);
      const inContext = await inContextMatches(
        db,
        units,
        bests.map((b) => (b && b.score >= 100 ? b.id : undefined)),
      );
      const rows = units.map((unit: Unit, position) => {
        const best = bests[position];
        const context = inContext.get(position);
        const hasTarget =
          unit.targetPlural !== undefined || (unit.target !== undefined && unit.target !== '');
        return {
          document_id: documentId,
          position,
          unit_id: unit.id,
          source: unit.source,
          source_plural: unit.sourcePlural ? JSON.stringify(unit.sourcePlural) : null,
          target: unit.targetPlural ? null : hasTarget ? unit.target! : (context?.target ?? null),
          target_plural: unit.targetPlural ? JSON.stringify(unit.targetPlural) : null,
          status: hasTarget
            ? ('translated' as const)
            : context === undefined
              ? ('new' as const)
              : context.check
                ? ('translated' as const)
                : ('confirmed' as const),
          match_score: best ? Math.floor(best.score) : 0,
          origin: hasTarget ? 'file' : context === undefined ? null : context.check ? 'kept' : 'tm',
          context: unit.context ?? null,
          notes: notesOf(unit, context?.check === true),
          max_length: unit.maxLength ?? null,
          description: unit.description ?? null,
          placeholders_json: unit.placeholders ? JSON.stringify(unit.placeholders) : null,
          words: wordCount(
            unit.sourcePlural ? Object.values(unit.sourcePlural).join(' ') : unit.source,
            project.srclang,
          ),
          updated_by: null,
          updated_at: t,
        };
      });
      for (let i = 0; i < rows.length; i += BATCH) {
        const inserted = await insertDocumentSegments(db, rows.slice(i, i + BATCH));
        // A segment that arrives translated (from the file, or an in-context TM match) starts its history.
        const translated = inserted.filter((r) => r.target !== null || r.target_plural !== null);
        await recordVersions(
          db,
          translated.filter((r) => r.origin === 'file'),
          { author: 'import', action: 'import' },
          t,
        );
        await recordVersions(
          db,
          translated.filter((r) => r.origin === 'tm'),
          { author: 'tm', action: 'import' },
          t,
        );
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      await deleteDocumentSegments(db, documentId);
    }

    await db.transaction().execute(async (tx) => {
      const t = now();
      // Documents of one job finish concurrently; only one at a time may decide it was the last.
      await lockJob(tx, project.job_id);
      await updateDocument(tx, documentId, {
        import_in_progress: 0,
        import_succeeded: error ? 0 : 1,
        import_error_message: error,
        format: formatName,
        ...(pretranslate && error ? { is_pretranslating: 0, pretranslation: 'failed' } : {}),
        updated_at: t,
      });
      if (pretranslate && !error) {
        // A document uploaded with pretranslate=true: its characters were charged at upload.
        await enqueue(
          tx,
          t,
          'pretranslate',
          { documentIds: [documentId], options: { mode: 'TM+MT', autoAccept: false, caseSensitive: false } },
          { organizationId: doc.organization_id },
        );
      }
      if (await jobHasDocumentWith(tx, project.job_id, 'import_in_progress', 1)) return;
      const failed = await jobHasDocumentWith(tx, project.job_id, 'import_succeeded', 0);
      const updated = await finishJobCreation(tx, project.job_id, failed ? 'FAILED' : 'COMPLETE', t);
      if (!updated) return;
      await jobEvent(tx, t, 'JOB_UPDATE', updated);
      if (!failed && deps.autoDeliverMs !== undefined) {
        await enqueue(
          tx,
          t,
          'auto-deliver',
          { jobId: updated.id },
          { organizationId: updated.organization_id, runAt: t + deps.autoDeliverMs },
        );
      }
    });
  };
}
