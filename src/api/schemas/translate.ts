import { z } from 'zod';
import { integerSchema, MAX_ID } from './common.ts';

/** Booleans arrive as JSON booleans (POST) or as query strings (GET). */
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);
/**
 * An integer: a JSON number (POST) or a query string's digits (GET). A union rather than a
 * preprocess, so the OpenAPI document keeps the bounds and which fields are required (a
 * preprocess reads as "anything, optional" there: memory_id was documented as optional).
 */
const int = (check: z.ZodInt = z.int()) =>
  z
    .union(
      [
        check,
        z
          .string()
          .regex(/^-?\d+$/, 'must be a whole number written in decimal digits')
          .transform(Number)
          .pipe(check),
      ],
      {
        // Neither branch takes ` 1` or `0x10`: say what would be taken, not "Invalid input".
        error: (issue) =>
          typeof issue.input === 'string' ? 'must be a whole number written in decimal digits' : undefined,
      },
    )
    // Documented as the integer it is, bounds included: a query string carries it as digits.
    .meta({ jsonSchema: integerSchema(check) });

/** POST /v2/translate body, or GET /v2/translate query (spec, Segment translation request). */
export const TranslateRequest = z
  .object({
    source: z.string().min(1, 'must not be empty').max(5000, 'must be at most 5000 characters'),
    memory_id: int(z.int().min(1).max(MAX_ID)),
    source_hash: int().optional(),
    n: int(z.int().min(1).max(100)).optional().describe('deprecated: at most this many translations'),
    prefix: z.string().max(5000).optional().describe('every returned target starts with this text'),
    rich: flag.default(false),
    tm_matches: flag.default(true),
    project_tags: flag.default(false),
    containsICUData: flag.default(false),
  })
  .meta({ id: 'TranslateRequest' });

export const TranslationItem = z
  .object({
    target: z.string(),
    targetWithTags: z.string(),
    align: z
      .string()
      .regex(/^(\d+-\d+( \d+-\d+)*)?$/)
      .describe(
        'word alignment as the real API gives it: whitespace-delimited source-target index pairs ("0-0 1-2"); empty without rich=true',
      ),
    provenance: z.enum(['TM', 'MT']),
    score: z.number(),
    isTMMatch: z.boolean(),
    targetDelimiters: z.array(z.string()),
    targetWords: z.array(z.string()),
    modelScore: z.number().nullable().optional(),
    formatting: z
      .array(
        z.object({
          tag: z.string(),
          name: z.string(),
          kind: z.enum(['open', 'close', 'empty']),
          start: z.int(),
          end: z.int(),
        }),
      )
      .optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'TranslationItem' });

export const TranslateResult = z
  .object({
    untokenizedSource: z.string(),
    tokenizedSource: z.string(),
    sourceDelimiters: z.array(z.string()),
    translation: z.array(TranslationItem),
  })
  .meta({ id: 'TranslateResult' });

/** `[[0, 0], [1, 2]]` as the wire string `"0-0 1-2"` (TranslationItem.align). */
export const formatAlignment = (pairs: readonly (readonly [number, number])[]): string =>
  pairs.map(([s, t]) => `${s}-${t}`).join(' ');

/** The wire string `"0-0 1-2"` back as index pairs; an empty string is no pairs. */
export const parseAlignment = (align: string): [number, number][] =>
  align
    .split(/\s+/)
    .filter((pair) => pair !== '')
    .map((pair) => pair.split('-').map(Number) as [number, number]);

export type TranslateRequest = z.infer<typeof TranslateRequest>;
export type TranslationItem = z.infer<typeof TranslationItem>;
export type TranslateResult = z.infer<typeof TranslateResult>;
