import { z } from 'zod';
import { queryId } from './common.ts';
import { ScreenshotInfo } from './file-context.ts';
import { LANGUAGE_ALTERNATION } from './language-codes.ts';
import { FILE_NAME_PATTERN, fileNameProblem } from './paths.ts';

/** An uploaded file (spec, File). */
export const FileRecord = z
  .object({
    id: z.int(),
    name: z.string(),
    file_hash: z.string(),
    detected_lang: z.string(),
    detected_lang_confidence: z.number(),
    category: z.enum(['API', 'REFERENCE']),
    labels: z.array(z.string()),
    size: z.int().optional(),
    project_id: z.int().nullable().optional(),
    /** A screenshot (PUT /v2/files/screenshot): its size and the keys it shows. */
    screenshot: ScreenshotInfo.optional(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'File' });

const label = z
  .string()
  .min(1, 'labels must not be empty')
  .max(200)
  .refine((s) => !s.includes(','), 'labels must not contain commas')
  // The document says it (issue 40: `?name=a,b` was refused under a pattern that allowed it);
  // NUL is refused after parsing, as everywhere (validate.ts).
  .meta({ jsonSchema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^,\\u0000]*$' } });

/** Comma-separated labels in a query string. */
export const labelList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((l) => l.trim())
      .filter((l) => l !== ''),
  )
  .pipe(z.array(label).max(50))
  .meta({
    jsonSchema: {
      type: 'string',
      // At most 50 labels of at most 200 characters; empty ones between commas are ignored.
      pattern: '^[^,\\u0000]{0,200}(,[^,\\u0000]{0,200}){0,49}$',
      description: 'comma-separated labels (at most 50, each 1 to 200 characters, no commas inside)',
    },
  });

/** A stored file's name: a safe relative path (see paths.ts). */
export const fileName = z
  .string()
  .max(1024)
  .superRefine((name, ctx) => {
    const problem = fileNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ pattern: FILE_NAME_PATTERN });

export const UploadFileQuery = z.object({
  name: fileName,
  file_hash: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, 'must be the MD5 of the body as 32 hex characters')
    .optional(),
  category: z.enum(['API', 'REFERENCE']).default('API'),
  labels: labelList.optional(),
  langId: z
    .string()
    .max(20)
    .meta({
      jsonSchema: {
        type: 'string',
        pattern: `^(${LANGUAGE_ALTERNATION})([-_]([a-zA-Z]{2}|[0-9]{3}|[a-zA-Z]{4}))?$`,
        description: 'the language of the file, a catalogue code with an optional region: de, pt-BR',
      },
    })
    .optional(),
  project_id: queryId.optional(),
});

export const ListFilesQuery = z.object({ id: queryId.optional(), labels: labelList.optional() });
export const FileIdQuery = z.object({ id: queryId });
export const AddLabelBody = z.object({ name: label }).meta({ id: 'AddLabel' });
export const RemoveLabelQuery = z.object({ id: queryId, name: label });

export type FileRecord = z.infer<typeof FileRecord>;
