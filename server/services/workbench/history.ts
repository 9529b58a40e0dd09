import type { PluralForms } from '../../../src/formats/model.ts';
import type { Db } from '../../store/db.ts';
import {
  findVersion,
  type SegmentVersionRow,
  versionCounts,
  versionsOf,
} from '../../store/jobs/segment-versions.ts';
import { type DocumentSegmentRow, findDocumentSegment } from '../../store/jobs/segments.ts';
import { entriesForSources } from '../../store/memories/same-source.ts';
import type { SegmentStatus, VersionAction } from '../../store/schema.ts';
import { type DocumentRow, type OwnedProject, ownedDocument } from './access.ts';
import { type CommentView, commentsBySegment } from './comments.ts';
import {
  type Editor,
  type EditResult,
  isLocked,
  type SegmentEditor,
  type TargetEdit,
} from './segment-edit.ts';

/** One version of a segment as people read it. */
export interface VersionView {
  id: number;
  target: string | null;
  targetPlural: PluralForms | undefined;
  status: SegmentStatus;
  /** A person's email (empty for a user without one), or `tm`, `mt`, `import`. */
  author: string;
  action: VersionAction;
  at: number;
  /** The newest version with the segment's text now. */
  current: boolean;
  /** Its text differs from the segment's text now (restoring it would change something). */
  restorable: boolean;
}

/** An entry of the project's memory for the segment's source: what the memory will offer, by whom, since when. */
export interface MemoryRecord {
  target: string;
  userEmail: string | null;
  resourceName: string | null;
  imported: boolean;
  at: number;
}

/** What happened to a segment: its newest versions, the memory's entries for its source, its comments. */
export interface SegmentRecord {
  versions: VersionView[];
  /** Every version the segment has (more than `versions` holds when only the newest are shown). */
  versionCount: number;
  memory: MemoryRecord[];
  comments: CommentView[];
  openComments: number;
}

/** Versions per segment on an editor page (the history page shows all). */
export const EDITOR_VERSIONS = 5;
/** Memory entries per source on an editor page and on the history page. */
const EDITOR_MEMORY = 3;
const PAGE_MEMORY = 20;

type SegmentText = Pick<DocumentSegmentRow, 'id' | 'source' | 'source_plural' | 'target' | 'target_plural'>;

const sameText = (a: { target: string | null; target_plural: string | null }, b: typeof a) =>
  a.target === b.target && a.target_plural === b.target_plural;

/** Versions of one segment, newest first, with the newest holding its text now marked current. */
function versionViews(rows: SegmentVersionRow[], segment: SegmentText): VersionView[] {
  const views = rows.map((r) => versionView(r, segment));
  const current = views.find((v) => !v.restorable);
  if (current) current.current = true;
  return views;
}

function versionView(row: SegmentVersionRow, segment: SegmentText): VersionView {
  return {
    id: row.id,
    target: row.target,
    targetPlural: row.target_plural === null ? undefined : (JSON.parse(row.target_plural) as PluralForms),
    status: row.status,
    author: row.author,
    action: row.action,
    at: row.created_at,
    current: false,
    restorable: !sameText(row, segment),
  };
}

/** The source the memory holds a segment under (plural units: their `other` form, as the memory is fed). */
function memorySource(segment: SegmentText): string {
  return segment.source_plural ? (JSON.parse(segment.source_plural) as PluralForms).other : segment.source;
}

/**
 * The records of segments (an editor page's, or one segment's history page): their newest
 * versions (`versionsPerSegment`, or `all`), the memory's entries for their sources and
 * their comments, read in one query each.
 */
export async function segmentRecords(
  db: Db,
  memoryId: number,
  segments: readonly SegmentText[],
  versionsPerSegment: number | 'all' = EDITOR_VERSIONS,
): Promise<Map<number, SegmentRecord>> {
  const ids = segments.map((s) => s.id);
  const [versions, counts, comments, entries] = await Promise.all([
    versionsOf(db, ids, versionsPerSegment === 'all' ? undefined : versionsPerSegment),
    versionCounts(db, ids),
    commentsBySegment(db, ids),
    entriesForSources(
      db,
      memoryId,
      segments.map(memorySource),
      versionsPerSegment === 'all' ? PAGE_MEMORY : EDITOR_MEMORY,
    ),
  ]);
  const out = new Map<number, SegmentRecord>();
  for (const s of segments) {
    const own = comments.get(s.id) ?? [];
    const source = memorySource(s);
    out.set(s.id, {
      versions: versionViews(
        versions.filter((v) => v.segment_id === s.id),
        s,
      ),
      versionCount: counts.get(s.id) ?? 0,
      memory: entries
        .filter((e) => e.source === source)
        .map((e) => ({
          target: e.target,
          userEmail: e.user_email,
          resourceName: e.resource_name,
          imported: e.import_id !== null,
          at: e.created_at,
        })),
      comments: own,
      openComments: own.filter((c) => c.resolvedAt === null).length,
    });
  }
  return out;
}

export interface SegmentHistoryView extends OwnedProject {
  document: DocumentRow;
  segment: DocumentSegmentRow;
  record: SegmentRecord;
  /** The project is done or its job no longer active: nothing can be restored. */
  locked: boolean;
}

/** One segment with every version, the memory's entries for its source and its comments; undefined when not the organization's. */
export async function segmentHistory(
  db: Db,
  organizationId: number,
  documentId: number,
  segmentId: number,
): Promise<SegmentHistoryView | undefined> {
  const owned = await ownedDocument(db, organizationId, documentId);
  const segment = owned && (await findDocumentSegment(db, documentId, segmentId));
  if (!owned || !segment) return undefined;
  const records = await segmentRecords(db, owned.project.memory_id, [segment], 'all');
  const locked = isLocked(owned);
  return { ...owned, segment, record: records.get(segment.id)!, locked };
}

/** The edit that writes a version's text back into its segment. */
function editOf(version: SegmentVersionRow, plural: boolean): TargetEdit {
  if (!plural) return { target: version.target ?? '' };
  return {
    targetPlural: version.target_plural ? (JSON.parse(version.target_plural) as PluralForms) : { other: '' },
  };
}

/**
 * Brings an earlier version's text back: saved (not confirmed) through the editor's rules, so a
 * done project or delivered job refuses it, placeholder QA shows on the result, and the restore is
 * itself recorded as a new version. Someone signs the restored text off by confirming it.
 */
export async function restoreVersion(
  deps: { db: Db; editor: SegmentEditor },
  person: Editor,
  documentId: number,
  segmentId: number,
  versionId: number,
): Promise<EditResult> {
  const owned = await ownedDocument(deps.db, person.organizationId, documentId);
  const segment = owned && (await findDocumentSegment(deps.db, documentId, segmentId));
  const version = segment && (await findVersion(deps.db, segmentId, versionId));
  if (!segment || !version) return { ok: false, reason: 'not-found' };
  return deps.editor.save(
    person,
    documentId,
    segmentId,
    editOf(version, segment.source_plural !== null),
    false,
    {
      restore: true,
    },
  );
}
