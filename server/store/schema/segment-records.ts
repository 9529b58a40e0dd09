/** What people and machines did to a document segment: its versions and the comments on it. Times are epoch milliseconds. */
import type { Generated } from 'kysely';
import type { SegmentStatus } from './jobs.ts';

/** Who wrote a version: a person's email, or the machine that filled the segment. */
export type VersionAuthor = string;

/** What wrote a version: the workbench editor, pretranslation or the document's import. */
export type VersionAction =
  | 'save'
  | 'confirm'
  | 'confirm-all'
  | 'restore'
  | 'pretranslate'
  | 'import'
  | 'replace'
  | 'undo-replace';

export interface SegmentVersionsTable {
  id: Generated<number>;
  segment_id: number;
  target: string | null;
  /** JSON PluralForms for plural units. */
  target_plural: string | null;
  status: SegmentStatus;
  /** A person's email (empty for a user without one), or `tm`, `mt`, `import`. */
  author: VersionAuthor;
  action: VersionAction;
  created_at: number;
}

export interface SegmentCommentsTable {
  id: Generated<number>;
  organization_id: number;
  job_id: number;
  document_id: number;
  segment_id: number;
  /** The email of who wrote it (empty for a user without one). */
  author: string;
  /** Plain text, never markup. */
  body: string;
  resolved_at: number | null;
  resolved_by: string | null;
  created_at: number;
}
