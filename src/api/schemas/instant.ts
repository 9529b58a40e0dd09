import { z } from 'zod';
import { MAX_ID, queryBoolean, queryId } from './common.ts';

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

/** Ids given comma-separated, repeated, or both. */
const idsParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, 'ids must be positive integers')
          .refine((id) => Number(id) <= MAX_ID, `ids must be at most ${MAX_ID}`),
      )
      .min(1)
      .max(1000),
  )
  .transform((ids) => [...new Set(ids.map(Number))]);

export const TranslateFileQuery = z.object({
  fileId: idsParam,
  memoryId: queryId,
  // Stored in a 32-bit integer column, like ids (common.ts, MAX_ID).
  configId: z.coerce
    .number<string>()
    .int()
    .min(-MAX_ID - 1)
    .max(MAX_ID)
    .optional(),
  withTM: queryBoolean.default(true),
});

/** A time in epoch seconds, fractions allowed, within what a Date can hold (8.64e12 s). */
const epochSeconds = z.coerce.number<string>().min(0).max(8.64e12, 'must be a time in epoch seconds');

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
  );

export const TranslationIdQuery = z.object({ id: queryId });

export type FileTranslationStatus = z.infer<typeof FileTranslationStatus>;
