/** Code links of source files' units, and screenshots with the keys they show (migration 0016). */
import type { CodeLink, ScreenshotInfo, ScreenshotKey } from '../../src/api/schemas/file-context.ts';
import { codeKeysOf } from '../../src/context/code-links.ts';
import type { Db } from './db.ts';
import { labelsOf } from './files.ts';

/** Rows per INSERT: well under SQLite's 32,766 bound parameters at six columns a row. */
const BATCH = 500;

/** Stores the code links of units of a file, replacing those units' earlier links. */
export async function upsertCodeLinks(
  db: Db,
  fileId: number,
  units: { id: string; total: number; links: CodeLink[] }[],
): Promise<void> {
  if (units.length === 0) return;
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < units.length; i += BATCH) {
      const batch = units.slice(i, i + BATCH);
      await tx
        .deleteFrom('file_code_links')
        .where('file_id', '=', fileId)
        .where(
          'unit_id',
          'in',
          batch.map((u) => u.id),
        )
        .execute();
      await tx
        .insertInto('file_code_links')
        .values(
          batch.map((u) => ({
            file_id: fileId,
            unit_id: u.id,
            links: JSON.stringify(u.links),
            total: u.total,
          })),
        )
        .execute();
    }
  });
}

/** The code links of the given units of a file, by unit id (units without links are absent). */
export async function codeLinksOf(
  db: Db,
  fileId: number,
  unitIds: readonly string[],
): Promise<Map<string, { links: CodeLink[]; total: number }>> {
  const out = new Map<string, { links: CodeLink[]; total: number }>();
  for (let i = 0; i < unitIds.length; i += BATCH) {
    const rows = await db
      .selectFrom('file_code_links')
      .select(['unit_id', 'links', 'total'])
      .where('file_id', '=', fileId)
      .where('unit_id', 'in', unitIds.slice(i, i + BATCH))
      .execute();
    for (const r of rows) out.set(r.unit_id, { links: JSON.parse(r.links) as CodeLink[], total: r.total });
  }
  return out;
}

/** Marks a file as a screenshot of `keys` (replacing the keys it had). */
export async function setScreenshot(
  db: Db,
  fileId: number,
  size: { width: number; height: number },
  keys: readonly ScreenshotKey[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('screenshot_keys').where('file_id', '=', fileId).execute();
    await tx.deleteFrom('screenshots').where('file_id', '=', fileId).execute();
    await tx
      .insertInto('screenshots')
      .values({ file_id: fileId, ...size })
      .execute();
    for (let i = 0; i < keys.length; i += BATCH) {
      await tx
        .insertInto('screenshot_keys')
        .values(
          keys.slice(i, i + BATCH).map((k) => ({
            file_id: fileId,
            unit_key: k.key,
            x: k.box?.x ?? null,
            y: k.box?.y ?? null,
            w: k.box?.w ?? null,
            h: k.box?.h ?? null,
          })),
        )
        .execute();
    }
  });
}

type KeyRow = {
  file_id: number;
  unit_key: string;
  x: number | null;
  y: number | null;
  w: number | null;
  h: number | null;
};

const keyOf = (r: KeyRow): ScreenshotKey =>
  r.x === null || r.y === null || r.w === null || r.h === null
    ? { key: r.unit_key }
    : { key: r.unit_key, box: { x: r.x, y: r.y, w: r.w, h: r.h } };

/** Screenshot facts of the files among `fileIds` that are screenshots. */
export async function screenshotsOf(
  db: Db,
  fileIds: readonly number[],
): Promise<Map<number, ScreenshotInfo>> {
  const out = new Map<number, ScreenshotInfo>();
  for (let i = 0; i < fileIds.length; i += BATCH) {
    const ids = fileIds.slice(i, i + BATCH);
    const shots = await db.selectFrom('screenshots').selectAll().where('file_id', 'in', ids).execute();
    if (shots.length === 0) continue;
    for (const s of shots) out.set(s.file_id, { width: s.width, height: s.height, keys: [] });
    const keys = await db
      .selectFrom('screenshot_keys')
      .selectAll()
      .where(
        'file_id',
        'in',
        shots.map((s) => s.file_id),
      )
      .orderBy('file_id')
      .orderBy('unit_key')
      .execute();
    for (const k of keys) out.get(k.file_id)?.keys.push(keyOf(k));
  }
  return out;
}

