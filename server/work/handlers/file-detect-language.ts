import { detectFileLanguage } from '../../engine/file-language.ts';
import type { Db } from '../../store/db.ts';
import type { WorkHandler } from '../worker.ts';

/**
 * Detects the language of an uploaded file too large to look at while it was uploaded, from its
 * first chunk (a file's first megabyte tells its language).
 */
export function fileDetectLanguageHandler(deps: { db: Db; now: () => number }): WorkHandler {
  const { db, now } = deps;
  return async (payload) => {
    const { fileId } = payload as { fileId: number };
    const file = await db
      .selectFrom('files')
      .select(['blob_id', 'name'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) return;
    const first = await db
      .selectFrom('blob_chunks')
      .select('data')
      .where('blob_id', '=', file.blob_id)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    const { lang, confidence } = detectFileLanguage(file.name, first?.data ?? new Uint8Array());
    await db
      .updateTable('files')
      .set({ detected_lang: lang, detected_lang_confidence: confidence, updated_at: now() })
      .where('id', '=', fileId)
      .execute();
  };
}
