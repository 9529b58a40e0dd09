/**
 * Content generation's records: the terms each organization signed, its stored preferences, and
 * the generated contents. Streaming is stream.ts's; this file only reads and writes.
 */
import {
  CONTENT_TEMPLATES,
  type Content,
  type ContentPreferences,
  type ContentTerms,
  type CreateContentRequest,
  type TemplateParams,
  type UpdateContentRequest,
} from '../../../src/api/schemas/content.ts';
import type { AuthContext } from '../../auth/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import {
  type ContentRow,
  contentTermsSigned,
  deleteContent,
  failContentsGeneratingSince,
  finishContentGeneration,
  getContent,
  getContentPreferences,
  insertContent,
  listContents,
  startContentGeneration,
  updateContent,
  upsertContentPreferences,
  upsertContentTerms,
} from '../../store/content.ts';
import type { Db } from '../../store/db.ts';
import type { GenerationRequest } from './generator.ts';
import { presentContent } from './present.ts';
import {
  CONTENT_FIELDS,
  checkedParams,
  generationRequest,
  INTERRUPTED,
  knownLanguage,
  MAX_GENERATION_MS,
} from './records.ts';

type Row = ContentRow;

/** A record about to be generated, and what its generator is given. */
export interface Prepared {
  id: number;
  /** The record's generation this run produces; a later regeneration supersedes it. */
  generation: number;
  request: GenerationRequest;
}

export type ContentService = ReturnType<typeof contentService>;

/**
 * Marks failed the records whose generation died with its server process (still generating
 * longer than any generation runs), so they do not show as generating for ever. The worker's
 * housekeeping runs it; reads already show such records as failed.
 */
export async function failInterruptedContents(db: Db, now: number): Promise<number> {
  return failContentsGeneratingSince(db, now - MAX_GENERATION_MS - 60_000, {
    error: INTERRUPTED,
    updated_at: now,
  });
}

export interface ContentServiceDeps {
  db: Db;
  now: () => number;
}

/** The organization's content records, terms and preferences; stream.ts runs a generation. */
export function contentService(deps: ContentServiceDeps) {
  const { db, now } = deps;

  async function row(auth: AuthContext, id: number): Promise<Row> {
    const found = await getContent(db, auth.organizationId, id);
    if (!found) throw notFound(`content ${id}`);
    return found;
  }

  async function storedPreferences(auth: AuthContext): Promise<Record<string, unknown>> {
    const found = await getContentPreferences(db, auth.organizationId);
    return found ? (JSON.parse(found) as Record<string, unknown>) : {};
  }

  return {
    /** POST /v2/create/terms-and-conditions: `false` withdraws the signature. */
    async signTerms(auth: AuthContext, terms: ContentTerms): Promise<ContentTerms> {
      const values = { signed_agreement: terms.signedAgreement ? 1 : 0, signed_at: now() };
      await upsertContentTerms(db, auth.organizationId, values);
      return { signedAgreement: terms.signedAgreement };
    },

    /** Every content call but signing answers 403 until the organization signed (spec, Authentication 9). */
    async requireTerms(auth: AuthContext): Promise<void> {
      if (!(await contentTermsSigned(db, auth.organizationId))) {
        throw forbidden(
          'content generation requires the organization to sign the terms first: ' +
            'POST /v2/create/terms-and-conditions {"signedAgreement": true}',
        );
      }
    },

    getPreferences: storedPreferences,

    /** Replaces the stored preferences with `body` (languages checked like a content's). */
    async putPreferences(auth: AuthContext, body: Record<string, unknown>): Promise<Record<string, unknown>> {
      const stored = { ...body };
      if (typeof stored.language === 'string') stored.language = knownLanguage(stored.language, 'language');
      const params = stored.templateParams as TemplateParams | undefined;
      if (params?.language !== undefined) stored.templateParams = checkedParams(params);
      const values = { preferences: JSON.stringify(stored), updated_at: now() };
      await upsertContentPreferences(db, auth.organizationId, values);
      return stored;
    },

    async list(auth: AuthContext): Promise<Content[]> {
      const rows = await listContents(db, auth.organizationId);
      return rows.map((r) => presentContent(r, now()));
    },

    get: async (auth: AuthContext, id: number): Promise<Content> =>
      presentContent(await row(auth, id), now()),

    /** PUT: the fields given change; the content is not regenerated (GET …/{id}/create does that). */
    async update(auth: AuthContext, id: number, patch: UpdateContentRequest): Promise<Content> {
      if (patch.id !== undefined && patch.id !== id)
        throw badRequest(`id: ${patch.id} is not the path's ${id}`);
      await row(auth, id);
      const set: Partial<Row> = { updated_at: now() };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.language !== undefined) set.language = knownLanguage(patch.language, 'language');
      if (patch.template !== undefined) set.template = patch.template;
      if (patch.templateParams !== undefined)
        set.template_params = JSON.stringify(checkedParams(patch.templateParams));
      if (patch.preferences !== undefined) set.preferences = JSON.stringify(patch.preferences);
      await updateContent(db, auth.organizationId, id, set);
      return presentContent(await row(auth, id), now());
    },

    async remove(auth: AuthContext, id: number): Promise<{ id: number }> {
      await row(auth, id);
      await deleteContent(db, auth.organizationId, id);
      return { id };
    },

    /** Validates what the schema cannot (languages), stores the record as generating. */
    async prepare(auth: AuthContext, request: CreateContentRequest, generator: string): Promise<Prepared> {
      const language = knownLanguage(request.language, 'language');
      const params = checkedParams(request.templateParams);
      const stored = await storedPreferences(auth);
      const preferences = Object.fromEntries(
        Object.entries({ ...stored, ...request.preferences }).filter(([k]) => !CONTENT_FIELDS.has(k)),
      ) as ContentPreferences;
      const t = now();
      const id = await insertContent(db, {
        organization_id: auth.organizationId,
        name: request.name ?? null,
        language,
        template: request.template,
        template_params: JSON.stringify(params),
        preferences: JSON.stringify(preferences),
        status: 'generating',
        result: null,
        error: null,
        generator,
        created_at: t,
        updated_at: t,
      });
      return {
        id,
        generation: 0,
        request: generationRequest(language, request.template, params, preferences),
      };
    },

    /** GET …/{id}/create: the record's current fields, generated again. */
    async prepareAgain(auth: AuthContext, id: number, generator: string): Promise<Prepared> {
      const found = await row(auth, id);
      if (!(CONTENT_TEMPLATES as readonly string[]).includes(found.template)) {
        throw badRequest(`template: ${JSON.stringify(found.template)} is no longer a template`);
      }
      const generation = await startContentGeneration(db, id, generator, now());
      if (generation === undefined) throw notFound(`content ${id}`);
      const params = JSON.parse(found.template_params) as TemplateParams;
      const preferences = JSON.parse(found.preferences) as ContentPreferences;
      return {
        id,
        generation,
        request: generationRequest(found.language, found.template, params, preferences),
      };
    },

    /**
     * Records the outcome of one generation; a record deleted meanwhile stays deleted, and one
     * regenerated meanwhile keeps the newer generation's outcome.
     */
    async finish(
      prepared: Pick<Prepared, 'id' | 'generation'>,
      outcome: { result: string } | { error: string },
    ): Promise<void> {
      const set =
        'result' in outcome
          ? { status: 'completed' as const, result: outcome.result, error: null }
          : { status: 'failed' as const, result: null, error: outcome.error };
      await finishContentGeneration(db, prepared.id, prepared.generation, { ...set, updated_at: now() });
    },
  };
}
