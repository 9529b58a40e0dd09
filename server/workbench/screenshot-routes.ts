import type { Router } from 'express';
import { sendChunks } from '../http/send-chunks.ts';
import { screenshotImage } from '../services/workbench/segment-context.ts';
import type { Db } from '../store/db.ts';
import { sessionOf } from './auth.ts';
import { idParam, sendNotFound } from './params.ts';

/**
 * A screenshot's image for the editor. Only a screenshot of the session's organization is served
 * (another's answers the same 404 as none); its content never changes under an id (a changed
 * screenshot is a new file), so the browser may keep it, privately.
 */
export function screenshotRoutes(router: Router, deps: { db: Db }): void {
  router.get('/screenshots/:id', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const image = id === undefined ? undefined : await screenshotImage(deps.db, session.organizationId, id);
    if (!image) return sendNotFound(res, 'screenshot');
    res.set({
      'Content-Type': 'image/png',
      'Content-Length': String(image.size),
      'Content-Disposition': 'inline',
      'Cache-Control': 'private, max-age=86400, immutable',
    });
    await sendChunks(res, image.chunks);
  });
}
