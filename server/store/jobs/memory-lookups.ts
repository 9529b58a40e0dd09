/**
 * The few reads of memories, terms and TM segments that importing and pretranslating documents
 * make. They are the memories aggregate's tables, read here by id only (the job already owns the
 * memory), so server/store/memories.ts stays its owner's.
 */
import type { Db } from '../db.ts';
import type { MemoryRow } from '../memories.ts';
import { findProject, type ProjectRow } from './projects.ts';

export async function findMemory(db: Db, id: number): Promise<MemoryRow | undefined> {
  return db.selectFrom('memories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The memory's visible termbase entries, at most `limit`. */
export async function visibleTerms(
  db: Db,
  memoryId: number,
  limit: number,
): Promise<{ source: string; target: string }[]> {
  return db
    .selectFrom('terms')
    .select(['source', 'target'])
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .limit(limit)
    .execute();
}

/** TM segments' targets and notes by id. */
export async function segmentNotes(
  db: Db,
  ids: number[],
): Promise<{ id: number; target: string; notes: string | null }[]> {
  return db.selectFrom('segments').select(['id', 'target', 'notes']).where('id', 'in', ids).execute();
}

/** A project and its memory (undefined once the memory was deleted): what filling its documents reads. */
export async function projectWithMemory(
  db: Db,
  projectId: number,
): Promise<{ project: ProjectRow; memory: MemoryRow | undefined }> {
  const project = await findProject(db, projectId);
  if (!project) throw new Error(`project ${projectId} does not exist`);
  return { project, memory: await findMemory(db, project.memory_id) };
}
