import { z } from 'zod';
import { epochSecondsParam, MAX_ID, queryBoolean, queryId, wholeNumber } from './common.ts';

export const INSTANT_STATUSES = ['InProgress', 'Completed', 'Failed', 'ReadyForDownload'] as const;

/** A file translation status (spec; DESIGN §5 adds memoryId, trgLang, trgLocale, errorMsg). */
export const FileTranslationStatus = z
  .object({
    id: z.int(),
    fileId: z.string(),
    status: z.enum(INSTANT_STATUSES),
    createdAt: z.int(),
    memoryId: z.int(),
    trgLang: z.string(),
    trgLocale: z.string().nullable(),
    errorMsg: z.string().optional(),
  })
  .meta({ id: 'FileTranslationStatus' });

/** The most file or translation ids one call takes (spec: "fileId accepts several ids"; the platform's cap). */
export const MAX_IDS_PER_CALL = 1000;

/**
 * Ids given repeated (`fileId=1&fileId=2`, how OpenAPI's default form style sends an array),
 * comma-separated (`fileId=1,2`, as the spec shows), or both. Each id is decimal digits only.
 */
const idsParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, 'ids must be positive integers written in decimal digits')
          .refine((id) => Number(id) >= 1, 'ids must be 1 or more')
          .refine((id) => Number(id) <= MAX_ID, `ids must be at most ${MAX_ID}`),
      )
      .min(1, 'give at least one id')
      .max(MAX_IDS_PER_CALL, `at most ${MAX_IDS_PER_CALL} ids`),
  )
  .transform((ids) => [...new Set(ids.map(Number))])
  .meta({
    jsonSchema: {
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: MAX_ID },
      minItems: 1,
      maxItems: MAX_IDS_PER_CALL,
      description: 'ids, repeated (`x=1&x=2`) or comma-separated (`x=1,2`)',
    },
  });

export const TranslateFileQuery = z.object({
  fileId: idsParam,
  memoryId: queryId,
  // Stored in a 32-bit integer column, like ids (common.ts, MAX_ID).
  configId: wholeNumber(
    z
      .int()
      .min(-MAX_ID - 1)
      .max(MAX_ID),
  ).optional(),
  withTM: queryBoolean.default(true),
});

/** A time in epoch seconds, fractions allowed, within what a Date can hold (8.64e12 s). */
const epochSeconds = epochSecondsParam();

/** GET /v2/translate/file: at least one filter (spec), documented as one exploded object parameter. */
export const ListTranslationsQuery = z
  .object({
    translationIds: idsParam.optional(),
    status: z.enum(INSTANT_STATUSES).optional(),
    fromTime: epochSeconds.optional(),
    toTime: epochSeconds.optional(),
  })
  .refine(
    (q) =>
      q.translationIds !== undefined ||
      q.status !== undefined ||
      q.fromTime !== undefined ||
      q.toTime !== undefined,
    'give at least one filter: translationIds, status, fromTime or toTime',
  )
  .meta({
    parameterGroup: 'filters',
    description: 'at least one of translationIds, status, fromTime and toTime',
    anyOf: ['translationIds', 'status', 'fromTime', 'toTime'].map((name) => ({ required: [name] })),
  });

export const TranslationIdQuery = z.object({ id: queryId });

export type FileTranslationStatus = z.infer<typeof FileTranslationStatus>;
