import { PutFileContextBody, PutFileContextResult } from '../../src/api/schemas/context.ts';
import { CodeLinksBody, ScreenshotBody } from '../../src/api/schemas/file-context.ts';
import {
  AddLabelBody,
  FileIdQuery,
  FileRecord,
  ListFilesQuery,
  RemoveLabelQuery,
  UploadFileQuery,
} from '../../src/api/schemas/files.ts';
import type { PlatformServices } from '../compose.ts';
import { type ApiRegistry, reply } from '../http/api-router.ts';
import { attachmentDisposition } from '../http/content-disposition.ts';
import { sendChunks } from '../http/send-chunks.ts';
import { uploadOf } from '../http/upload.ts';

const missing = { 404: { description: 'no such file in this organization' } };

export function fileRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { files, context } = services;
  api.add({
    method: 'put',
    path: '/v2/files/context',
    tag: 'Files',
    summary:
      "Replace the repository's context of files' units by file name (description, max_length, max_width, do_not_translate, placeholders, and the file each is written in): a sync sends it for every source file; platform edits of these fields are refused",
    body: PutFileContextBody,
    responses: { 200: { description: 'files and units stored', schema: PutFileContextResult } },
    refusals: [{ status: 400, when: 'a file is named twice in one request, or a unit twice in one file' }],
    handler: ({ auth, body }) => context.putFileContexts(auth, body),
  });
  api.add({
    method: 'post',
    path: '/v2/files',
    tag: 'Files',
    summary:
      'Upload a file (the body); query name (required), file_hash (MD5, checked), category, labels, langId, project_id',
    rawBody: 'application/octet-stream',
    query: UploadFileQuery,
    responses: {
      201: { description: 'the file', schema: FileRecord },
      404: { description: 'project_id names no project of this organization' },
      413: { description: 'file too large' },
    },
    refusals: [
      { status: 400, when: 'file_hash is not the MD5 of the body' },
      { status: 400, when: 'langId is no language tag the catalogue knows (GET /v2/languages)' },
    ],
    handler: async ({ auth, query, req }) => reply(201, await files.upload(auth, uploadOf(req), query)),
  });
  api.add({
    method: 'get',
    path: '/v2/files',
    tag: 'Files',
    summary: 'List files: all, one by id, or those carrying every label in labels=a,b',
    query: ListFilesQuery,
    responses: { 200: { description: 'files', schema: FileRecord.array() } },
    handler: ({ auth, query }) => files.list(auth, query),
  });
  api.add({
    method: 'delete',
    path: '/v2/files',
    tag: 'Files',
    summary: 'Delete a file (not while a job uses it)',
    query: FileIdQuery,
    responses: { 204: { description: 'deleted' }, ...missing, 409: { description: 'a job uses the file' } },
    handler: async ({ auth, query }) => {
      await files.remove(auth, query.id);
      return reply(204);
    },
  });
  api.add({
    method: 'get',
    path: '/v2/files/download',
    tag: 'Files',
    summary: "Download a file's bytes as uploaded",
    query: FileIdQuery,
    responses: { 200: { description: 'the file', contentType: 'application/octet-stream' }, ...missing },
    handler: async ({ auth, query, res }) => {
      const { file, chunks } = await files.content(auth, query.id);
      res.set({
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(file.size),
        'Content-Disposition': attachmentDisposition(file.name, 'file'),
      });
      await sendChunks(res, chunks);
    },
  });
  api.add({
    method: 'post',
    path: '/v2/files/labels',
    tag: 'Files',
    summary: 'Add a label to a file',
    query: FileIdQuery,
    body: AddLabelBody,
    responses: { 204: { description: 'added (or already there)' }, ...missing },
    handler: async ({ auth, query, body }) => {
      await files.addLabel(auth, query.id, body.name);
      return reply(204);
    },
  });
  api.add({
    method: 'delete',
    path: '/v2/files/labels',
    tag: 'Files',
    summary: 'Remove a label from a file',
    query: RemoveLabelQuery,
    responses: { 204: { description: 'removed (or was not there)' }, ...missing },
    handler: async ({ auth, query }) => {
      await files.removeLabel(auth, query.id, query.name);
      return reply(204);
    },
  });
  api.add({
    method: 'put',
    path: '/v2/files/code-links',
    tag: 'Files',
    summary:
      "Where a source file's unit keys are used in code: per unit id, the first lines (path, line) at a commit of the repository; replaces those units' links",
    query: FileIdQuery,
    body: CodeLinksBody,
    responses: { 204: { description: 'stored' }, ...missing },
    refusals: [{ status: 400, when: 'a unit is listed twice, or its total is below its number of links' }],
    handler: async ({ auth, query, body }) => {
      await files.setCodeLinks(auth, query.id, body);
      return reply(204);
    },
  });
  api.add({
    method: 'put',
    path: '/v2/files/screenshot',
    tag: 'Files',
    summary:
      'Mark a REFERENCE PNG file as a screenshot of keys, each with its box in image pixels when known; replaces the keys it had',
    query: FileIdQuery,
    body: ScreenshotBody,
    responses: { 200: { description: 'the file, with `screenshot`', schema: FileRecord }, ...missing },
    refusals: [
      { status: 400, when: 'the file is not a REFERENCE file, or not a PNG' },
      { status: 400, when: 'a key is listed twice, or a box reaches beyond the image' },
    ],
    handler: ({ auth, query, body }) => files.setScreenshot(auth, query.id, body),
  });
}
