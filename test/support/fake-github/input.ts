/** Reading request bodies and query strings the way GitHub validates them, and pagination. */
import { HttpError, invalidField } from './http-error.ts';
import type { Ctx, Reply } from './router.ts';

type Body = Record<string, unknown>;

/** A required string field: missing → `missing_field`, wrong type → `invalid`. */
export function requiredString(body: Body, field: string, resource: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw invalidField(resource, field, true);
  if (typeof value !== 'string') throw invalidField(resource, field);
  return value;
}

export function optionalString(body: Body, field: string, resource: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidField(resource, field);
  return value;
}

export function optionalBoolean(body: Body, field: string, resource: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidField(resource, field);
  return value;
}

/** An array of strings (labels, assignees, reviewers); `{name}` objects are accepted for labels. */
export function stringList(value: unknown, field: string, resource: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidField(resource, field);
  return value.map((item) => {
    if (typeof item === 'string') return item;
    if (item && typeof item === 'object' && typeof (item as Body).name === 'string')
      return (item as Body).name as string;
    throw invalidField(resource, field);
  });
}

/** A 40-hex sha; anything else is GitHub's 422 for the field. */
export function shaField(body: Body, field: string, resource: string): string {
  const value = requiredString(body, field, resource);
  if (!/^[0-9a-f]{40}$/i.test(value)) throw invalidField(resource, field);
  return value.toLowerCase();
}

/**
 * One page of `items` by `page`/`per_page` (default 30, at most 100) with GitHub's Link header,
 * which Octokit's paginate follows.
 */
export function paginate<T>(
  ctx: Ctx,
  path: string,
  items: T[],
): { page: T[]; headers: Record<string, string> } {
  const perPage = clampInt(ctx.query.get('per_page'), 30, 1, 100);
  const page = clampInt(ctx.query.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number, rel: string) => {
    const query = new URLSearchParams(ctx.query);
    query.set('per_page', String(perPage));
    query.set('page', String(n));
    return `<${ctx.fake.url}${path}?${query}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  const headers: Record<string, string> = links.length ? { link: links.join(', ') } : {};
  return { page: items.slice((page - 1) * perPage, page * perPage), headers };
}

/** A JSON list reply of one page. */
export function pageReply<T>(ctx: Ctx, path: string, items: T[], shape: (item: T) => unknown): Reply {
  const { page, headers } = paginate(ctx, path, items);
  return { body: page.map(shape), headers };
}

function clampInt(text: string | null, fallback: number, min: number, max: number): number {
  if (text === null || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new HttpError(422, `Invalid value for query parameter: ${text}`);
  return Math.min(max, Math.max(min, n));
}
