/**
 * The typed platform client: one method per endpoint, grouped by resource.
 *
 * ```ts
 * const client = createClient({ baseUrl: 'https://platform.example', apiKey: process.env.SVC_API_KEY! });
 * const memory = await client.memories.create({ name: 'app en-de', srclang: 'en', trglang: 'de' });
 * const file = await client.files.upload({ name: 'locales/en/app.json', content: bytes, labels: ['ref:main'] });
 * const [status] = await client.instant.translate({ fileIds: [file.id], memoryId: memory.id, characters: 1200 });
 * ```
 *
 * Every call goes through one transport (http.ts): responses are validated with the shared zod
 * schemas (a mismatch is a ResponseSchemaError naming the field), non-2xx answers become ApiError
 * with status, body and request id, and the limited endpoints are paced within the organization's
 * request and character budgets (a 429 pauses every call until the reset, then retries).
 * Content generation streams are async iterators (`content.create`, `content.regenerate`).
 */
import { type ApiKeysClient, apiKeysClient } from './client/api-keys.ts';
import { type ContentClient, contentClient } from './client/content.ts';
import { type DocumentsClient, documentsClient } from './client/documents.ts';
import { type DomainsClient, domainsClient } from './client/domains.ts';
import { type FilesClient, filesClient } from './client/files.ts';
import { type InstantClient, instantClient } from './client/instant.ts';
import { type JobsClient, jobsClient } from './client/jobs.ts';
import { type LanguagesClient, languagesClient } from './client/languages.ts';
import { type MemoriesClient, memoriesClient } from './client/memories.ts';
import { type ProjectsClient, projectsClient } from './client/projects.ts';
import { type TranslateClient, translateClient } from './client/translate.ts';
import { type WebhooksClient, webhooksClient } from './client/webhooks.ts';
import { type WorkflowsClient, workflowsClient } from './client/workflows.ts';
import { createTransport, type Transport, type TransportOptions } from './http.ts';

/** `baseUrl` and `apiKey`, plus any transport option: limits and share, timeouts, retries, logging. */
export type ClientOptions = TransportOptions;

export interface Client {
  apiKeys: ApiKeysClient;
  languages: LanguagesClient;
  memories: MemoriesClient;
  translate: TranslateClient;
  files: FilesClient;
  documents: DocumentsClient;
  projects: ProjectsClient;
  jobs: JobsClient;
  workflows: WorkflowsClient;
  instant: InstantClient;
  webhooks: WebhooksClient;
  content: ContentClient;
  domains: DomainsClient;
  /** The transport underneath: its limiter (allowance, state), counters, and raw `request` for new endpoints. */
  readonly transport: Transport;
  /** Closes the keep-alive connections (not a dispatcher passed in). */
  close(): Promise<void>;
}

/** Creates a client of the platform at `baseUrl` authenticated with `apiKey`: see the top of this file. */
export function createClient(options: ClientOptions): Client {
  return clientOver(createTransport(options));
}

/** A client over an existing transport, e.g. one whose limiter several clients share. */
export function clientOver(transport: Transport): Client {
  return {
    apiKeys: apiKeysClient(transport),
    languages: languagesClient(transport),
    memories: memoriesClient(transport),
    translate: translateClient(transport),
    files: filesClient(transport),
    documents: documentsClient(transport),
    projects: projectsClient(transport),
    jobs: jobsClient(transport),
    workflows: workflowsClient(transport),
    instant: instantClient(transport),
    webhooks: webhooksClient(transport),
    content: contentClient(transport),
    domains: domainsClient(transport),
    transport,
    close: () => transport.close(),
  };
}
