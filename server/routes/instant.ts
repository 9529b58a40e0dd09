import {
  FileTranslationStatus,
  ListTranslationsQuery,
  TranslateFileQuery,
  TranslationIdQuery,
} from '../../src/api/schemas/instant.ts';
import type { PlatformServices } from '../compose.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { attachmentDisposition } from '../http/content-disposition.ts';
import { sendChunks } from '../http/send-chunks.ts';
import { limitedEndpoint } from '../limits/middleware.ts';

export function instantRoutes(api: ApiRegistry, services: PlatformServices): void {
  const { limiter, instant } = services;
  api.add({
    method: 'post',
    path: '/v2/translate/file',
    tag: 'Instant translation',
    summary:
      'Translate uploaded files (fileId comma-separated or repeated) into a memory’s target language; asynchronous, rate limited',
    limited: true,
    middleware: [limitedEndpoint(limiter)],
    query: TranslateFileQuery,
    responses: {
      200: { description: 'one status per file', schema: FileTranslationStatus.array() },
      401: { description: 'not authenticated, or no permission on the memory' },
      404: { description: 'a file is not in this organization' },
    },
    handler: ({ auth, query }) => instant.start(auth, query),
  });
  api.add({
    method: 'get',
    path: '/v2/translate/file',
    tag: 'Instant translation',
    summary: 'File translation statuses; give at least one of translationIds, status, fromTime, toTime',
    query: ListTranslationsQuery,
    responses: { 200: { description: 'statuses', schema: FileTranslationStatus.array() } },
    handler: ({ auth, query }) => instant.list(auth, query),
  });
  api.add({
    method: 'get',
    path: '/v2/translate/files',
    tag: 'Instant translation',
    summary: 'Download one translated file in its original format',
    query: TranslationIdQuery,
    responses: {
      200: { description: 'the translated file', contentType: 'application/octet-stream' },
      404: { description: 'no such translation' },
      409: { description: 'not ReadyForDownload (yet), or failed' },
    },
    handler: async ({ auth, query, res }) => {
      const { name, chunks } = await instant.download(auth, query.id);
      res.set({
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': attachmentDisposition(name, 'file'),
      });
      await sendChunks(res, chunks);
    },
  });
}
