import { z } from 'zod';
import { queryBoolean } from './common.ts';

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
      .array(z.string().regex(/^\d{1,10}$/, 'ids must be positive integers'))
      .min(1)
      .max(1000),
  )
  .transform((ids) => [...new Set(ids.map(Number))]);

export const TranslateFileQuery = z.object({
  fileId: idsParam,
  memoryId: z.coerce.number<string>().int().min(1),
  configId: z.coerce.number<string>().int().optional(),
  withTM: queryBoolean.default(true),
});

export const ListTranslationsQuery = z
  .object({
    translationIds: idsParam.optional(),
    status: z.enum(INSTANT_STATUSES).optional(),
    fromTime: z.coerce.number<string>().min(0).optional(),
    toTime: z.coerce.number<string>().min(0).optional(),
  })
  .refine(
    (q) =>
      q.translationIds !== undefined ||
      q.status !== undefined ||
      q.fromTime !== undefined ||
      q.toTime !== undefined,
    'give at least one filter: translationIds, status, fromTime or toTime',
  );

export const TranslationIdQuery = z.object({ id: z.coerce.number<string>().int().min(1) });

export type FileTranslationStatus = z.infer<typeof FileTranslationStatus>;
