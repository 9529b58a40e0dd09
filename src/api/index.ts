/**
 * svc-connector's platform client: `createClient` and its helpers, the response types, and the
 * typed errors a call can end in. See client.ts for an example.
 */

export type { ApiKeysClient } from './client/api-keys.ts';
export type {
  CallExtras,
  DownloadAs,
  Downloaded,
  DownloadOptions,
  UploadBody,
} from './client/common.ts';
export type { DocumentsClient, DocumentUploadRequest, PretranslateResult } from './client/documents.ts';
export type { FilesClient, FileUploadRequest } from './client/files.ts';
export type {
  InstantClient,
  InstantTranslateRequest,
  TranslationFilter,
} from './client/instant.ts';
export type { JobListFilter, JobStats, JobsClient } from './client/jobs.ts';
export type { LanguagesClient } from './client/languages.ts';
export type {
  DeleteMemoryResult,
  DeleteSegmentResult,
  ImportResult,
  MemoriesClient,
  MemoryImportRequest,
  TermbaseExportResult,
} from './client/memories.ts';
export type { ProjectFilter, ProjectsClient } from './client/projects.ts';
export type { TranslateClient } from './client/translate.ts';
export type { WebhooksClient } from './client/webhooks.ts';
export type { WorkflowsClient } from './client/workflows.ts';
export { type Client, type ClientOptions, clientOver, createClient } from './client.ts';
export {
  ApiError,
  LimitExceededError,
  NetworkError,
  RateLimitError,
  ResponseSchemaError,
  type SchemaIssue,
  TimeoutError,
  ZipError,
} from './errors.ts';
export * from './helpers/index.ts';
export type {
  ApiResponse,
  CallOptions,
  ClientCounters,
  ClientLogger,
  Transport,
  TransportOptions,
} from './http.ts';
export { createTransport } from './http.ts';
export { type Allowance, type LimitsConfig, limitsFromEnv, PLATFORM_LIMITS } from './limiter/index.ts';
export { type PollOptions, poll } from './poll.ts';
export type { ApiKeyCreated, ApiKeyRecord, ApiKeyRotated } from './schemas/api-keys.ts';
export type { FileRecord } from './schemas/files.ts';
export type { FileTranslationStatus } from './schemas/instant.ts';
export type { CreateJobRequest, Job } from './schemas/jobs.ts';
export type { LanguagesResult } from './schemas/languages.ts';
export type { Memory, MemoryImport, MemoryMatch } from './schemas/memories.ts';
export type { Document, Project } from './schemas/projects.ts';
export type { TranslateResult, TranslationItem } from './schemas/translate.ts';
export type {
  WebhookConfiguration,
  WebhookConfigurationWithSecret,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEventBody,
} from './schemas/webhooks.ts';
export type { WorkflowTemplate } from './schemas/workflows.ts';
export { parseSse, type SseEvent } from './sse.ts';
export { readZipEntries, type ZipEntry, type ZipLimits } from './zip.ts';
