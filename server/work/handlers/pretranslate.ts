import type { Logger } from 'pino';
import type { MtProvider } from '../../engine/mt/index.ts';
import { type PretranslateOptions, pretranslateDocument } from '../../services/documents/pretranslate.ts';
import type { TmCache } from '../../services/tm-cache.ts';
import type { Db } from '../../store/db.ts';
import { updateDocument } from '../../store/jobs/documents.ts';
import type { WorkHandler } from '../worker.ts';

/** Runs a pretranslation request over its documents; each document shows its progress and outcome. */
export function pretranslateHandler(deps: {
  db: Db;
  now: () => number;
  tm: TmCache;
  mt: MtProvider;
  log: Logger;
}): WorkHandler {
  const { db, now } = deps;
  return async (payload) => {
    const { documentIds, options } = payload as { documentIds: number[]; options: PretranslateOptions };
    for (const id of documentIds) {
      await updateDocument(db, id, { pretranslation: 'running' });
      let outcome = 'done';
      try {
        await pretranslateDocument(deps, id, options);
      } catch (err) {
        outcome = 'failed';
        // An expected outcome (the provider failed or refused): its message, no stack trace.
        deps.log.warn(
          { error: err instanceof Error ? err.message : String(err), documentId: id },
          'pretranslation failed',
        );
      }
      await updateDocument(db, id, { is_pretranslating: 0, pretranslation: outcome, updated_at: now() });
    }
  };
}
