/**
 * The table test/server/tenant-isolation.test.ts walks: every authenticated route of the OpenAPI
 * document, the request organization A makes against organization B's resources, and the answer
 * it must get. A new route without a row fails that test's coverage check.
 */
export interface IsolationCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path this row covers. */
  route: string;
  /** The concrete request made with organization A's key against B's resources. */
  path: (b: BResources) => string;
  body?: (b: BResources) => unknown;
  headers?: (b: BResources) => Record<string, string>;
  rawBody?: string;
  /** 404 for another organization's resource (401 only where the spec says so). */
  status: 404 | 401;
  /** For list routes: the response must not mention any of B's identifiers. */
  listMustNotContain?: (b: BResources) => string[];
}

export interface BResources {
  keyId: string;
  keyPrefix: string;
  memoryId: number;
  memoryName: string;
  webhookId: number;
  webhookName: string;
  deliveryId: number;
  fileId: number;
  fileName: string;
  jobId: number;
  jobName: string;
  projectId: number;
  documentId: number;
  translationId: number;
  contentId: number;
  contentName: string;
  styleguide: string;
}

export const WEBHOOKS = '/v3/connectors/configuration/webhooks';

const JOB = (b: BResources) => `/v2/jobs/${b.jobId}`;
const CONTENT = (b: BResources) => `/v2/create/${b.contentId}`;

