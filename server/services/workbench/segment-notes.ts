/**
 * Notes translators and managers add to a segment in the workbench. They are kept apart from the
 * repository's context (by file name and unit id, in unit_notes), so no sync changes or removes
 * them, and they follow the unit into the next job of the same file.
 */
import type { Db } from '../../store/db.ts';
import { findDocumentSegment } from '../../store/jobs/segments.ts';
import { addPlatformNote } from '../unit-context.ts';
import { ownedDocument } from './access.ts';

/** The longest note kept (the API's limit too). */
export const NOTE_MAX = 5000;

export type NoteResult = 'added' | 'empty' | 'too-long' | 'not-found';

/** Adds `text` as a note of the segment, signed with the editor's e-mail. */
export async function addSegmentNote(
  deps: { db: Db; now: () => number },
  editor: { organizationId: number; email: string },
  documentId: number,
  segmentId: number,
  text: string,
): Promise<NoteResult> {
  const owned = await ownedDocument(deps.db, editor.organizationId, documentId);
  const segment = owned ? await findDocumentSegment(deps.db, documentId, segmentId) : undefined;
  if (!owned || !segment) return 'not-found';
  const note = text.trim();
  if (note === '') return 'empty';
  if (note.length > NOTE_MAX) return 'too-long';
  await addPlatformNote(deps.db, deps.now(), {
    organizationId: editor.organizationId,
    fileName: owned.document.name,
    unitId: segment.unit_id,
    text: note,
    author: editor.email,
  });
  return 'added';
}
