import type { PluralForms } from '../../../src/formats/model.ts';
import type { TmSegment } from '../../engine/tm/index.ts';
import type { Db } from '../../store/db.ts';
import { noteDeadPostings, postingsOf } from '../../store/memories/postings.ts';
import { deleteFedSegments, insertSegmentsReturning } from '../../store/memories/segments.ts';
import { bumpVersion, memoryExists, sourceHash } from '../../store/memories.ts';
import type { TmChange } from '../tm-cache.ts';

/** Sources written per statement (well below both engines' limits on bound parameters). */
const FEED_BATCH = 200;

/** The text columns of a document segment. */
export interface SegmentText {
  source: string;
  source_plural: string | null;
  target: string | null;
  target_plural: string | null;
}

/** The TM pair of a segment: its text, or for plural units the `other` forms (the TM holds strings). */
export function tmPair(row: SegmentText): { source: string; target: string } | undefined {
  if (row.target_plural !== null) {
    const source = row.source_plural ? (JSON.parse(row.source_plural) as PluralForms).other : row.source;
    return { source, target: (JSON.parse(row.target_plural) as PluralForms).other };
  }
  return row.target ? { source: row.source, target: row.target } : undefined;
}

/**
 * Writes confirmed translations into a memory so TM grows with people's work (call it in the
 * transaction that confirms them). A later confirmation of the same source from the same file
 * replaces the earlier one, so the newest human translation wins; the version bump makes every
 * process rebuild its TM index (see createTmCache). Returns the change for this process's index
 * (`TmCache.apply`, once the transaction committed), or undefined when nothing was written (the
 * memory no longer exists, or no segment had a translation).
 */
export async function feedMemory(
  tx: Db,
  target: { memoryId: number; resourceName: string; email: string },
  rows: SegmentText[],
  now: number,
): Promise<TmChange | undefined> {
  // The memory may have been deleted through the API while the job ran: then there is nothing to feed.
  if (!(await memoryExists(tx, target.memoryId))) return undefined;
  // The newest confirmation of a source wins, within this call as across calls.
  const pairs = new Map<string, string>();
  for (const row of rows) {
    const pair = tmPair(row);
    if (pair) pairs.set(pair.source, pair.target);
  }
  const removed: number[] = [];
  const added: TmSegment[] = [];
  let dead = 0;
  const entries = [...pairs];
  for (let i = 0; i < entries.length; i += FEED_BATCH) {
    const batch = entries.slice(i, i + FEED_BATCH);
    const sources = batch.map(([source]) => source);
    const replaced = await deleteFedSegments(
      tx,
      target.memoryId,
      target.resourceName,
      sources,
      sources.map(sourceHash),
    );
    removed.push(...replaced.map((r) => r.id));
    dead += postingsOf(replaced.map((r) => r.source));
    const inserted = await insertSegmentsReturning(
      tx,
      target.memoryId,
      batch.map(([source, text]) => ({
        source,
        target: text,
        source_hash: sourceHash(source),
        notes: null,
        resource_name: target.resourceName,
        user_email: target.email || null,
        import_id: null,
        visible: 1,
        created_at: now,
      })),
    );
    added.push(...inserted);
  }
  if (added.length === 0) return undefined;
  const version = await bumpVersion(tx, target.memoryId, now);
  // The replaced segments' postings stay in the lists until a compaction rebuilds them.
  await noteDeadPostings(tx, target.memoryId, dead, now);
  return version === undefined ? undefined : { memoryId: target.memoryId, version, removed, added };
}
