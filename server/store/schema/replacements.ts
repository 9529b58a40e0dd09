/** The workbench's search-and-replace runs (their undo records). Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface WorkbenchReplacementsTable {
  id: Generated<number>;
  organization_id: number;
  document_id: number;
  /** The search as typed, and whether it was `plain` text or a `regex`. */
  pattern: string;
  replacement: string;
  mode: string;
  match_case: number;
  /** Segments the replace changed. */
  segment_count: number;
  /** JSON: the segments left alone because someone changed them after the preview (id, unit id). */
  skipped: string;
  /** JSON: per changed segment, its columns before the replace and after it (see replacements.ts). */
  segments: string;
  created_by: string | null;
  created_at: number;
  undone_by: string | null;
  undone_at: number | null;
}
