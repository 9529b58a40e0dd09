/**
 * Content generation's records: the terms each organization signed, its stored preferences, and
 * the generated contents. Streaming is stream.ts's; this file only reads and writes.
 */
import type { Selectable } from 'kysely';
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
import type { Db } from '../../store/db.ts';
import type { ContentsTable } from '../../store/schema.ts';
import type { GenerationRequest } from './generator.ts';
import {
  CONTENT_FIELDS,
  checkedParams,
  generationRequest,
  INTERRUPTED,
  knownLanguage,
  MAX_GENERATION_MS,
  presentContent,
} from './records.ts';

type Row = Selectable<ContentsTable>;

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
  const result = await db
    .updateTable('contents')
    .set({ status: 'failed', error: INTERRUPTED, updated_at: now })
    .where('status', '=', 'generating')
    .where('updated_at', '<', now - MAX_GENERATION_MS - 60_000)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function contentService(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;

  async function row(auth: AuthContext, id: number): Promise<Row> {
    const found = await db
      .selectFrom('contents')
      .selectAll()
      .where('organization_id', '=', auth.organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw notFound(`content ${id}`);
    return found;
  }

  async function storedPreferences(auth: AuthContext): Promise<Record<string, unknown>> {
    const found = await db
      .selectFrom('content_preferences')
      .select('preferences')
      .where('organization_id', '=', auth.organizationId)
      .executeTakeFirst();
    return found ? (JSON.parse(found.preferences) as Record<string, unknown>) : {};
  }

  return {
    /** POST /v2/create/terms-and-conditions: `false` withdraws the signature. */
    async signTerms(auth: AuthContext, terms: ContentTerms): Promise<ContentTerms> {
      const values = { signed_agreement: terms.signedAgreement ? 1 : 0, signed_at: now() };
      await db
        .insertInto('content_terms')
        .values({ organization_id: auth.organizationId, ...values })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
        .execute();
      return { signedAgreement: terms.signedAgreement };
    },

    /** Every content call but signing answers 403 until the organization signed (spec, Authentication 9). */
    async requireTerms(auth: AuthContext): Promise<void> {
      const terms = await db
        .selectFrom('content_terms')
        .select('signed_agreement')
        .where('organization_id', '=', auth.organizationId)
        .executeTakeFirst();
      if (terms?.signed_agreement !== 1) {
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
      await db
        .insertInto('content_preferences')
        .values({ organization_id: auth.organizationId, ...values })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
        .execute();
      return stored;
    },

    async list(auth: AuthContext): Promise<Content[]> {
      const rows = await db
        .selectFrom('contents')
        .selectAll()
        .where('organization_id', '=', auth.organizationId)
        .orderBy('id')
        .execute();
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
      await db
        .updateTable('contents')
        .set(set)
        .where('organization_id', '=', auth.organizationId)
        .where('id', '=', id)
        .execute();
      return presentContent(await row(auth, id), now());
    },

    async remove(auth: AuthContext, id: number): Promise<{ id: number }> {
      await row(auth, id);
      await db
        .deleteFrom('contents')
        .where('organization_id', '=', auth.organizationId)
        .where('id', '=', id)
        .execute();
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
      const { id } = await db
        .insertInto('contents')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
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
      const started = await db
        .updateTable('contents')
        .set((eb) => ({
          status: 'generating',
          result: null,
          error: null,
          generator,
          generation: eb('generation', '+', 1),
          updated_at: now(),
        }))
        .where('id', '=', id)
        .returning('generation')
        .executeTakeFirst();
      if (!started) throw notFound(`content ${id}`);
      const params = JSON.parse(found.template_params) as TemplateParams;
      const preferences = JSON.parse(found.preferences) as ContentPreferences;
      return {
        id,
        generation: started.generation,
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
      await db
        .updateTable('contents')
        .set({ ...set, updated_at: now() })
        .where('id', '=', prepared.id)
        .where('generation', '=', prepared.generation)
        .execute();
    },
  };
}
