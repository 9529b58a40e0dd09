import type { Db } from '../../store/db.ts';
import { COMPACT_WORK, compactPostings } from '../../store/memories/postings.ts';
import { enqueue } from '../../store/work-items.ts';
import type { WorkHandler } from '../worker.ts';

/** How long a compaction waits when the memory's import or export still runs. */
const RETRY_BUSY_MS = 60_000;

/**
 * Rebuilds a memory's TM lists without the postings of segments gone since (queued by
 * `noteDeadPostings` once they are a quarter of the lists). While an import or export of the memory
 * runs, it tries again a minute later.
 */
export function tmCompactHandler(deps: { db: Db; now: () => number }): WorkHandler {
  const { db, now } = deps;
  return async (payload) => {
    const { memoryId } = payload as { memoryId: number };
    if ((await compactPostings(db, memoryId)) === 'busy') {
      await enqueue(db, now(), COMPACT_WORK, { memoryId }, { runAt: now() + RETRY_BUSY_MS });
    }
  };
}
