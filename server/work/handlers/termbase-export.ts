import type { Db } from '../../store/db.ts';
import { completeTermbaseExport, listTerms } from '../../store/memories/termbases.ts';
import { addProcessing } from '../../store/memories.ts';
import type { WorkHandler } from '../worker.ts';

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes a memory's termbase as CSV (`source,target,notes` with a header row). */
export function termbaseExportHandler(deps: { db: Db; now: () => number }): WorkHandler {
  const { db, now } = deps;
  return async (payload) => {
    const { memoryId } = payload as { memoryId: number };
    const terms = await listTerms(db, memoryId);
    const lines = [
      'source,target,notes',
      ...terms.map((t) => [t.source, t.target, t.notes ?? ''].map(csvField).join(',')),
    ];
    await db.transaction().execute(async (tx) => {
      if (await completeTermbaseExport(tx, memoryId, `${lines.join('\r\n')}\r\n`)) {
        await addProcessing(tx, memoryId, -1, now());
      }
    });
  };
}
