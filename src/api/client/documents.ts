import type { z } from 'zod';
import type { Transport } from '../http.ts';
import type { EditSegmentContextBody } from '../schemas/context.ts';
import { SegmentContext as SegmentContextSchema } from '../schemas/context.ts';
import {
  type PretranslateRequest,
  PretranslateResult as PretranslateResultSchema,
} from '../schemas/documents.ts';
import { Document } from '../schemas/projects.ts';
import {
  type CallExtras,
  type DownloadAs,
  type Downloaded,
  type DownloadOptions,
  download,
  jsonHeaderValue,
  type UploadBody,
} from './common.ts';

export type PretranslateResult = z.infer<typeof PretranslateResultSchema>;
export type SegmentContext = z.infer<typeof SegmentContextSchema>;

export interface DocumentUploadRequest {
  projectId: number;
  name: string;
  content: UploadBody;
  /** Pretranslate with TM and MT on arrival: the upload then counts against the limited endpoints. */
  pretranslate?: boolean;
  /**
   * With `pretranslate`, the characters the file sends to MT when the caller knows them, so the
   * client paces them; otherwise only the request is counted here (the server charges anyway).
   */
  characters?: number;
}

/** Documents: the files of a project, as translated so far. */
export function documentsClient(t: Transport) {
  const path = '/v2/documents/files';
  return {
    /**
     * POST /v2/documents/files: adds a file to a project as a document. Sent as the raw body with
     * the SVC-API header (the platform also takes multipart), so a large file streams.
     */
    upload: (request: DocumentUploadRequest, o: CallExtras = {}): Promise<Document> =>
      t.request({
        method: 'POST',
        path,
        headers: {
          'svc-api': jsonHeaderValue({
            name: request.name,
            project_id: request.projectId,
            ...(request.pretranslate === undefined ? {} : { pretranslate: request.pretranslate }),
          }),
        },
        body: request.content,
        limited: request.pretranslate ? { chars: request.characters ?? 0 } : false,
        schema: Document,
        ...o,
      }),
    /**
     * GET /v2/documents/files?id=: the document with its translations, in its own format or as
     * XLIFF 1.2 (`xliff: true`). 409 while an export or a pretranslation runs.
     */
    download: <A extends DownloadAs = 'stream'>(
      id: number,
      o: DownloadOptions<A> & { xliff?: boolean } = {},
    ): Promise<Downloaded<A>> => {
      const { xliff = false, ...rest } = o;
      return download(t, path, { id, is_xliff: xliff }, rest);
    },
    /**
     * POST /v2/documents/pretranslate → 202, a limited endpoint. The characters it sends to MT
     * are known to the platform only; give them as `characters` when known, else the request alone
     * is paced here and the platform charges the characters.
     */
    pretranslate: (
      request: z.input<typeof PretranslateRequest>,
      o: CallExtras & { characters?: number } = {},
    ): Promise<PretranslateResult> => {
      const { characters = 0, ...rest } = o;
      return t.request({
        method: 'POST',
        path: '/v2/documents/pretranslate',
        json: request,
        limited: { chars: characters },
        schema: PretranslateResultSchema,
        ...rest,
      });
    },
    /**
     * GET /v2/documents/context?id=: what the document says about each unit (description, length
     * limit, placeholder meanings, notes), who owns each field, and the platform's notes.
     */
    context: (id: number, o: CallExtras = {}): Promise<SegmentContext[]> =>
      t.request({
        method: 'GET',
        path: '/v2/documents/context',
        query: { id },
        schema: SegmentContextSchema.array(),
        ...o,
      }),
    /**
     * POST /v2/documents/context {document_id, unit_id, note}: adds a platform note to a unit (no
     * sync touches it). A field the repository owns is refused with 409 saying where it lives.
     */
    addNote: (request: z.input<typeof EditSegmentContextBody>, o: CallExtras = {}): Promise<SegmentContext> =>
      t.request({
        method: 'POST',
        path: '/v2/documents/context',
        json: request,
        schema: SegmentContextSchema,
        ...o,
      }),
  };
}

export type DocumentsClient = ReturnType<typeof documentsClient>;
