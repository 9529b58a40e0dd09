import type { PluralForms, Translations } from '../../../src/formats/model.ts';
import { formatByName } from '../../../src/formats/registry.ts';
import { newTarget } from '../../../src/formats/target.ts';
import { readBlobBytes } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import { findFileBlobId } from '../../store/files.ts';
import { segmentTargets } from '../../store/jobs/segments.ts';

/** The target language tag a document renders for (`de`, `de-AT`). */
export function targetTag(project: { trglang: string; trglocale: string | null }): string {
  return project.trglocale ? `${project.trglang}-${project.trglocale}` : project.trglang;
}

/** A document's current translations, by unit id, as render takes them. */
export async function documentTranslations(
  db: Db,
  documentId: number,
): Promise<Map<string, string | PluralForms>> {
  const rows = await segmentTargets(db, documentId);
  const out = new Map<string, string | PluralForms>();
  for (const row of rows) {
    if (row.target_plural !== null) out.set(row.unit_id, JSON.parse(row.target_plural) as PluralForms);
    else if (row.target !== null) out.set(row.unit_id, row.target);
  }
  return out;
}

/**
 * The document's file in its own format with the current translations put in — only translated
 * text differs from the uploaded original, and what the format keeps to its default resources
 * (Android's `translatable="false"`) is left out, as a target file written by a sync would.
 */
export async function renderDocument(
  db: Db,
  document: { id: number; file_id: number; format: string | null; name: string },
  project: { trglang: string; trglocale: string | null; srclang: string },
  translations?: Translations,
): Promise<Uint8Array> {
  const format = document.format ? formatByName(document.format) : undefined;
  if (!format) throw new Error(`document ${document.id} (${document.name}) was not imported`);
  const original = await readBlobBytes(db, await fileBlobOf(db, document.file_id));
  return newTarget(format, original, translations ?? (await documentTranslations(db, document.id)), {
    targetLang: targetTag(project),
    sourceLang: project.srclang,
    fileName: document.name,
  });
}

/** The blob of a document's file; a document's file outlives it (files in use cannot be deleted). */
export async function fileBlobOf(db: Db, fileId: number): Promise<number> {
  const blobId = await findFileBlobId(db, fileId);
  if (blobId === undefined) throw new Error(`file ${fileId} does not exist`);
  return blobId;
}
