import type { ReceiverDb } from './schema.ts';

/** Where translations go: one repository's base branch. */
export interface Target {
  repository: string;
  base: string;
}

/** The newest source upload committed for each of `paths` that has one. */
export async function newestWritten(
  db: ReceiverDb,
  target: Target,
  paths: readonly string[],
): Promise<Map<string, number>> {
  const newest = new Map<string, number>();
  // A few hundred paths at a time keeps each statement's parameters well under any engine's limit.
  for (let i = 0; i < paths.length; i += 500) {
    const rows = await db
      .selectFrom('receiver_written_paths')
      .select(['path', 'source_file_id'])
      .where('repository', '=', target.repository)
      .where('base', '=', target.base)
      .where('path', 'in', paths.slice(i, i + 500))
      .execute();
    for (const row of rows) newest.set(row.path, Number(row.source_file_id));
  }
  return newest;
}

/** Records what a commit wrote; a path keeps the higher of its old and new source id. */
export async function recordWritten(
  db: ReceiverDb,
  target: Target,
  written: ReadonlyMap<string, number>,
  now: number,
): Promise<void> {
  if (written.size === 0) return;
  await db.transaction().execute(async (tx) => {
    for (const [path, sourceFileId] of written) {
      await tx
        .insertInto('receiver_written_paths')
        .values({ ...target, path, source_file_id: sourceFileId, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(['repository', 'base', 'path'])
            .doUpdateSet({ source_file_id: sourceFileId, updated_at: now })
            .where('receiver_written_paths.source_file_id', '<', sourceFileId),
        )
        .execute();
    }
  });
}
