import { z } from 'zod';

/** The generic error body (spec, Errors: "object with message"). */
export const ErrorBody = z.object({ message: z.string() }).meta({ id: 'ErrorBody' });

/** The API-key endpoints' error body (spec, Errors: "object with error"). */
export const KeyErrorBody = z.object({ error: z.string() }).meta({ id: 'KeyErrorBody' });

/** 429 on rate-limited endpoints. */
export const RateLimitBody = z
  .object({ error: z.literal('rate_limit_exceeded'), message: z.string() })
  .meta({ id: 'RateLimitBody' });

export type ErrorBody = z.infer<typeof ErrorBody>;
