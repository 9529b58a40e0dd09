/**
 * Units' context over the API: the repository's context rules a sync sends (PUT /v2/files/context),
 * what a document says about its units (GET /v2/documents/context), and platform notes
 * (POST /v2/documents/context), where an edit of a field the repository owns is refused.
 */
import type { z } from 'zod';
import type { EditSegmentContextBody, PutFileContextBody } from '../../../src/api/schemas/context.ts';
import type { AuthContext } from '../../auth/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Db } from '../../store/db.ts';
import { getDocument } from '../../store/jobs/documents.ts';
import { documentSegmentContexts, replaceUnitContexts } from '../../store/jobs/unit-context.ts';
import {
  addPlatformNote,
  type ContextField,
  refuseRepositoryEdit,
  segmentContexts,
} from '../unit-context.ts';
import { presentSegmentContext } from './present.ts';

export interface ContextServiceDeps {
  db: Db;
  now: () => number;
}

const EDITABLE: Record<string, ContextField> = {
  description: 'description',
  max_length: 'maxLength',
  max_width: 'maxWidth',
  do_not_translate: 'doNotTranslate',
  placeholders: 'placeholders',
};

export function contextService(deps: ContextServiceDeps) {
  const { db, now } = deps;

  async function ownedDocument(auth: AuthContext, id: number) {
    const doc = await getDocument(db, auth.organizationId, id);
    if (!doc) throw notFound(`document ${id}`);
    return doc;
  }

  return {
    /** Replaces each named file's repository context (a sync sends every file's again). */
    async putFileContexts(auth: AuthContext, body: z.infer<typeof PutFileContextBody>) {
      const t = now();
      const files = body.files.map((file) => ({
        name: file.name,
        append: file.append === true,
        rows: file.units.map((u) => ({
          organization_id: auth.organizationId,
          file_name: file.name,
          unit_id: u.id,
          description: u.description ?? null,
          max_length: u.maxLength ?? null,
          max_width_json: u.maxWidth ? JSON.stringify(u.maxWidth) : null,
          placeholders_json: u.placeholders ? JSON.stringify(u.placeholders) : null,
          do_not_translate: u.doNotTranslate ? 1 : 0,
          origins_json: JSON.stringify(u.origins),
          updated_at: t,
        })),
      }));
      await replaceUnitContexts(db, auth.organizationId, files);
      return { files: files.length, units: files.reduce((n, f) => n + f.rows.length, 0) };
    },

    /** What the document says about each of its units, in file order. */
    async documentContext(auth: AuthContext, documentId: number) {
      const doc = await ownedDocument(auth, documentId);
      const rows = await documentSegmentContexts(db, doc.id);
      const views = await segmentContexts(db, auth.organizationId, doc.name, rows);
      return rows.map((r) => presentSegmentContext(views.get(r.unit_id)!));
    },

    /**
     * Adds a platform note to a unit; an edit of a field the repository owns is refused (409)
     * with where it lives, and nothing is stored.
     */
    async editSegmentContext(auth: AuthContext, body: z.infer<typeof EditSegmentContextBody>) {
      const doc = await ownedDocument(auth, body.document_id);
      const [row] = await documentSegmentContexts(db, doc.id, body.unit_id);
      if (!row) throw notFound(`unit ${JSON.stringify(body.unit_id)} of document ${doc.id}`);
      const load = async () =>
        (await segmentContexts(db, auth.organizationId, doc.name, [row])).get(row.unit_id)!;
      const fields = Object.keys(EDITABLE)
        .filter((k) => (body as Record<string, unknown>)[k] !== undefined)
        .map((k) => EDITABLE[k]!);
      if (fields.length > 0) refuseRepositoryEdit(fields, await load(), doc.name);
      if (body.note === undefined) throw badRequest('give a note to add to the unit');
      if (body.note !== undefined)
        await addPlatformNote(db, now(), {
          organizationId: auth.organizationId,
          fileName: doc.name,
          unitId: row.unit_id,
          text: body.note,
          author: `api key ${auth.keyId}`,
        });
      return presentSegmentContext(await load());
    },
  };
}

export type ContextService = ReturnType<typeof contextService>;
