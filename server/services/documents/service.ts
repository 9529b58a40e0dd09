import { DocumentUploadHeader } from '../../../src/api/schemas/documents.ts';
import type { Document } from '../../../src/api/schemas/projects.ts';
import { extractXliff } from '../../../src/formats/exchange.ts';
import { detectFormat, formatByName } from '../../../src/formats/registry.ts';
import type { AuthContext } from '../../auth/context.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { chargeCharacters, rateLimited } from '../../limits/middleware.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import { findUserEmail } from '../../store/accounts.ts';
import { readBlobBytes, type StoredBlob } from '../../store/blobs.ts';
import { getDocument, insertDocument, updateDocuments } from '../../store/jobs/documents.ts';
import { getLiveProject } from '../../store/jobs/projects.ts';
import { documentSegmentContexts } from '../../store/jobs/unit-context.ts';
import { enqueue } from '../../store/work-items.ts';
import {
  createFile,
  type FileServiceDeps,
  storeUpload,
  type UploadSource,
  usingNewBlob,
} from '../files/create.ts';
import { segmentContexts, withSegmentContext } from '../unit-context.ts';
import { documentTranslations, fileBlobOf, renderDocument, targetTag } from './content.ts';
import { presentDocument } from './present.ts';
import { untranslatedCharacters } from './pretranslate.ts';
import { repositoryNotes } from './repository-notes.ts';
import { newDocumentRow } from './rows.ts';

export interface DocumentServiceDeps extends FileServiceDeps {
  limiter: RateLimiter;
}

