/**
 * What the repository says about the segments on an editor page (issue 38): the lines of code
 * that use each unit's key, and the screenshots showing it with its box. Screenshots are the
 * organization's, narrowed to the repository of the document's file when it names one.
 */
import type { CodeLink } from '../../../src/api/schemas/file-context.ts';
import { readBlob } from '../../store/blobs.ts';
import type { Db } from '../../store/db.ts';
import {
  codeLinksOf,
  ownedScreenshot,
  type ScreenshotOfKey,
  screenshotsByUnit,
} from '../../store/file-context.ts';

/** Screenshots shown per segment (the most recent first). */
export const SCREENSHOTS_PER_SEGMENT = 3;

export interface RepositoryContext {
  codeLinks: { links: CodeLink[]; total: number } | undefined;
  screenshots: ScreenshotOfKey[];
  /** Screenshots of the key beyond those shown. */
  moreScreenshots: number;
}

/** Per unit id of the page: its code links and screenshots (absent when it has neither). */
export async function segmentContexts(
  db: Db,
  organizationId: number,
  fileId: number,
  unitIds: readonly string[],
  sourceLang: string,
): Promise<Map<string, RepositoryContext>> {
  const out = new Map<string, RepositoryContext>();
  if (unitIds.length === 0) return out;
  const links = await codeLinksOf(db, fileId, unitIds);
  const shotsOf = await screenshotsByUnit(db, organizationId, fileId, unitIds, sourceLang);
  for (const id of unitIds) {
    const all = shotsOf.get(id) ?? [];
    const codeLinks = links.get(id);
    if (!codeLinks && all.length === 0) continue;
    out.set(id, {
      codeLinks,
      screenshots: all.slice(0, SCREENSHOTS_PER_SEGMENT),
      moreScreenshots: Math.max(0, all.length - SCREENSHOTS_PER_SEGMENT),
    });
  }
  return out;
}

/** A screenshot's bytes for the workbench, or undefined when it is not the organization's screenshot. */
export async function screenshotImage(
  db: Db,
  organizationId: number,
  fileId: number,
): Promise<{ size: number; name: string; chunks: AsyncIterable<Uint8Array> } | undefined> {
  const shot = await ownedScreenshot(db, organizationId, fileId);
  return shot && { size: shot.size, name: shot.name, chunks: readBlob(db, shot.blob_id) };
}
