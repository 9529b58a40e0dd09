import type { z } from 'zod';
import type { Transport } from '../http.ts';
import {
  type CreateMemoryRequest,
  DeleteMemoryResult as DeleteMemoryResultSchema,
  DeleteSegmentResult as DeleteSegmentResultSchema,
  ImportResult as ImportResultSchema,
  Memory,
  MemoryImport,
  MemoryMatch,
  TermbaseExportResult as TermbaseExportResultSchema,
} from '../schemas/memories.ts';
import { type CallExtras, jsonHeaderValue, type UploadBody } from './common.ts';

export type DeleteMemoryResult = z.infer<typeof DeleteMemoryResultSchema>;
export type DeleteSegmentResult = z.infer<typeof DeleteSegmentResultSchema>;
export type ImportResult = z.infer<typeof ImportResultSchema>;
export type TermbaseExportResult = z.infer<typeof TermbaseExportResultSchema>;

const Memories = Memory.array();
/** GET /v2/memories?id= answers with a list; one id gives exactly one memory. */
const OneMemory = Memory.array()
  .length(1, 'expected exactly one memory for the id')
  .transform((list) => list[0]!);

export interface MemoryImportRequest {
  memoryId: number;
  /** The file's name; its extension selects the format (.tmx, .sdltm, .sdlxliff, .xliff, .tmq, .csv, .tbx). */
  name: string;
  content: UploadBody;
  sdlxliffFilters?: Array<{ conf_name: string; percentage: number; allow_unlocked: boolean }>;
  /** A termbase CSV whose first row names the columns. */
  hasHeaderRow?: boolean;
  skipDuplicates?: boolean;
}

/** Memories (data sources): one language pair each, with TM segments and termbase entries. */
export function memoriesClient(t: Transport) {
  const path = '/v2/memories';
  return {
    /** GET /v2/memories: every memory the caller may use. */
    list: (o: CallExtras = {}): Promise<Memory[]> =>
      t.request({ method: 'GET', path, schema: Memories, ...o }),
    /** GET /v2/memories?id=: one memory (401 when it is not the caller's to use). */
    get: (id: number, o: CallExtras = {}): Promise<Memory> =>
      t.request({ method: 'GET', path, query: { id }, schema: OneMemory, ...o }),
    /** POST /v2/memories: a memory for one language pair (400 for an unknown language code). */
    create: (request: z.input<typeof CreateMemoryRequest>, o: CallExtras = {}): Promise<Memory> =>
      t.request({ method: 'POST', path, json: request, schema: Memory, ...o }),
    /** PUT /v2/memories {id, name}. */
    rename: (id: number, name: string, o: CallExtras = {}): Promise<Memory> =>
      t.request({ method: 'PUT', path, json: { id, name }, schema: Memory, ...o }),
    /** DELETE /v2/memories?id=: the memory with its segments and terms. */
    delete: (id: number, o: CallExtras = {}): Promise<DeleteMemoryResult> =>
      t.request({ method: 'DELETE', path, query: { id }, schema: DeleteMemoryResultSchema, ...o }),
    /** GET /v2/memories/query: fuzzy matches scoring 75 or more, best first (n: at most, default 10). */
    query: (id: number, text: string, options: CallExtras & { n?: number } = {}): Promise<MemoryMatch[]> => {
      const { n, ...o } = options;
      return t.request({
        method: 'GET',
        path: `${path}/query`,
        query: { id, query: text, n },
        schema: MemoryMatch.array(),
        ...o,
      });
    },
    /**
     * POST /v2/memories/import: the file is the body, its description the SVC-API header. The
     * import runs in the background: follow it with `imports(memoryId)` or the memory's
     * is_processing and last_import.
     */
    import: (request: MemoryImportRequest, o: CallExtras = {}): Promise<ImportResult> => {
      const header = {
        memory_id: request.memoryId,
        name: request.name,
        ...(request.sdlxliffFilters ? { sdlxliff_filters: request.sdlxliffFilters } : {}),
        ...(request.hasHeaderRow === undefined ? {} : { has_header_row: request.hasHeaderRow }),
        ...(request.skipDuplicates === undefined ? {} : { skip_duplicates: request.skipDuplicates }),
      };
      return t.request({
        method: 'POST',
        path: `${path}/import`,
        headers: { 'svc-api': jsonHeaderValue(header) },
        body: request.content,
        schema: ImportResultSchema,
        ...o,
      });
    },
    /** GET /v2/memories/imports?id=: the memory's imports, oldest first, with failures explained. */
    imports: (id: number, o: CallExtras = {}): Promise<MemoryImport[]> =>
      t.request({
        method: 'GET',
        path: `${path}/imports`,
        query: { id },
        schema: MemoryImport.array(),
        ...o,
      }),
    /** POST /v2/memories/termbase/export?id=: starts a CSV export of the termbase. */
    exportTermbase: (id: number, o: CallExtras = {}): Promise<TermbaseExportResult> =>
      t.request({
        method: 'POST',
        path: `${path}/termbase/export`,
        query: { id },
        schema: TermbaseExportResultSchema,
        ...o,
      }),
    /** GET /v2/memories/termbase/download?id=: the last export's CSV (409 before it is ready). */
    downloadTermbase: (id: number, o: CallExtras = {}): Promise<string> =>
      t.request({
        method: 'GET',
        path: `${path}/termbase/download`,
        query: { id },
        responseType: 'text',
        ...o,
      }),
    /** DELETE /v2/memories/segment: one segment (its id is metadata.segment_id of a query match). */
    deleteSegment: (id: number, segmentId: number, o: CallExtras = {}): Promise<DeleteSegmentResult> =>
      t.request({
        method: 'DELETE',
        path: `${path}/segment`,
        query: { id, segment_id: segmentId },
        schema: DeleteSegmentResultSchema,
        ...o,
      }),
  };
}

export type MemoriesClient = ReturnType<typeof memoriesClient>;