/** Documents of the caller's projects: uploaded, downloaded in their format or as XLIFF, pretranslated. */
export function documentService(deps: DocumentServiceDeps) {
  const { db, now } = deps;

  /**
   * A project of the caller's organization. Projects of a deleted job are gone for callers, as
   * GET /v2/projects says: their files may be deleted since, so nothing of them can be served.
   */
  const liveProject = (auth: AuthContext, id: number) => getLiveProject(db, auth.organizationId, id);

  async function owned(auth: AuthContext, id: number) {
    const doc = await getDocument(db, auth.organizationId, id);
    const project = doc ? await liveProject(auth, doc.project_id) : undefined;
    if (!doc || !project) throw notFound(`document ${id}`);
    return { doc, project };
  }

  /**
   * Adds an uploaded file to a project as a new document. With `pretranslate` the upload invokes
   * MT, so it counts against the per-organization request rate and character budget.
   */
  async function upload(
    auth: AuthContext,
    blob: StoredBlob,
    meta: { name: string; projectId: number; pretranslate: boolean },
  ): Promise<Document> {
    const project = await liveProject(auth, meta.projectId);
    if (!project) throw notFound(`project ${meta.projectId}`);
    if (meta.pretranslate) {
      const decision = await deps.limiter.request(auth.organizationId);
      if (!decision.allowed) throw rateLimited(decision);
      const bytes = await readBlobBytes(db, blob.id);
      const format = detectFormat(meta.name, bytes);
      let characters = 0;
      try {
        characters = format
          ? format
              .parse(bytes, { fileName: meta.name })
              .reduce((n, u) => n + (u.translatable ? u.source.length : 0), 0)
          : 0;
      } catch {
        characters = 0;
      }
      await chargeCharacters(deps.limiter, auth.organizationId, characters);
    }
    const file = await createFile(deps, auth, blob, {
      name: meta.name,
      category: 'API',
      labels: [],
      projectId: project.id,
    });
    const t = now();
    const doc = await db.transaction().execute(async (tx) => {
      const doc = await insertDocument(
        tx,
        newDocumentRow({
          organizationId: auth.organizationId,
          projectId: project.id,
          fileId: file.id,
          name: meta.name,
          now: t,
          pretranslate: meta.pretranslate,
        }),
      );
      await enqueue(
        tx,
        t,
        'document-import',
        { documentId: doc.id, pretranslate: meta.pretranslate },
        { organizationId: auth.organizationId },
      );
      return doc;
    });
    deps.wake();
    return presentDocument(doc, project);
  }

  return {
    upload,

    /**
     * Stores an upload and adds it as a document. `header` gives the document's fields once the
     * bytes are read (a multipart body may send its fields after the file); the bytes are dropped
     * when the document cannot be added.
     */
    async receive(auth: AuthContext, source: UploadSource, header: () => unknown): Promise<Document> {
      const blob = await storeUpload(deps, auth.organizationId, source);
      return usingNewBlob(db, blob, async () => {
        const meta = parseInput(DocumentUploadHeader, header(), 'body');
        if (blob.size === 0) throw new HttpError(400, 'the uploaded file is empty');
        return upload(auth, blob, {
          name: meta.name,
          projectId: meta.project_id,
          pretranslate: meta.pretranslate ?? false,
        });
      });
    },

    /** The document in its own format with current translations, or as XLIFF 1.2 (is_xliff). */
    async download(
      auth: AuthContext,
      id: number,
      asXliff: boolean,
    ): Promise<{ name: string; bytes: Uint8Array; type: string }> {
      const { doc, project } = await owned(auth, id);
      if (doc.import_in_progress === 1) throw conflict(`document ${id} is still being imported`);
      if (doc.import_succeeded === 0)
        throw conflict(`document ${id} failed to import: ${doc.import_error_message ?? ''}`);
      if (doc.export_in_progress === 1)
        throw conflict(`document ${id} cannot be downloaded while an export is in progress`);
      if (doc.is_pretranslating === 1)
        throw conflict(`document ${id} cannot be downloaded while pretranslation is in progress`);
      if (!asXliff)
        return {
          name: doc.name,
          bytes: await renderDocument(db, doc, project),
          type: 'application/octet-stream',
        };
      const format = formatByName(doc.format ?? '')!;
      // The job's document carries each unit's context: the file's, the repository's, the notes.
      const contexts = await segmentContexts(
        db,
        auth.organizationId,
        doc.name,
        await documentSegmentContexts(db, doc.id),
      );
      const xliff = extractXliff(format, await readBlobBytes(db, await fileBlobOf(db, doc.file_id)), {
        withContext: (units) => units.map((u) => withSegmentContext(u, contexts.get(u.id))),
        fileName: doc.name,
        sourceLang: project.srclocale ? `${project.srclang}-${project.srclocale}` : project.srclang,
        targetLang: targetTag(project),
        translations: await documentTranslations(db, doc.id),
        moreNotes: await repositoryNotes(db, auth.organizationId, doc, project.srclang),
      });
      return { name: `${doc.name}.xlf`, bytes: xliff, type: 'application/x-xliff+xml' };
    },

    /** Queues pretranslation of documents; characters sent to MT are charged now (limited endpoint). */
    async pretranslate(
      auth: AuthContext,
      request: {
        id: number[];
        mode?: 'TM' | 'TM+MT' | undefined;
        auto_accept?: boolean | undefined;
        case_sensitive?: boolean | undefined;
        attribute_to_creator?: boolean | undefined;
      },
    ) {
      const ids = [...new Set(request.id)];
      const docs = [];
      for (const id of ids) {
        const { doc, project } = await owned(auth, id);
        if (doc.import_in_progress === 1) throw conflict(`document ${id} is still being imported`);
        if (doc.import_succeeded === 0)
          throw conflict(`document ${id} failed to import and cannot be pretranslated`);
        if (doc.is_pretranslating === 1) throw conflict(`document ${id} is already being pretranslated`);
        docs.push({ doc, project });
      }
      const mode = request.mode ?? 'TM+MT';
      if (mode === 'TM+MT')
        await chargeCharacters(deps.limiter, auth.organizationId, await untranslatedCharacters(db, ids));
      const t = now();
      const email = request.attribute_to_creator ? ((await findUserEmail(db, auth.userId)) ?? null) : null;
      await db.transaction().execute(async (tx) => {
        await updateDocuments(tx, ids, { is_pretranslating: 1, pretranslation: 'queued', updated_at: t });
        await enqueue(
          tx,
          t,
          'pretranslate',
          {
            documentIds: ids,
            options: {
              mode,
              autoAccept: request.auto_accept ?? false,
              caseSensitive: request.case_sensitive ?? false,
              attributeTo: email,
            },
          },
          { organizationId: auth.organizationId },
        );
      });
      deps.wake();
      const documents = docs.map(({ doc, project }) =>
        presentDocument({ ...doc, is_pretranslating: 1, pretranslation: 'queued', updated_at: t }, project),
      );
      return { id: ids, is_pretranslating: true, documents };
    },
  };
}

export type DocumentService = ReturnType<typeof documentService>;
