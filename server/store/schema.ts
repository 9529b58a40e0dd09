import type { Generated } from 'kysely';

/** Every table of the platform, as Kysely sees it. Times are epoch milliseconds. */
export interface PlatformSchema {
  organizations: OrganizationsTable;
  users: UsersTable;
  grants: GrantsTable;
  api_keys: ApiKeysTable;
  rate_windows: RateWindowsTable;
  work_items: WorkItemsTable;
  blobs: BlobsTable;
  blob_chunks: BlobChunksTable;
  memories: MemoriesTable;
  memory_imports: MemoryImportsTable;
  segments: SegmentsTable;
  terms: TermsTable;
  termbase_exports: TermbaseExportsTable;
  usage: UsageTable;
  files: FilesTable;
  file_labels: FileLabelsTable;
  workflow_templates: WorkflowTemplatesTable;
  jobs: JobsTable;
  job_files: JobFilesTable;
  projects: ProjectsTable;
  documents: DocumentsTable;
  document_segments: DocumentSegmentsTable;
  instant_translations: InstantTranslationsTable;
  webhook_configurations: WebhookConfigurationsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  content_terms: ContentTermsTable;
  content_preferences: ContentPreferencesTable;
  contents: ContentsTable;
  workbench_sessions: WorkbenchSessionsTable;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  created_at: number;
}

export type Role = 'admin' | 'member';

export interface GrantsTable {
  organization_id: number;
  user_id: number;
  role: Role;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  organization_id: number;
  user_id: number;
  name: string;
  /** First 8 hex characters after `svc_`; safe to show, used to find the row before comparing hashes. */
  prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface RateWindowsTable {
  organization_id: number;
  /** `general`, `limited_requests` or `limited_chars`. */
  bucket: string;
  /** Start of the fixed window, epoch ms. */
  window_start: number;
  used: number;
}

export type WorkStatus = 'queued' | 'running' | 'done' | 'dead';

export interface WorkItemsTable {
  id: Generated<number>;
  kind: string;
  /** JSON. */
  payload: string;
  organization_id: number | null;
  status: WorkStatus;
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  /** The API request that created the item (request-context.ts); null for items made elsewhere. */
  request_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface BlobsTable {
  id: Generated<number>;
  organization_id: number;
  size: number;
  md5: string;
  /** 0 while chunks are being written; an incomplete blob is never read. */
  complete: number;
  created_at: number;
}

export interface BlobChunksTable {
  blob_id: number;
  seq: number;
  data: Uint8Array;
}

export interface MemoriesTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  srclang: string;
  srclocale: string | null;
  trglang: string;
  trglocale: string | null;
  /** Counts changes to the memory's content; in-process TM indexes compare it to know they are current. */
  version: number;
  /** Imports and termbase exports running (a count, so overlapping work is tracked). */
  processing: number;
  created_at: number;
  updated_at: number;
}

export type ImportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface MemoryImportsTable {
  id: Generated<number>;
  memory_id: number;
  /** `tm` or `termbase` once known; `unknown` before the worker looked at the file. */
  kind: string;
  name: string;
  blob_id: number | null;
  /** JSON of the import options (filters, header row, skip duplicates). */
  options: string;
  status: ImportStatus;
  error: string | null;
  added: number;
  skipped: number;
  created_at: number;
  finished_at: number | null;
}

export interface SegmentsTable {
  id: Generated<number>;
  memory_id: number;
  source: string;
  target: string;
  source_hash: string;
  notes: string | null;
  resource_name: string | null;
  user_email: string | null;
  /** The import that staged the row (null for segments written directly). */
  import_id: number | null;
  /** 0 while an import is staging the row, 1 once the import committed. */
  visible: number;
  created_at: number;
}

export interface TermsTable {
  id: Generated<number>;
  memory_id: number;
  source: string;
  target: string;
  notes: string | null;
  import_id: number | null;
  visible: number;
  created_at: number;
}

export interface TermbaseExportsTable {
  memory_id: number;
  csv: string | null;
  /** `running` or `ready`. */
  status: string;
  created_at: number;
}

export interface UsageTable {
  organization_id: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** e.g. `mt_characters`. */
  metric: string;
  amount: number;
}

export interface FilesTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  blob_id: number;
  size: number;
  file_hash: string;
  /** ISO 639-1 code, `zxx` until detected (or when there is no linguistic content). */
  detected_lang: string;
  detected_lang_confidence: number;
  category: 'API' | 'REFERENCE';
  project_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface FileLabelsTable {
  file_id: number;
  label: string;
}

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
  words: number;
  updated_by: string | null;
  updated_at: number;
}

export type InstantStatus = 'InProgress' | 'Completed' | 'Failed' | 'ReadyForDownload';

export interface InstantTranslationsTable {
  id: Generated<number>;
  organization_id: number;
  file_id: number;
  memory_id: number;
  status: InstantStatus;
  error_msg: string | null;
  result_blob_id: number | null;
  with_tm: number;
  config_id: number | null;
  trglang: string;
  trglocale: string | null;
  characters: number;
  created_at: number;
  updated_at: number;
}

export interface WebhookConfigurationsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  url: string;
  /** JSON array of event type names. */
  event_types: string;
  /** `whsec_…`; kept in plaintext because every delivery is signed with it. */
  secret: string;
  /** The secret before the last rotation, still signed with until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  enabled: number;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
  /** Soft delete: deleted configurations are never returned, their deliveries stay readable in the log. */
  deleted_at: number | null;
}

/** The outbox: one row per emitted event that had at least one subscribed configuration. */
export interface WebhookMessagesTable {
  /** `msg_…`, sent as the webhook-id header on every attempt. */
  id: string;
  organization_id: number;
  event_type: string;
  /** The JSON body sent, byte for byte the same on every attempt. */
  body: string;
  created_at: number;
  /** The request that caused the event, sent as `svc-request-id`. */
  request_id: string | null;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'disabled';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  message_id: string;
  configuration_id: number;
  organization_id: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the first attempt failed; retries are scheduled at fixed offsets from it. */
  first_failed_at: number | null;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface ContentTermsTable {
  organization_id: number;
  signed_agreement: number;
  signed_at: number;
}

export interface ContentPreferencesTable {
  organization_id: number;
  /** JSON object: tone, styleguide and any further content fields saved with them. */
  preferences: string;
  updated_at: number;
}

export type ContentStatus = 'generating' | 'completed' | 'failed';

export interface ContentsTable {
  id: Generated<number>;
  organization_id: number;
  name: string | null;
  language: string;
  template: string;
  /** JSON object. */
  template_params: string;
  /** JSON object (the organization's preferences merged with the request's at generation). */
  preferences: string;
  status: ContentStatus;
  /** The whole generated text, once generation finished. */
  result: string | null;
  error: string | null;
  /** Which generator produced the result (`offline`, `openai:<model>`). */
  generator: string | null;
  /** Bumped by each regeneration; only the current generation records its outcome. */
  generation: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface WorkbenchSessionsTable {
  /** SHA-256 of the session cookie's token; the token itself is never stored. */
  token_hash: string;
  organization_id: number;
  api_key_id: string;
  user_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}
