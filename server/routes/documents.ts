import {
  DocumentContextQuery,
  EditSegmentContextBody,
  SegmentContext,
} from '../../src/api/schemas/context.ts';
import {
  DocumentDownloadQuery,
  DocumentUploadForm,
  DocumentUploadHeader,
  PretranslateRequest,
  PretranslateResult,
} from '../../src/api/schemas/documents.ts';
import { Document } from '../../src/api/schemas/projects.ts';
import type { PlatformServices } from '../compose.ts';
import { type ApiRegistry, reply } from '../http/api-router.ts';
import { attachmentDisposition } from '../http/content-disposition.ts';
import { readMultipartFile } from '../http/multipart.ts';
import { jsonHeader, uploadOf } from '../http/upload.ts';
import { parseInput } from '../http/validate.ts';
import { limitedEndpoint } from '../limits/middleware.ts';

export function documentRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { limiter, documents, context } = services;
  const deps = services;
  api.add({
    method: 'get',
    path: '/v2/documents/context',
    tag: 'Documents',
    summary:
      "What a document says about each unit: description, length limit, placeholder meanings, notes; each field's owner (a repository file) and the platform notes",
    query: DocumentContextQuery,
    responses: {
      200: { description: 'one entry per unit, in file order', schema: SegmentContext.array() },
      404: { description: 'no such document' },
    },
    handler: ({ auth, query }) => context.documentContext(auth, query.id),
  });
  api.add({
    method: 'post',
    path: '/v2/documents/context',
    tag: 'Documents',
    summary:
      "Add a platform note to a unit (kept apart from the repository's context; no sync touches it). Fields the repository owns (description, max_length, max_width, do_not_translate, placeholders) are refused.",
    body: EditSegmentContextBody,
    responses: {
      201: { description: "the unit's context with the note", schema: SegmentContext },
      404: { description: 'no such document or unit' },
      409: { description: 'a repository-owned field: the message says which file it lives in' },
    },
    refusals: [{ status: 400, when: 'neither a note nor a field is given' }],
    handler: async ({ auth, body }) => reply(201, await context.editSegmentContext(auth, body)),
  });
  api.add({
    method: 'post',
    path: '/v2/documents/pretranslate',
    tag: 'Documents',
    summary:
      'Pretranslate documents from TM (mode TM) or TM then MT (TM+MT, default); rate limited per organization',
    limited: true,
    middleware: [limitedEndpoint(limiter)],
    body: PretranslateRequest,
    responses: {
      202: { description: 'pretranslation started', schema: PretranslateResult },
      404: { description: 'a document is not in this organization' },
      409: { description: 'a document is importing or already pretranslating' },
    },
    handler: async ({ auth, body }) => reply(202, await documents.pretranslate(auth, body)),
  });
  api.add({
    method: 'get',
    path: '/v2/documents/files',
    tag: 'Documents',
    summary: 'Download a document with its translations: its own format, or XLIFF 1.2 with is_xliff=true',
    query: DocumentDownloadQuery,
    responses: {
      200: {
        description: 'the file: in its own format (octet-stream), or XLIFF 1.2 with is_xliff=true',
        contentType: ['application/octet-stream', 'application/x-xliff+xml'],
      },
      404: { description: 'no such document' },
      409: { description: 'an export or pretranslation is in progress' },
    },
    handler: async ({ auth, query, res }) => {
      const file = await documents.download(auth, query.id, query.is_xliff);
      res.set({
        'Content-Type': file.type,
        'Content-Disposition': attachmentDisposition(file.name, 'document'),
      });
      res.end(file.bytes);
    },
  });
  api.add({
    method: 'post',
    path: '/v2/documents/files',
    tag: 'Documents',
    summary:
      'Add a file to a project as a document: multipart (one file part; fields name, project_id, pretranslate) or the raw ' +
      'body with the SVC-API header {name, project_id, pretranslate?} or separate headers. With pretranslate it invokes MT ' +
      'and counts against the per-organization limits.',
    rawBody: 'multipart/form-data',
    multipart: DocumentUploadForm,
    responses: {
      200: { description: 'the document', schema: Document },
      404: { description: 'no such project' },
    },
    handler: async ({ auth, req }) => {
      if (/^multipart\/form-data/i.test(req.get('content-type') ?? '')) {
        const part = await readMultipartFile(req, deps.maxUploadBytes);
        return documents.receive(auth, { part: part.data }, () => ({
          name: part.fields.name ?? part.filename,
          ...part.fields,
          ...((jsonHeader(req, 'svc-api') as object) ?? {}),
        }));
      }
      const header =
        jsonHeader(req, 'svc-api') ??
        Object.fromEntries(
          (['name', 'project_id', 'pretranslate'] as const).flatMap((h) =>
            req.get(h) === undefined ? [] : [[h, req.get(h)]],
          ),
        );
      // A bad header is refused before the body is read.
      parseInput(DocumentUploadHeader, header, 'body');
      return documents.receive(auth, { raw: uploadOf(req) }, () => header);
    },
  });
}
