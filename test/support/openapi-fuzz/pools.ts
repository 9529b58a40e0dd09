import type { Operation } from './document.ts';
import { isObject } from './validate.ts';

type Id = number | string;

/** Ids named by a field rather than by their route: `memoryId` in a query is a memory's id. */
const NAMED: Readonly<Record<string, string>> = {
  memory_id: '/v2/memories',
  memoryId: '/v2/memories',
  fileId: '/v2/files',
  fileIds: '/v2/files',
  workflowTemplateId: '/v2/workflows/templates',
  project_id: '/v2/projects',
  translationIds: '/v2/translate/file',
  document: 'documents',
  documents: 'documents',
  projects: '/v2/projects',
};

/** Where a bare `id` in a query or body points, by the operation's path. */
const ID_BY_PATH: readonly [RegExp, string][] = [
  [/^\/v2\/memories/, '/v2/memories'],
  [/^\/v2\/files/, '/v2/files'],
  [/^\/v2\/documents/, 'documents'],
  [/^\/v2\/translate\/files?$/, '/v2/translate/file'],
  [/^\/v2\/projects/, '/v2/projects'],
];

const MAX_PER_POOL = 64;

/**
 * Ids of the caller's own resources, learned from 2xx answers (the fixtures' and the fuzzer's
 * own), so requests hit existing resources as well as random ids. A pool is named by the
 * collection path its ids belong to (`/v2/jobs` for `/v2/jobs/{id}`).
 */
export class IdPools {
  readonly #pools = new Map<string, Id[]>();
  readonly #protected = new Set<string>();
  readonly #kept = new Set<string>();
  #keeping = false;

  /**
   * While `keeping`, added ids are kept from destructive requests (DELETE, key rotation): the
   * fixtures stay for the whole pass while resources the pass creates itself come and go.
   */
  keep(on: boolean): void {
    this.#keeping = on;
  }

  /** Keeps an id out of every pool: the caller's own API key must never be revoked or rotated. */
  protect(pool: string, id: Id): void {
    this.#protected.add(`${pool} ${id}`);
    const ids = this.#pools.get(pool);
    if (ids)
      this.#pools.set(
        pool,
        ids.filter((x) => x !== id),
      );
  }

  add(pool: string, id: Id): void {
    if (this.#protected.has(`${pool} ${id}`)) return;
    if (this.#keeping) this.#kept.add(`${pool} ${id}`);
    const ids = this.#pools.get(pool) ?? [];
    if (ids.includes(id)) return;
    ids.push(id);
    if (ids.length > MAX_PER_POOL) ids.shift();
    this.#pools.set(pool, ids);
  }

  /** Forgets an id whose resource was deleted, so later requests do not keep drawing it. */
  remove(pool: string, id: Id): void {
    const ids = this.#pools.get(pool);
    if (ids)
      this.#pools.set(
        pool,
        ids.filter((x) => String(x) !== String(id)),
      );
  }

  /** After a successful DELETE: forgets the ids its path and `id` query named. */
  forgetDeleted(op: Operation, url: URL): void {
    if (op.method !== 'delete') return;
    const template = op.path.split('/');
    const actual = url.pathname.split('/');
    template.forEach((segment, i) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      const pool = name ? poolFor(op, name, 'path') : undefined;
      if (pool && actual[i] !== undefined) this.remove(pool, decodeURIComponent(actual[i]!));
    });
    // Only the route's own resource: `DELETE /v2/files/labels?id=` removes a label, not the file.
    const id = url.searchParams.get('id');
    const own = poolFor(op, 'id', 'query');
    if (id !== null && own && template.length <= 3) this.remove(own, id);
  }

  /** The n-th id of a pool (modulo its size), or undefined while it is empty. */
  pick(pool: string, n: number, destructive = false): Id | undefined {
    let ids = this.#pools.get(pool);
    if (ids && destructive) ids = ids.filter((id) => !this.#kept.has(`${pool} ${id}`));
    return ids && ids.length > 0 ? ids[n % ids.length] : undefined;
  }

  size(pool: string): number {
    return this.#pools.get(pool)?.length ?? 0;
  }

  /** Learns the ids in a 2xx JSON answer of an operation. */
  harvest(op: Operation, body: unknown): void {
    const own = op.path.replace(/\/\{\w+\}$/, '');
    const take = (pool: string, value: unknown) => {
      if (!isObject(value)) return;
      const id = value.id;
      if (typeof id === 'number' || (typeof id === 'string' && id !== '')) this.add(pool, id);
      for (const [name, nested] of Object.entries(value)) {
        const named = NAMED[name];
        if (named && Array.isArray(nested)) for (const item of nested) take(named, item);
      }
    };
    if (Array.isArray(body)) for (const item of body) take(own, item);
    else if (isObject(body) && !('id' in body)) {
      // A list wrapped in an object ({contents: [...], size}): its arrays of objects with ids.
      for (const nested of Object.values(body))
        if (Array.isArray(nested)) for (const item of nested) take(own, item);
    } else take(own, body);
  }
}

/** The pool a parameter or body field draws ids from, or undefined when it is not an id. */
export function poolFor(
  op: Operation,
  name: string,
  where: 'path' | 'query' | 'header' | 'body',
): string | undefined {
  if (where === 'path') {
    const at = op.path.indexOf(`/{${name}}`);
    return at > 0 ? op.path.slice(0, at) : undefined;
  }
  const named = NAMED[name];
  if (named) return named;
  if (name !== 'id') return undefined;
  return ID_BY_PATH.find(([pattern]) => pattern.test(op.path))?.[1] ?? op.path;
}
