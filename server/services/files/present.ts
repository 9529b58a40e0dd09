import type { ScreenshotInfo } from '../../../src/api/schemas/file-context.ts';
import type { FileRecord } from '../../../src/api/schemas/files.ts';
import type { FileRow } from '../../store/files.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Files as the API shows them, each with its labels (from labelsOf: none for a file absent there). */
export function presentFiles(
  rows: FileRow[],
  labels: Map<number, string[]>,
  screenshots?: Map<number, ScreenshotInfo>,
): FileRecord[] {
  return rows.map((r) => presentFile(r, labels.get(r.id) ?? [], screenshots?.get(r.id)));
}

/** A file as the API shows it, with its labels in the order labelsOf gives them. */
export function presentFile(r: FileRow, labels: string[], screenshot?: ScreenshotInfo): FileRecord {
  return {
    id: r.id,
    name: r.name,
    file_hash: r.file_hash,
    detected_lang: r.detected_lang,
    detected_lang_confidence: r.detected_lang_confidence,
    category: r.category,
    labels,
    size: r.size,
    project_id: r.project_id,
    ...(screenshot ? { screenshot } : {}),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}
