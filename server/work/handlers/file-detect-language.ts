import { detectFileLanguage } from '../../engine/file-language.ts';
import type { Db } from '../../store/db.ts';
import { findFileBlob, firstChunkOfBlob, updateFile } from '../../store/files.ts';
import type { WorkHandler } from '../worker.ts';

/**
 * Detects the language of an uploaded file too large to look at while it was uploaded, from its
 * first chunk (a file's first megabyte tells its language).
 */
export function fileDetectLanguageHandler(deps: { db: Db; now: () => number }): WorkHandler {
  const { db, now } = deps;
  return async (payload) => {
    const { fileId } = payload as { fileId: number };
    const file = await findFileBlob(db, fileId);
    if (!file) return;
    const first = await firstChunkOfBlob(db, file.blob_id);
    const { lang, confidence } = detectFileLanguage(file.name, first ?? new Uint8Array());
    await updateFile(db, fileId, {
      detected_lang: lang,
      detected_lang_confidence: confidence,
      updated_at: now(),
    });
  };
}
