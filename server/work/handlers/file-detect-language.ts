import { detectFormat } from '../../../src/formats/registry.ts';
import { detectLanguage } from '../../engine/language-detect.ts';
import type { Db } from '../../store/db.ts';
import type { WorkHandler } from '../worker.ts';

const SAMPLE_BYTES = 1024 * 1024;

/**
 * Detects an uploaded file's language from its translatable text (the units its format parses
 * out — not keys or markup), falling back to the raw text for formats we do not parse.
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
    const parts: Buffer[] = [];
    let size = 0;
    const first = await db
      .selectFrom('blob_chunks')
      .select('data')
      .where('blob_id', '=', file.blob_id)
      .orderBy('seq')
      .limit(1)
      .execute();
    for (const { data } of first) {
      parts.push(Buffer.from(data));
      size += data.byteLength;
    }
    const bytes = Buffer.concat(parts).subarray(0, Math.min(size, SAMPLE_BYTES));
    let text: string;
    try {
      const format = detectFormat(file.name, bytes);
      if (!format) throw new Error('no format');
      text = format
        .parse(bytes)
        .filter((u) => u.translatable)
        .map((u) => u.source)
        .join('\n');
    } catch {
      text = bytes.toString('utf8');
    }
    const { lang, confidence } = detectLanguage(text);
    await db
      .updateTable('files')
      .set({ detected_lang: lang, detected_lang_confidence: confidence, updated_at: now() })
      .where('id', '=', fileId)
      .execute();
  };
}