export interface ScreenshotOfKey {
  fileId: number;
  name: string;
  width: number;
  height: number;
  key: ScreenshotKey;
}

/**
 * The organization's screenshots showing any of `keys`, newest first; with `label`, only those
 * carrying it (the `repo:` label of the document's file: screenshots of the same repository).
 */
export async function screenshotsShowing(
  db: Db,
  organizationId: number,
  keys: readonly string[],
  label: string | undefined,
): Promise<ScreenshotOfKey[]> {
  if (keys.length === 0) return [];
  let q = db
    .selectFrom('screenshot_keys as k')
    .innerJoin('screenshots as s', 's.file_id', 'k.file_id')
    .innerJoin('files as f', 'f.id', 'k.file_id')
    .select(['k.file_id', 'k.unit_key', 'k.x', 'k.y', 'k.w', 'k.h', 'f.name', 's.width', 's.height'])
    .where('f.organization_id', '=', organizationId)
    .where('k.unit_key', 'in', [...new Set(keys)]);
  if (label !== undefined)
    q = q.where('k.file_id', 'in', (eb) =>
      eb.selectFrom('file_labels').select('file_id').where('label', '=', label),
    );
  const rows = await q.orderBy('k.file_id', 'desc').execute();
  return rows.map((r) => ({
    fileId: r.file_id,
    name: r.name,
    width: r.width,
    height: r.height,
    key: keyOf(r),
  }));
}

/** A screenshot of the organization: its blob and size in bytes, or undefined. */
export async function ownedScreenshot(
  db: Db,
  organizationId: number,
  fileId: number,
): Promise<{ blob_id: number; size: number; name: string } | undefined> {
  return db
    .selectFrom('files as f')
    .innerJoin('screenshots as s', 's.file_id', 'f.id')
    .select(['f.blob_id', 'f.size', 'f.name'])
    .where('f.organization_id', '=', organizationId)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}

/**
 * Per unit id, the screenshots showing its key, newest first: a screenshot names a key as code
 * spells it (codeKeysOf) or as the unit id. They are the organization's, narrowed to the
 * repository of the unit's file when that file carries a `repo:` label.
 */
export async function screenshotsByUnit(
  db: Db,
  organizationId: number,
  fileId: number,
  unitIds: readonly string[],
  sourceLang: string,
): Promise<Map<string, ScreenshotOfKey[]>> {
  const out = new Map<string, ScreenshotOfKey[]>();
  const spellings = new Map(unitIds.map((id) => [id, [...new Set([id, ...codeKeysOf(id, sourceLang)])]]));
  const repo = (await labelsOf(db, [fileId])).get(fileId)?.find((l) => l.startsWith('repo:'));
  const keys = [...new Set([...spellings.values()].flat())];
  const byKey = new Map<string, ScreenshotOfKey[]>();
  for (let i = 0; i < keys.length; i += BATCH) {
    for (const s of await screenshotsShowing(db, organizationId, keys.slice(i, i + BATCH), repo)) {
      const list = byKey.get(s.key.key) ?? [];
      list.push(s);
      byKey.set(s.key.key, list);
    }
  }
  for (const [id, spelt] of spellings) {
    const seen = new Set<number>();
    const shots = spelt
      .flatMap((k) => byKey.get(k) ?? [])
      .filter((s) => !seen.has(s.fileId) && seen.add(s.fileId))
      .sort((a, b) => b.fileId - a.fileId);
    if (shots.length > 0) out.set(id, shots);
  }
  return out;
}

/** The unit ids of a document's segments. */
export async function documentUnitIds(db: Db, documentId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('document_segments')
    .select('unit_id')
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.unit_id);
}
