import { z } from 'zod';
import {
  CreateMemoryRequest,
  DeleteMemoryResult,
  DeleteSegmentQuery,
  DeleteSegmentResult,
  ImportHeader,
  ImportResult,
  Memory,
  MemoryIdQuery,
  MemoryImport,
  MemoryMatch,
  MemoryQueryParams,
  OptionalMemoryIdQuery,
  TermbaseExportResult,
  UpdateMemoryRequest,
} from '../../src/api/schemas/memories.ts';
import type { PlatformServices } from '../compose.ts';
import type { ApiRegistry, HeaderDef } from '../http/api-router.ts';
import { jsonHeader, receiveUpload } from '../http/upload.ts';
import { parseInput } from '../http/validate.ts';
import { deleteBlob } from '../store/blobs.ts';

const inaccessible = { 401: { description: 'not authenticated, or no permission on the memory' } };

/** The import fields as generated clients send them: one header each instead of SVC-API. */
const SEPARATE_HEADERS = [
  'memory_id',
  'name',
  'sdlxliff_filters',
  'has_header_row',
  'skip_duplicates',
] as const;

const separately = 'instead of SVC-API, as generated clients send it; read only without SVC-API';
const SEPARATE_HEADER_DOCS: HeaderDef[] = [
  { name: 'memory_id', description: separately, schema: ImportHeader.shape.memory_id },
  {
    name: 'name',
    // Header values are bytes the server reads as Latin-1: a name in any other script belongs in SVC-API.
    description: `${separately}; printable ASCII (other names go in SVC-API, as JSON escapes)`,
    schema: z
      .string()
      .max(255)
      .regex(/^[!-~]([ -~]*[!-~])?$/),
  },
  {
    name: 'sdlxliff_filters',
    description: `${separately}; a JSON array`,
    json: ImportHeader.shape.sdlxliff_filters,
  },
  { name: 'has_header_row', description: separately, schema: ImportHeader.shape.has_header_row },
  { name: 'skip_duplicates', description: separately, schema: ImportHeader.shape.skip_duplicates },
];

export function memoryRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { memories } = services;
  const deps = services;
  api.add({
    method: 'get',
    path: '/v2/memories',
    tag: 'Memories',
    summary: 'List memories, or one with ?id=',
    query: OptionalMemoryIdQuery,
    responses: { 200: { description: 'memories', schema: Memory.array() }, ...inaccessible },
    handler: ({ auth, query }) => memories.list(auth, query.id),
  });
  api.add({
    method: 'post',
    path: '/v2/memories',
    tag: 'Memories',
    summary: 'Create a memory for one language pair',
    body: CreateMemoryRequest,
    responses: { 200: { description: 'the memory', schema: Memory } },
    handler: ({ auth, body }) => memories.create(auth, body),
  });
  api.add({
    method: 'put',
    path: '/v2/memories',
    tag: 'Memories',
    summary: 'Rename a memory',
    body: UpdateMemoryRequest,
    responses: { 200: { description: 'the memory', schema: Memory }, ...inaccessible },
    handler: ({ auth, body }) => memories.rename(auth, body.id, body.name),
  });
  api.add({
    method: 'delete',
    path: '/v2/memories',
    tag: 'Memories',
    summary: 'Delete a memory with its segments and terms',
    query: MemoryIdQuery,
    responses: { 200: { description: 'deleted', schema: DeleteMemoryResult }, ...inaccessible },
    handler: ({ auth, query }) => memories.remove(auth, query.id),
  });
  api.add({
    method: 'get',
    path: '/v2/memories/query',
    tag: 'Memories',
    summary: 'Fuzzy-match a text against a memory (scores 0–100; below 75 discarded)',
    query: MemoryQueryParams,
    responses: { 200: { description: 'matches, best first', schema: MemoryMatch.array() }, ...inaccessible },
    handler: ({ auth, query }) => memories.query(auth, query.id, query.query, { n: query.n }),
  });
  api.add({
    method: 'post',
    path: '/v2/memories/import',
    tag: 'Memories',
    summary:
      'Import a TMX, TMQ, XLIFF, SDLXLIFF or SDLTM file (segments) or a CSV or TBX termbase; asynchronous. ' +
      'Header SVC-API: {"memory_id", "name", "sdlxliff_filters"?, "has_header_row"?, "skip_duplicates"?} ' +
      '(or the same fields as separate headers); body: the file.',
    rawBody: 'application/octet-stream',
    headers: [
      {
        name: 'SVC-API',
        required: true,
        description: 'the import: memory_id, name (the file name), and the optional settings',
        json: ImportHeader,
      },
      ...SEPARATE_HEADER_DOCS,
    ],
    responses: { 200: { description: 'import started', schema: ImportResult }, ...inaccessible },
    handler: async ({ auth, req }) => {
      const fromJson = jsonHeader(req, 'svc-api');
      const header =
        fromJson !== undefined
          ? fromJson
          : Object.fromEntries(
              SEPARATE_HEADERS.flatMap((name) => {
                const value = req.get(name);
                if (value === undefined) return [];
                return [[name, name === 'sdlxliff_filters' ? jsonHeader(req, name) : value]];
              }),
            );
      const parsed = parseInput(ImportHeader, header, 'body');
      const blob = await receiveUpload(req, deps.db, auth.organizationId, {
        maxBytes: deps.maxUploadBytes,
        now: deps.now(),
      });
      try {
        return await memories.startImport(auth, parsed, blob);
      } catch (err) {
        await deleteBlob(deps.db, blob.id).catch(() => {});
        throw err;
      }
    },
  });
  api.add({
    method: 'get',
    path: '/v2/memories/imports',
    tag: 'Memories',
    summary: "A memory's imports with their status and, for failed ones, the reason",
    query: MemoryIdQuery,
    responses: {
      200: { description: 'imports, oldest first', schema: MemoryImport.array() },
      ...inaccessible,
    },
    handler: ({ auth, query }) => memories.imports(auth, query.id),
  });
  api.add({
    method: 'post',
    path: '/v2/memories/termbase/export',
    tag: 'Memories',
    summary: "Start exporting a memory's termbase as CSV (asynchronous)",
    query: MemoryIdQuery,
    responses: { 200: { description: 'export started', schema: TermbaseExportResult }, ...inaccessible },
    handler: ({ auth, query }) => memories.startTermbaseExport(auth, query.id),
  });
  api.add({
    method: 'get',
    path: '/v2/memories/termbase/download',
    tag: 'Memories',
    summary: 'Download the termbase CSV of the last export (start the export first)',
    query: MemoryIdQuery,
    responses: {
      200: { description: 'CSV: source,target,notes', contentType: 'text/csv' },
      409: { description: 'no export yet, or still running' },
      ...inaccessible,
    },
    handler: async ({ auth, query, res }) => {
      const csv = await memories.termbaseCsv(auth, query.id);
      res.type('text/csv; charset=utf-8').send(csv);
    },
  });
  api.add({
    method: 'delete',
    path: '/v2/memories/segment',
    tag: 'Memories',
    summary: 'Delete one segment (its id is metadata.segment_id in query results)',
    query: DeleteSegmentQuery,
    responses: {
      200: { description: 'whether a segment was deleted', schema: DeleteSegmentResult },
      ...inaccessible,
    },
    handler: ({ auth, query }) => memories.deleteSegment(auth, query.id, query.segment_id),
  });
}
