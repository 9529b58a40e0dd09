import type { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * Parses input with a schema; failure is a 400 whose message names each bad field
 * (`name: Too big: expected string to have <=255 characters`). Text holding NUL in what the schema
 * keeps is refused after, whatever the schema says: PostgreSQL cannot store U+0000 in text, so
 * such input would fail there with a 500 after passing here (fuzz counterexample), and no name or
 * label needs it; the document says so on every request string (openapi.ts, NO_NUL). Unknown
 * properties the schema strips are never stored, so NUL in them refuses nothing (issue 40).
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    // A value refused because it holds NUL is named for the NUL, the clearer of the two reasons.
    const nul = findNul(value);
    const at = nul?.join('.');
    if (nul && result.error.issues.some((issue) => issue.path.join('.') === at)) throw nulError(nul, where);
    throw new HttpError(400, describeIssues(result.error, where));
  }
  const nul = findNul(result.data);
  if (nul !== undefined) throw nulError(nul, where);
  return result.data;
}

const nulError = (path: (string | number)[], where: string) =>
  new HttpError(400, `${path.length > 0 ? path.join('.') : where}: must not contain NUL (U+0000) characters`);

/** Where a value sits: its key and its parent's place (a list, not copied per level). */
interface Place {
  key: string | number;
  parent: Place | undefined;
}

const pathOf = (place: Place | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let p = place; p; p = p.parent) path.unshift(p.key);
  return path;
};

/**
 * The path of the first string (value or property name) holding U+0000, or undefined. Walks with
 * its own stack: a JSON body may nest deeper than the call stack goes.
 */
export function findNul(value: unknown): (string | number)[] | undefined {
  const pending: { value: unknown; place: Place | undefined }[] = [{ value, place: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: v, place } = next;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(place);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) pending.push({ value: v[i], place: { key: i, parent: place } });
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return pathOf({ key, parent: place });
        pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return undefined;
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
