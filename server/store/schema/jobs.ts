/** Jobs with their workflow templates, projects, documents and document segments. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface WorkflowTemplatesTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  /** JSON: [{name, assignmentType}]. */
  stages: string;
  created_at: number;
}

export type JobStatus = 'active' | 'delivered' | 'archived';

export type CreationStatus = 'PENDING' | 'COMPLETE' | 'FAILED';

export interface JobsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  due: number | null;
  status: JobStatus;
  creation_status: CreationStatus;
  /** 1 while an export runs, 0 when idle, -2 when the last export failed. */
  is_processing: number;
  export_error: string | null;
  export_blob_id: number | null;
  delivered_at: number | null;
  archived_at: number | null;
  deleted_at: number | null;
  srclang: string;
  srclocale: string | null;
  is_plural: number;
  workflow_template_id: number;
  domain_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface JobFilesTable {
  job_id: number;
  file_id: number;
  position: number;
}

export interface ProjectsTable {
  id: Generated<number>;
  organization_id: number;
  job_id: number;
  memory_id: number;
  name: string;
  srclang: string;
  srclocale: string | null;
  trglang: string;
  trglocale: string | null;
  /** Index of the current stage of the job's workflow template. */
  stage: number;
  archived: number;
  /** JSON object of string values. */
  metadata: string;
  sample_review_percentage: number;
  connector_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface DocumentsTable {
  id: Generated<number>;
  organization_id: number;
  project_id: number;
  file_id: number;
  name: string;
  /** The format module that parsed it (`json`, `po`, …); null until imported. */
  format: string | null;
  import_in_progress: number;
  import_succeeded: number;
  import_error_message: string | null;
  export_in_progress: number;
  export_succeeded: number;
  export_error_message: string | null;
  is_pretranslating: number;
  /** `idle`, `queued`, `running`, `done`, `failed`. */
  pretranslation: string;
  is_review_complete: number;
  translator_email: string | null;
  reviewer_email: string | null;
  customer_reviewer_email: string | null;
  created_at: number;
  updated_at: number;
}

export type SegmentStatus = 'new' | 'draft' | 'translated' | 'confirmed' | 'reviewed';

export interface DocumentSegmentsTable {
  id: Generated<number>;
  document_id: number;
  position: number;
  /** The unit's id in the file (what render takes translations by). */
  unit_id: string;
  source: string;
  /** JSON PluralForms for plural units. */
  source_plural: string | null;
  target: string | null;
  target_plural: string | null;
  status: SegmentStatus;
  /** Best TM score at import (100 exact, 75–99 fuzzy, 0 new). */
  match_score: number;
  /** Where the target came from: `tm`, `mt`, `human`. */
  origin: string | null;
  context: string | null;
  notes: string | null;
  max_length: number | null;
  /** What the file says the unit is (ARB `description`, PO `#.`); the repository's is in unit_contexts. */
  description: string | null;
  /** JSON Record<name, PlaceholderInfo> the file gives (ARB placeholders, Android `<xliff:g>`). */
  placeholders_json: string | null;
  words: number;
  updated_by: string | null;
  updated_at: number;
  /** Raised by every write of the target or status (0 as imported): what a save started from. */
  revision: Generated<number>;
}

/**
 * A unit's context as the repository's context rules give it (`.svc.yml` `context:`, a
 * `*.context.yml`), by the file's name (its repository path) and the unit's id: every sync
 * replaces a file's rows, so the repository owns these fields and the platform refuses edits.
 */
export interface UnitContextsTable {
  organization_id: number;
  file_name: string;
  unit_id: string;
  description: string | null;
  max_length: number | null;
  /** JSON `{ px, font }`. */
  max_width_json: string | null;
  /** JSON Record<name, PlaceholderInfo>. */
  placeholders_json: string | null;
  do_not_translate: number;
  /** JSON field → the repository file the field is written in. */
  origins_json: string;
  updated_at: number;
}

/** A note people added on the platform to a unit of a file; no sync changes or removes it. */
export interface UnitNotesTable {
  id: Generated<number>;
  organization_id: number;
  file_name: string;
  unit_id: string;
  text: string;
  author: string;
  created_at: number;
}
