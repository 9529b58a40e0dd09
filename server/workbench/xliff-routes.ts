import type { Response, Router } from 'express';
import type { PluralForms } from '../../src/formats/model.ts';
import { type OwnedProject, ownedDocument } from '../services/workbench/access.ts';
import { stageInfo } from '../services/workbench/progress.ts';
import { downloadXliff, type XliffDeps, XliffError } from '../services/workbench/xliff-exchange.ts';
import {
  type ConflictChoice,
  resolveConflicts,
  uploadXliff,
  type XliffUploadResult,
} from '../services/workbench/xliff-upload.ts';
import type { DocumentRow } from '../store/jobs/documents.ts';
import { sessionOf } from './auth.ts';
import { sendPage } from './layout.ts';
import type { UploadedFile } from './multipart.ts';
import { xliffPage, xliffResultPage } from './pages/conflict.ts';
import { idParam, sendNotFound } from './params.ts';
import type { WorkbenchSession } from './sessions.ts';

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);
const isLocked = (owned: OwnedProject) =>
  owned.job.status !== 'active' || stageInfo(owned.template, owned.project.stage).isLast;

/** A download's file name as a Content-Disposition header (RFC 6266: ASCII fallback and UTF-8). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The hidden payload and radio of each conflict, as xliffResultPage writes them. */
function choicesFrom(body: Record<string, unknown>): ConflictChoice[] | undefined {
  const choices: ConflictChoice[] = [];
  for (const [name, value] of Object.entries(body)) {
    const id = /^unit_(\d{1,15})$/.exec(name)?.[1];
    if (!id || typeof value !== 'string') continue;
    let payload: {
      revision?: unknown;
      file?: unknown;
      confirm?: unknown;
      original?: unknown;
      known?: unknown;
    };
    try {
      payload = JSON.parse(value) as typeof payload;
    } catch {
      return undefined;
    }
    const file = payload.file;
    const isForms =
      typeof file === 'object' && file !== null && Object.values(file).every((v) => typeof v === 'string');
    if (typeof payload.revision !== 'number' || !(typeof file === 'string' || isForms)) return undefined;
    const take = body[`choice_${id}`] === 'file' ? 'file' : 'workbench';
    choices.push({
      segmentId: Number(id),
      take,
      file: file as string | PluralForms,
      revision: payload.revision,
      confirm: payload.confirm === true,
      original: payload.known === true ? (payload.original as string | PluralForms | null) : undefined,
    });
  }
  return choices;
}

/** Offline translation: a document as XLIFF 1.2 for CAT tools, and the file uploaded back. */
export function xliffRoutes(router: Router, deps: XliffDeps): void {
  const { db } = deps;

  function sendOffline(
    res: Response,
    status: number,
    session: WorkbenchSession,
    owned: OwnedProject & { document: DocumentRow },
    error?: string,
  ): void {
    sendPage(res, status, {
      title: `${owned.document.name} · XLIFF`,
      session,
      main: xliffPage({
        documentId: owned.document.id,
        documentName: owned.document.name,
        csrf: session.csrfToken,
        locked: isLocked(owned),
        error,
      }),
    });
  }

  function sendResult(
    res: Response,
    session: WorkbenchSession,
    owned: OwnedProject & { document: DocumentRow },
    result: XliffUploadResult,
    fileName: string,
  ): void {
    const { project } = owned;
    sendPage(res, result.conflicts.length > 0 ? 409 : 200, {
      title: `${owned.document.name} · XLIFF upload`,
      session,
      main: xliffResultPage(result, {
        csrf: session.csrfToken,
        srclang: tag(project.srclang, project.srclocale),
        trglang: tag(project.trglang, project.trglocale),
        fileName,
      }),
    });
  }

  router.get('/documents/:id/xliff', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const owned = id === undefined ? undefined : await ownedDocument(db, session.organizationId, id);
    if (!owned) return sendNotFound(res, 'document');
    sendOffline(res, 200, session, owned);
  });

  router.get('/documents/:id/xliff/download', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    let file: Awaited<ReturnType<typeof downloadXliff>>;
    try {
      file = id === undefined ? undefined : await downloadXliff(deps, session.organizationId, id);
    } catch (err) {
      if (!(err instanceof XliffError)) throw err;
      const owned = await ownedDocument(db, session.organizationId, id!);
      return owned ? sendOffline(res, 422, session, owned, err.message) : sendNotFound(res, 'document');
    }
    if (!file) return sendNotFound(res, 'document');
    res
      .status(200)
      .type('application/x-xliff+xml; charset=utf-8')
      .set('Content-Disposition', attachment(file.fileName))
      .send(Buffer.from(file.bytes));
  });

  router.post('/documents/:id/xliff', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const owned = id === undefined ? undefined : await ownedDocument(db, session.organizationId, id);
    if (!owned || id === undefined) return sendNotFound(res, 'document');
    const files = (res.locals.files ?? []) as UploadedFile[];
    const upload = files.find((f) => f.field === 'file');
    if (!upload || upload.bytes.length === 0)
      return sendOffline(res, 400, session, owned, 'Choose an XLIFF file to upload: the form held none.');
    const fileName = upload.fileName || 'the file';
    try {
      const result = await uploadXliff(deps, session, id, { fileName, bytes: upload.bytes });
      if (result === undefined) return sendNotFound(res, 'document');
      if (result === 'locked')
        return sendOffline(
          res,
          409,
          session,
          owned,
          'This document is read-only: its project is done or its job was delivered.',
        );
      sendResult(res, session, owned, result, fileName);
    } catch (err) {
      if (!(err instanceof XliffError)) throw err;
      sendOffline(res, 422, session, owned, err.message);
    }
  });

  router.post('/documents/:id/xliff/resolve', async (req, res) => {
    const session = sessionOf(res);
    const id = idParam(req.params.id);
    const owned = id === undefined ? undefined : await ownedDocument(db, session.organizationId, id);
    if (!owned || id === undefined) return sendNotFound(res, 'document');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const choices = choicesFrom(body);
    if (!choices)
      return sendOffline(
        res,
        400,
        session,
        owned,
        'The choices could not be read (the form was changed). Upload the file again.',
      );
    const result = await resolveConflicts(deps, session, id, choices);
    if (result === undefined) return sendNotFound(res, 'document');
    if (result === 'locked')
      return sendOffline(
        res,
        409,
        session,
        owned,
        'This document is read-only: its project is done or its job was delivered.',
      );
    const fileName = typeof body.file_name === 'string' && body.file_name ? body.file_name : 'your file';
    sendResult(res, session, owned, result, fileName);
  });
}
