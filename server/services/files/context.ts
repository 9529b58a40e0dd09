/** Context sent with files (issue 38): code links of a source file's units, a screenshot's keys. */
import type { z } from 'zod';
import type { CodeLinksBody, ScreenshotBody } from '../../../src/api/schemas/file-context.ts';
import { boxProblem, PNG_HEADER_BYTES, readPngHeader } from '../../../src/screenshots/png.ts';
import { HttpError } from '../../http/errors.ts';
import type { Db } from '../../store/db.ts';
import { setScreenshot, upsertCodeLinks } from '../../store/file-context.ts';
import { type FileRow, firstChunkOfBlob } from '../../store/files.ts';

/** `https://host/o/r/blob/<sha>/<path>#L<line>`, each path segment percent-encoded. */
export function blobLineUrl(repository: string, commit: string, path: string, line: number): string {
  // A lone surrogate (JSON can carry one) cannot be percent-encoded: U+FFFD stands in for it.
  const encoded = path.toWellFormed().split('/').map(encodeURIComponent).join('/');
  return `${repository}/blob/${commit}/${encoded}#L${line}`;
}

/** Stores where a source file's unit keys are used, as links to lines at the commit. */
export async function storeCodeLinks(
  db: Db,
  file: FileRow,
  body: z.infer<typeof CodeLinksBody>,
): Promise<void> {
  const seen = new Set<string>();
  for (const unit of body.units) {
    if (seen.has(unit.id)) throw new HttpError(400, `units: unit "${unit.id}" is listed twice`);
    seen.add(unit.id);
    if (unit.total < unit.links.length)
      throw new HttpError(
        400,
        `units: unit "${unit.id}" has total ${unit.total} but ${unit.links.length} links`,
      );
  }
  await upsertCodeLinks(
    db,
    file.id,
    body.units.map((u) => ({
      id: u.id,
      total: u.total,
      links: u.links.map((l) => ({ ...l, url: blobLineUrl(body.repository, body.commit, l.path, l.line) })),
    })),
  );
}

/**
 * Marks a REFERENCE file as a screenshot of the keys given. The file must be a PNG (its header is
 * read) and every box must lie inside the image; keys are distinct.
 */
export async function storeScreenshot(
  db: Db,
  file: FileRow,
  body: z.infer<typeof ScreenshotBody>,
): Promise<{ width: number; height: number }> {
  if (file.category !== 'REFERENCE')
    throw new HttpError(
      400,
      `file ${file.id} is not a REFERENCE file; upload screenshots with category=REFERENCE`,
    );
  const first = (await firstChunkOfBlob(db, file.blob_id)) ?? new Uint8Array();
  const png = readPngHeader(first.subarray(0, PNG_HEADER_BYTES));
  if ('problem' in png) throw new HttpError(400, `file ${file.id} (${file.name}) ${png.problem}`);
  const seen = new Set<string>();
  for (const [i, k] of body.keys.entries()) {
    if (seen.has(k.key)) throw new HttpError(400, `keys[${i}]: key "${k.key}" is listed twice`);
    seen.add(k.key);
    const problem = k.box ? boxProblem(k.box, png) : undefined;
    if (problem) throw new HttpError(400, `keys[${i}] (${k.key}): ${problem}`);
  }
  await setScreenshot(db, file.id, png, body.keys);
  return png;
}
