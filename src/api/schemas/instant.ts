import { z } from 'zod';
import { epochSecondsParam, idListParam, MAX_ID, queryBoolean, queryId, wholeNumber } from './common.ts';

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

const idsParam = idListParam(MAX_IDS_PER_CALL);

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