export const cases: IsolationCase[] = [
  {
    method: 'POST',
    route: '/v2/files',
    path: (b) => `/v2/files?name=x.json&project_id=${b.projectId}`,
    rawBody: '{"a":"b"}',
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/files',
    path: (b) => `/v2/files?id=${b.fileId}`,
    status: 404,
    listMustNotContain: (b) => [b.fileName],
  },
  {
    method: 'GET',
    route: '/v2/files',
    path: () => '/v2/files?labels=b-label',
    status: 404,
    listMustNotContain: (b) => [b.fileName],
  },
  { method: 'DELETE', route: '/v2/files', path: (b) => `/v2/files?id=${b.fileId}`, status: 404 },
  {
    method: 'GET',
    route: '/v2/files/download',
    path: (b) => `/v2/files/download?id=${b.fileId}`,
    status: 404,
  },
  {
    method: 'POST',
    route: '/v2/files/labels',
    path: (b) => `/v2/files/labels?id=${b.fileId}`,
    body: () => ({ name: 'x' }),
    status: 404,
  },
  {
    method: 'DELETE',
    route: '/v2/files/labels',
    path: (b) => `/v2/files/labels?id=${b.fileId}&name=b-label`,
    status: 404,
  },
  {
    method: 'PUT',
    route: '/v2/files/code-links',
    path: (b) => `/v2/files/code-links?id=${b.fileId}`,
    body: () => ({
      repository: 'https://github.com/o/r',
      commit: 'a'.repeat(40),
      units: [{ id: 'k', total: 1, links: [{ path: 'src/a.ts', line: 1 }] }],
    }),
    status: 404,
  },
  {
    method: 'PUT',
    route: '/v2/files/screenshot',
    path: (b) => `/v2/files/screenshot?id=${b.fileId}`,
    body: () => ({ keys: [{ key: 'k' }] }),
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/documents/files',
    path: (b) => `/v2/documents/files?id=${b.documentId}`,
    status: 404,
  },
  {
    method: 'POST',
    route: '/v2/documents/files',
    path: () => '/v2/documents/files',
    headers: (b) => ({
      'SVC-API': JSON.stringify({ name: 'x.json', project_id: b.projectId }),
      'content-type': 'application/octet-stream',
    }),
    rawBody: '{"a":"b"}',
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/jobs',
    path: () => '/v2/jobs',
    status: 404,
    listMustNotContain: (b) => [b.jobName],
  },
  {
    method: 'POST',
    route: '/v2/jobs',
    path: () => '/v2/jobs',
    body: (b) => ({
      name: 'steal',
      srcLang: 'en',
      fileIds: [b.fileId],
      languagePairs: [{ trgLang: 'fr', memoryId: b.memoryId }],
    }),
    status: 404,
  },
  { method: 'GET', route: '/v2/jobs/{id}', path: JOB, status: 404 },
  { method: 'PUT', route: '/v2/jobs/{id}', path: JOB, body: () => ({ name: 'taken' }), status: 404 },
  { method: 'DELETE', route: '/v2/jobs/{id}', path: JOB, status: 404 },
  { method: 'GET', route: '/v2/jobs/{id}/stats', path: (b) => `${JOB(b)}/stats`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/deliver', path: (b) => `${JOB(b)}/deliver`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/archive', path: (b) => `${JOB(b)}/archive`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/unarchive', path: (b) => `${JOB(b)}/unarchive`, status: 404 },
  { method: 'POST', route: '/v2/jobs/{id}/reactivate', path: (b) => `${JOB(b)}/reactivate`, status: 404 },
  { method: 'GET', route: '/v2/jobs/{id}/export', path: (b) => `${JOB(b)}/export?type=files`, status: 404 },
  { method: 'GET', route: '/v2/jobs/{id}/download', path: (b) => `${JOB(b)}/download`, status: 404 },
  {
    method: 'GET',
    route: '/v2/projects',
    path: (b) => `/v2/projects?id=${b.projectId}`,
    status: 404,
    listMustNotContain: (b) => [b.jobName],
  },
  {
    method: 'GET',
    route: '/v2/projects',
    path: () => '/v2/projects',
    status: 404,
    listMustNotContain: (b) => [b.jobName],
  },
  {
    method: 'POST',
    route: '/v2/translate/file',
    path: (b) => `/v2/translate/file?fileId=${b.fileId}&memoryId=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/translate/file',
    path: (b) => `/v2/translate/file?translationIds=${b.translationId}`,
    status: 404,
    listMustNotContain: (b) => [`"id":${b.translationId}`],
  },
  {
    method: 'GET',
    route: '/v2/translate/files',
    path: (b) => `/v2/translate/files?id=${b.translationId}`,
    status: 404,
  },
  { method: 'GET', route: '/v2/api-keys/{id}', path: (b) => `/v2/api-keys/${b.keyId}`, status: 404 },
  { method: 'DELETE', route: '/v2/api-keys/{id}', path: (b) => `/v2/api-keys/${b.keyId}`, status: 404 },
  {
    method: 'POST',
    route: '/v2/api-keys/{id}/rotate',
    path: (b) => `/v2/api-keys/${b.keyId}/rotate`,
    status: 404,
  },
  {
    method: 'GET',
    route: '/v2/api-keys',
    path: () => '/v2/api-keys',
    status: 404,
    listMustNotContain: (b) => [b.keyId, b.keyPrefix],
  },
  {
    method: 'POST',
    route: '/v2/documents/pretranslate',
    path: () => '/v2/documents/pretranslate',
    body: (b) => ({ id: [b.documentId] }),
    status: 404,
  },
  { method: 'GET', route: '/v2/memories', path: (b) => `/v2/memories?id=${b.memoryId}`, status: 401 },
  {
    method: 'GET',
    route: '/v2/memories',
    path: () => '/v2/memories',
    status: 401,
    listMustNotContain: (b) => [b.memoryName],
  },
  {
    method: 'PUT',
    route: '/v2/memories',
    path: () => '/v2/memories',
    body: (b) => ({ id: b.memoryId, name: 'taken' }),
    status: 401,
  },
  { method: 'DELETE', route: '/v2/memories', path: (b) => `/v2/memories?id=${b.memoryId}`, status: 401 },
  {
    method: 'GET',
    route: '/v2/memories/query',
    path: (b) => `/v2/memories/query?id=${b.memoryId}&query=hello`,
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/memories/imports',
    path: (b) => `/v2/memories/imports?id=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'POST',
    route: '/v2/memories/termbase/export',
    path: (b) => `/v2/memories/termbase/export?id=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/memories/termbase/download',
    path: (b) => `/v2/memories/termbase/download?id=${b.memoryId}`,
    status: 401,
  },
  {
    method: 'DELETE',
    route: '/v2/memories/segment',
    path: (b) => `/v2/memories/segment?id=${b.memoryId}&segment_id=1`,
    status: 401,
  },
  {
    method: 'POST',
    route: '/v2/memories/import',
    path: () => '/v2/memories/import',
    headers: (b) => ({
      'SVC-API': JSON.stringify({ memory_id: b.memoryId, name: 'x.tmx' }),
      'content-type': 'application/octet-stream',
    }),
    rawBody: '<tmx version="1.4"><body/></tmx>',
    status: 401,
  },
  {
    method: 'POST',
    route: '/v2/translate',
    path: () => '/v2/translate',
    body: (b) => ({ memory_id: b.memoryId, source: 'hello' }),
    status: 401,
  },
  {
    method: 'GET',
    route: '/v2/translate',
    path: (b) => `/v2/translate?memory_id=${b.memoryId}&source=hello`,
    status: 401,
  },
  { method: 'GET', route: `${WEBHOOKS}/{id}`, path: (b) => `${WEBHOOKS}/${b.webhookId}`, status: 404 },
  {
    method: 'GET',
    route: WEBHOOKS,
    path: () => WEBHOOKS,
    status: 404,
    listMustNotContain: (b) => [b.webhookName],
  },
  {
    method: 'PUT',
    route: `${WEBHOOKS}/{id}`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}`,
    body: () => ({ webhookName: 'taken' }),
    status: 404,
  },
  { method: 'DELETE', route: `${WEBHOOKS}/{id}`, path: (b) => `${WEBHOOKS}/${b.webhookId}`, status: 404 },
  {
    method: 'POST',
    route: `${WEBHOOKS}/{id}/secret`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/secret`,
    status: 404,
  },
  {
    method: 'GET',
    route: `${WEBHOOKS}/{id}/deliveries`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/deliveries`,
    status: 404,
  },
  {
    method: 'GET',
    route: `${WEBHOOKS}/{id}/deliveries/{deliveryId}`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/deliveries/${b.deliveryId}`,
    status: 404,
  },
  {
    method: 'POST',
    route: `${WEBHOOKS}/{id}/deliveries/{deliveryId}/redeliver`,
    path: (b) => `${WEBHOOKS}/${b.webhookId}/deliveries/${b.deliveryId}/redeliver`,
    status: 404,
  },
  {
    method: 'POST',
    route: '/v2/create',
    path: () => '/v2/create',
    body: () => ({
      language: 'en',
      template: 'email',
      templateParams: { summary: 'mine', contentLength: 20 },
    }),
    status: 404,
    listMustNotContain: (b) => [b.contentName, b.styleguide],
  },
  {
    method: 'GET',
    route: '/v2/documents/context',
    path: (b) => `/v2/documents/context?id=${b.documentId}`,
    status: 404,
  },
  {
    method: 'POST',
    route: '/v2/documents/context',
    path: () => '/v2/documents/context',
    body: (b) => ({ document_id: b.documentId, unit_id: 'a', note: 'a-wrote-this' }),
    status: 404,
  },
  {
    // Context is stored by file name within the caller's organization: A naming B's file name
    // writes A's own rows (checked untouched below), and the answer names nothing of B.
    method: 'PUT',
    route: '/v2/files/context',
    path: () => '/v2/files/context',
    body: (b) => ({
      files: [
        {
          name: b.fileName,
          units: [{ id: 'a', description: 'a-wrote-this', origins: { description: '.svc.yml' } }],
        },
      ],
    }),
    status: 404,
    listMustNotContain: (b) => [b.fileName],
  },
  {
    method: 'GET',
    route: '/v2/create',
    path: () => '/v2/create',
    status: 404,
    listMustNotContain: (b) => [b.contentName, `"id":${b.contentId}`],
  },
  { method: 'GET', route: '/v2/create/{contentId}', path: CONTENT, status: 404 },
  {
    method: 'PUT',
    route: '/v2/create/{contentId}',
    path: CONTENT,
    body: () => ({ name: 'taken' }),
    status: 404,
  },
  { method: 'DELETE', route: '/v2/create/{contentId}', path: CONTENT, status: 404 },
  {
    method: 'GET',
    route: '/v2/create/{contentId}/create',
    path: (b) => `${CONTENT(b)}/create`,
    status: 404,
  },
  ...(['GET', 'POST'] as const).map(
    (method): IsolationCase => ({
      method,
      route: '/v2/create/preferences',
      path: () => '/v2/create/preferences',
      status: 404,
      listMustNotContain: (b) => [b.styleguide],
    }),
  ),
  {
    method: 'PUT',
    route: '/v2/create/preferences',
    path: () => '/v2/create/preferences',
    body: () => ({ tone: 'formal' }),
    status: 404,
    listMustNotContain: (b) => [b.styleguide],
  },
];

/** Routes that hold no organization-owned resource: the same for every organization. */
export const shared = new Set([
  'POST /v2/api-keys',
  'GET /v2/languages',
  'POST /v2/memories',
  `POST ${WEBHOOKS}`,
  // Built-in templates: every organization has its own copies (TeamId), checked below.
  'GET /v2/workflows/templates',
  'GET /v3/domains',
  // Signs for the caller's own organization only; B's gate is checked below.
  'POST /v2/create/terms-and-conditions',
]);
