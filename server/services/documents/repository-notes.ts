/**
 * What the repository sent about a document's units (issue 38) as notes of its XLIFF: the lines
 * of code using each key, and the screenshots showing it, so tools outside the workbench see them.
 */
import type { Db } from '../../store/db.ts';
import { codeLinksOf, documentUnitIds, screenshotsByUnit } from '../../store/file-context.ts';

export async function repositoryNotes(
  db: Db,
  organizationId: number,
  doc: { id: number; file_id: number },
  sourceLang: string,
): Promise<(unitId: string) => string[]> {
  const ids = await documentUnitIds(db, doc.id);
  const links = await codeLinksOf(db, doc.file_id, ids);
  const shots = await screenshotsByUnit(db, organizationId, doc.file_id, ids, sourceLang);
  return (unitId) => {
    const notes: string[] = [];
    const found = links.get(unitId);
    if (found) {
      const more = found.total - found.links.length;
      notes.push(
        `Used in code: ${found.links.map((l) => `${l.path}:${l.line} (${l.url})`).join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      );
    }
    for (const s of shots.get(unitId) ?? []) {
      const box = s.key.box;
      notes.push(
        `Screenshot: ${s.name.replace(/^screenshots\//, '')}${box ? ` at x ${box.x}, y ${box.y}, ${box.w}×${box.h} px` : ''}`,
      );
    }
    return notes;
  };
}
