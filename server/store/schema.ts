/**
 * The platform's tables as Kysely sees them: one file per aggregate under schema/, gathered here
 * so every importer keeps `store/schema.ts`.
 */
import type {
  ApiKeysTable,
  GrantsTable,
  OrganizationsTable,
  UsersTable,
  WorkbenchSessionsTable,
} from './schema/accounts.ts';
import type { ContentPreferencesTable, ContentsTable, ContentTermsTable } from './schema/content.ts';
import type {
  FileCodeLinksTable,
  FileLabelsTable,
  FilesTable,
  InstantTranslationsTable,
  ScreenshotKeysTable,
  ScreenshotsTable,
} from './schema/files.ts';
import type {
  DocumentSegmentsTable,
  DocumentsTable,
  JobFilesTable,
  JobsTable,
  ProjectsTable,
  UnitContextsTable,
  UnitNotesTable,
  WorkflowTemplatesTable,
} from './schema/jobs.ts';
import type {
  MemoriesTable,
  MemoryImportsTable,
  SegmentsTable,
  TermbaseExportsTable,
  TermsTable,
  TmListsTable,
  TmPostingsTable,
} from './schema/memories.ts';
import type { WorkbenchReplacementsTable } from './schema/replacements.ts';
import type { SegmentCommentsTable, SegmentVersionsTable } from './schema/segment-records.ts';
import type {
  WebhookAttemptsTable,
  WebhookConfigurationsTable,
  WebhookDeliveriesTable,
  WebhookMessagesTable,
} from './schema/webhooks.ts';
import type {
  BlobChunksTable,
  BlobsTable,
  RateWindowsTable,
  UsageTable,
  WorkItemsTable,
} from './schema/work.ts';

export type * from './schema/accounts.ts';
export type * from './schema/content.ts';
export type * from './schema/files.ts';
export type * from './schema/jobs.ts';
export type * from './schema/memories.ts';
export type * from './schema/replacements.ts';
export type * from './schema/segment-records.ts';
export type * from './schema/webhooks.ts';
export type * from './schema/work.ts';

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
  tm_lists: TmListsTable;
  tm_postings: TmPostingsTable;
  terms: TermsTable;
  termbase_exports: TermbaseExportsTable;
  usage: UsageTable;
  files: FilesTable;
  file_labels: FileLabelsTable;
  file_code_links: FileCodeLinksTable;
  screenshots: ScreenshotsTable;
  screenshot_keys: ScreenshotKeysTable;
  workflow_templates: WorkflowTemplatesTable;
  jobs: JobsTable;
  job_files: JobFilesTable;
  projects: ProjectsTable;
  documents: DocumentsTable;
  document_segments: DocumentSegmentsTable;
  segment_versions: SegmentVersionsTable;
  segment_comments: SegmentCommentsTable;
  unit_contexts: UnitContextsTable;
  unit_notes: UnitNotesTable;
  instant_translations: InstantTranslationsTable;
  webhook_configurations: WebhookConfigurationsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  content_terms: ContentTermsTable;
  content_preferences: ContentPreferencesTable;
  contents: ContentsTable;
  workbench_sessions: WorkbenchSessionsTable;
  workbench_replacements: WorkbenchReplacementsTable;
}
