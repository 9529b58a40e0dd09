import { z } from 'zod';

/** GET /v2/languages (spec, Languages result). */
export const LanguagesResult = z
  .object({
    source_to_target: z.record(z.string(), z.record(z.string(), z.literal(true))),
    code_to_name: z.record(z.string(), z.string()),
  })
  .meta({ id: 'LanguagesResult' });

export type LanguagesResult = z.infer<typeof LanguagesResult>;
