import { z } from 'zod';
import { headerId, queryId, resourceId } from './common.ts';
import { fileName } from './files.ts';

/** POST /v2/documents/pretranslate (spec: id array; DESIGN §5: the other fields). */
export const PretranslateRequest = z
  .strictObject({
    id: z.array(resourceId).min(1, 'give at least one document id'),
    mode: z.enum(['TM', 'TM+MT']).optional(),
    auto_accept: z.boolean().optional(),
    case_sensitive: z.boolean().optional(),
    attribute_to_creator: z.boolean().optional(),
  })
  .meta({ id: 'PretranslateRequest' });

export const PretranslateResult = z
  .object({ id: z.array(z.int()), is_pretranslating: z.boolean(), documents: z.array(z.unknown()) })
  .meta({ id: 'PretranslateResult' });

export type PretranslateRequest = z.infer<typeof PretranslateRequest>;

export const DocumentDownloadQuery = z.object({
  id: queryId,
  is_xliff: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
});

const uploadFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The parts of a multipart document upload (spec: one file per request), for the document; the
 * route reads them with @fastify/busboy and checks the fields with DocumentUploadHeader.
 */
export const DocumentUploadForm = z
  .object({
    file: z
      .string()
      .meta({ jsonSchema: { type: 'string', format: 'binary', minLength: 1 } })
      .describe('the file'),
    name: fileName.optional().describe("the document's name; default: the file part's file name"),
    project_id: queryId,
    pretranslate: z.boolean().optional().describe('pretranslate after import (invokes MT; rate limited)'),
  })
  .meta({ id: 'DocumentUploadForm' });

/** The SVC-API header (or separate headers) of a raw-body document upload. */
export const DocumentUploadHeader = z.object({
  name: fileName,
  project_id: headerId,
  pretranslate: uploadFlag.optional(),
});
