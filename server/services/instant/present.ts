/** How a file translation looks to callers (spec, Instant translation), shaped from its row. */
import type { FileTranslationStatus } from '../../../src/api/schemas/instant.ts';
import type { InstantTranslationRow } from '../../store/instant-translations.ts';

/** Times in whole seconds; the error message only when there is one. */
export function presentStatus(row: InstantTranslationRow): FileTranslationStatus {
  return {
    id: row.id,
    fileId: String(row.file_id),
    status: row.status,
    createdAt: Math.floor(row.created_at / 1000),
    memoryId: row.memory_id,
    trgLang: row.trglang,
    trgLocale: row.trglocale,
    ...(row.error_msg ? { errorMsg: row.error_msg } : {}),
  };
}
