/**
 * Context of units for translators and machine translation: what the repository owns (sent by
 * every sync, refused as a platform edit) and the notes people add on the platform.
 */
import { z } from 'zod';

const PlaceholderInfo = z.strictObject({
  description: z.string().max(2000).optional(),
  example: z.string().max(2000).optional(),
  type: z.string().max(200).optional(),
});

const FIELDS = ['description', 'maxLength', 'maxWidth', 'doNotTranslate', 'placeholders'] as const;

/** A list whose items' `field` must differ: a repeat is refused at its index, naming the first. */
function uniqueBy<F extends string>(field: F) {
  return (items: readonly Record<F, string>[], ctx: z.RefinementCtx) => {
    const first = new Map<string, number>();
    items.forEach((item, i) => {
      const at = first.get(item[field]);
      if (at === undefined) first.set(item[field], i);
      else
        ctx.addIssue({
          code: 'custom',
          path: [i, field],
          message: `repeats the ${field} of item ${at} (${JSON.stringify(item[field]).slice(0, 80)}): each ${field} once`,
        });
    });
  };
}

/** One unit's repository-owned context, as a sync sends it. */
export const RepositoryUnitContext = z
  .strictObject({
    id: z.string().min(1).max(10_000),
    description: z.string().max(10_000).optional(),
    maxLength: z.int().min(1).optional(),
    maxWidth: z.strictObject({ px: z.int().min(1), font: z.string().min(1).max(200) }).optional(),
    doNotTranslate: z.boolean().optional(),
    placeholders: z.record(z.string().max(200), PlaceholderInfo).optional(),
    /** Field → the repository file it is written in (`locales/en/common.context.yml`). */
    origins: z.partialRecord(z.enum(FIELDS), z.string().min(1).max(1000)),
  })
  .meta({ id: 'RepositoryUnitContext' });

/** PUT /v2/files/context: each named file's repository context, replacing what was stored. */
export const PutFileContextBody = z
  .strictObject({
    files: z
      .array(
        z.strictObject({
          /** The name the file is uploaded under (its repository path). */
          name: z.string().min(1).max(1000),
          units: z.array(RepositoryUnitContext).max(200_000).superRefine(uniqueBy('id')),
          /** Add to what an earlier request of the same sync sent for the file, instead of replacing it. */
          append: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(10_000)
      .superRefine(uniqueBy('name')),
  })
  .meta({ id: 'PutFileContext' });

export const PutFileContextResult = z.object({ files: z.int(), units: z.int() });

/** A note people added on the platform. */
export const UnitNote = z
  .object({ text: z.string(), author: z.string(), created_at: z.iso.datetime({ offset: true }) })
  .meta({ id: 'UnitNote' });

/** What a document says about one of its units: the file's context, the repository's, and notes. */
export const SegmentContext = z
  .object({
    unit_id: z.string(),
    description: z.string().nullable(),
    notes: z.string().nullable(),
    max_length: z.int().nullable(),
    max_width: z.object({ px: z.int(), font: z.string() }).nullable(),
    do_not_translate: z.boolean(),
    placeholders: z.record(z.string(), PlaceholderInfo),
    /** Field → where it lives: a repository file (edit it there) or the document's own file. */
    owners: z.record(z.string(), z.string()),
    platform_notes: z.array(UnitNote),
  })
  .meta({ id: 'SegmentContext' });

export const DocumentContextQuery = z.object({ id: z.coerce.number().int().min(1) });

/** POST /v2/documents/context: add a platform note to a unit; repository fields are refused. */
export const EditSegmentContextBody = z
  .strictObject({
    document_id: z.int().min(1),
    unit_id: z.string().min(1).max(10_000),
    note: z.string().trim().min(1, 'note must not be empty').max(5000).optional(),
    description: z.string().optional(),
    max_length: z.int().optional(),
    max_width: z.unknown().optional(),
    do_not_translate: z.boolean().optional(),
    placeholders: z.unknown().optional(),
  })
  .meta({ id: 'EditSegmentContext' });
