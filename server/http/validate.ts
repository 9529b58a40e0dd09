import type { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * Parses input with a schema; failure is a 400 whose message names each bad field
 * (`name: Too big: expected string to have <=255 characters`).
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(400, describeIssues(result.error, where));
}

export function describeIssues(error: z.ZodError, where: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : where;
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}
