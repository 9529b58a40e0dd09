import { z } from 'zod';
import {
  headerId,
  languageCode,
  queryBoolean,
  queryId,
  regionCode,
  resourceId,
  wholeNumber,
} from './common.ts';

/** A memory (data source): one language pair (spec, Memory). Times are epoch seconds. */
export const Memory = z
  .object({
    id: z.int(),
    name: z.string(),
    srclang: z.string(),
    trglang: z.string(),
    srclocale: z.string().nullable(),
    trglocale: z.string().nullable(),
    is_processing: z.boolean(),
    version: z.int(),
    created_at: z.int(),
    updated_at: z.int(),
    resources: z.array(z.string()),
    last_import: z
      .object({
        name: z.string(),
        status: z.enum(['queued', 'running', 'succeeded', 'failed']),
        error: z.string().nullable(),
        added: z.int(),
        skipped: z.int(),
      })
      .nullable()
      .optional()
      .describe('the most recent import and, when it failed, why'),
  })
  .meta({ id: 'Memory' });

export const CreateMemoryRequest = z
  .object({
    name: z.string().min(1, 'must not be empty').max(255),
    srclang: languageCode,
    trglang: languageCode,
    srclocale: regionCode.optional(),
    trglocale: regionCode.optional(),
  })
  .meta({ id: 'CreateMemoryRequest' });

export const UpdateMemoryRequest = z
  .object({ id: resourceId, name: z.string().min(1, 'must not be empty').max(255) })
  .meta({ id: 'UpdateMemoryRequest' });

export const MemoryIdQuery = z.object({ id: queryId });
export const OptionalMemoryIdQuery = z.object({ id: queryId.optional() });

export const DeleteMemoryResult = z
  .object({ id: z.int(), deleted: z.boolean() })
  .meta({ id: 'DeleteMemoryResult' });

export const MemoryQueryParams = z.object({
  id: queryId,
  query: z.string().min(1, 'must not be empty').max(5000),
  n: wholeNumber(z.int().min(1).max(100)).default(10),
});

export const MemoryMatch = z
  .object({
    source: z.string(),
    target: z.string(),
    score: z.number(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'MemoryMatch' });

/** The SVC-API header of an import (also accepted as separate headers). */
export const ImportHeader = z
  .object({
    memory_id: headerId,
    name: z.string().min(1, 'must not be empty').max(255),
    sdlxliff_filters: z
      .array(
        z.object({
          conf_name: z.string(),
          percentage: z.number().min(0).max(100),
          allow_unlocked: z.boolean(),
        }),
      )
      .optional(),
    has_header_row: z.union([z.boolean(), queryBoolean]).optional(),
    skip_duplicates: z.union([z.boolean(), queryBoolean]).optional(),
  })
  .meta({ id: 'ImportHeader' });

export const ImportResult = z.object({ id: z.int(), isProcessing: z.int() }).meta({ id: 'ImportResult' });

export const TermbaseExportResult = z
  .object({ id: z.int(), is_processing: z.int() })
  .meta({ id: 'TermbaseExportResult' });

export const DeleteSegmentQuery = z.object({
  id: queryId,
  segment_id: wholeNumber(z.int().min(1)),
});
export const DeleteSegmentResult = z.object({ success: z.boolean() }).meta({ id: 'DeleteSegmentResult' });

export const MemoryImport = z
  .object({
    id: z.int(),
    name: z.string(),
    kind: z.string(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    error: z.string().nullable(),
    added: z.int(),
    skipped: z.int(),
    created_at: z.int(),
    finished_at: z.int().nullable(),
  })
  .meta({ id: 'MemoryImport' });

export type Memory = z.infer<typeof Memory>;
export type ImportHeader = z.infer<typeof ImportHeader>;
export type MemoryMatch = z.infer<typeof MemoryMatch>;
export type MemoryImport = z.infer<typeof MemoryImport>;
