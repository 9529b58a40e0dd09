import { type QueryCreator, type RawBuilder, type Selectable, sql } from 'kysely';
import { extendLeases, type LeaseColumns } from '../../src/db/lease-statements.ts';
import { currentRequestId } from '../../src/tracing/request-context.ts';
import type { Db, Dialect } from './db.ts';
import type { PlatformSchema, WorkItemsTable, WorkStatus } from './schema.ts';

export type WorkItem = Selectable<WorkItemsTable>;

/** Attempts an item gets unless its enqueuer says otherwise. */
const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  organizationId?: number | null;
  /** Earliest start (default now). */
  runAt?: number;
  /** Attempts before the item is dead (default 5). */
  maxAttempts?: number;
}

/** Adds work for any server process sharing the database; returns its id. */
export async function enqueue(
  db: Db,
  now: number,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
) {
  const row = await db
    .insertInto('work_items')
    .values({
      kind,
      payload: JSON.stringify(payload),
      organization_id: options.organizationId ?? null,
      status: 'queued',
      run_at: options.runAt ?? now,
      attempts: 0,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      locked_by: null,
      locked_until: null,
      last_error: null,
      request_id: currentRequestId() ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * For a PostgreSQL statement that creates rows and their work at once: a data-modifying CTE that
 * inserts one work item per row of the CTE `from`, each with the JSON text `payload` (an
 * expression over that row) and the defaults enqueue gives, e.g.
 * `db.with('t', (qb) => qb.insertInto(…).returningAll()).with('w', (qb) => enqueueEach(qb, now, kind, {}, 't', sql`…`))`.
 */
export function enqueueEach<DB>(
  qb: QueryCreator<DB>,
  now: number,
  kind: string,
  options: Omit<EnqueueOptions, 'runAt'>,
  from: string,
  payload: RawBuilder<string>,
) {
  const requestId = currentRequestId() ?? null;
  return (qb as unknown as QueryCreator<PlatformSchema>)
    .insertInto('work_items')
    .columns([
      'kind',
      'payload',
      'organization_id',
      'status',
      'run_at',
      'attempts',
      'max_attempts',
      'request_id',
      'created_at',
      'updated_at',
    ])
    .expression(
      sql`select ${kind}::text, ${payload}, ${options.organizationId ?? null}::integer, 'queued', ${now}::bigint, 0,
        ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::integer, ${requestId}::text, ${now}::bigint, ${now}::bigint from ${sql.table(from)}`,
    );
}

interface ClaimOptions {
  worker: string;
  now: number;
  leaseMs: number;
  limit: number;
  kinds: string[];
  /** Look for items whose lease ran out (default true); a worker need not on every poll. */
  expired?: boolean;
}

/**
 * Leases up to `limit` due items to `worker` until `now + leaseMs`: first items whose lease ran
 * out (their process died), then queued items, oldest first. Two statements rather than one with
 * an OR: each walks the (status, run_at) index in order and stops at `limit`, where the OR made
 * SQLite read and sort every due row — under a backlog of thousands each claim cost a millisecond
 * of the event loop. On PostgreSQL, `FOR UPDATE SKIP LOCKED` lets several processes claim at once
 * without waiting on or taking each other's rows; SQLite runs one writer at a time, so the same
 * statement is already exclusive there.
 */
export async function claim(db: Db, dialect: Dialect, opts: ClaimOptions): Promise<WorkItem[]> {
  if (opts.kinds.length === 0 || opts.limit <= 0) return [];
  const expired =
    opts.expired === false ? [] : await lease(db, dialect, opts, 'running', 'locked_until', opts.limit);
  const free = opts.limit - expired.length;
  if (free <= 0) return expired;
  return [...expired, ...(await lease(db, dialect, opts, 'queued', 'run_at', free))];
}

/**
 * Leases up to `limit` items of `status` whose `column` has come (≤ now for run_at, < now for
 * leases). On SQLite a plain read finds them first: most idle polls find nothing, and a read takes
 * no write lock. The update then checks again, since another process may have taken them
 * meanwhile. On PostgreSQL the update's own `FOR UPDATE SKIP LOCKED` subquery finds them: one
 * round trip per poll.
 */
async function lease(
  db: Db,
  dialect: Dialect,
  opts: ClaimOptions,
  status: 'queued' | 'running',
  column: 'run_at' | 'locked_until',
  limit: number,
): Promise<WorkItem[]> {
  const due = (ids?: number[]) => {
    let q = db
      .selectFrom('work_items')
      .select('id')
      .where('status', '=', status)
      .where(column, column === 'run_at' ? '<=' : '<', opts.now)
      .where('kind', 'in', opts.kinds);
    if (ids) q = q.where('id', 'in', ids);
    return q.orderBy(column).orderBy('id').limit(limit);
  };
  let claimable: ReturnType<typeof due>;
  if (dialect === 'postgres') {
    // One statement: rows another process holds are skipped, not waited for, so no read first.
    claimable = due().forUpdate().skipLocked();
  } else {
    const found = (await due().execute()).map((r) => r.id);
    if (found.length === 0) return [];
    claimable = due(found);
  }
  const items = await db
    .updateTable('work_items')
    .set((eb) => ({
      status: 'running',
      locked_by: opts.worker,
      locked_until: opts.now + opts.leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: opts.now,
    }))
    .where('id', 'in', claimable)
    .returningAll()
    .execute();
  // RETURNING gives no order; callers start items in the order they were due.
  return items.sort((a, b) => a.run_at - b.run_at || a.id - b.id);
}

/** Extends a lease the worker still holds; false when it lost the item (lease expired and taken). */
/** Where the work queue keeps its leases (the statement is the receiver's too: src/db/lease-statements.ts). */
const WORK_ITEM_LEASES: LeaseColumns = {
  table: 'work_items',
  id: 'id',
  owner: 'locked_by',
  until: 'locked_until',
  status: 'status',
  handling: 'running',
};

export async function extendLease(db: Db, id: number, worker: string, until: number): Promise<boolean> {
  return (await extendLeases(db, WORK_ITEM_LEASES, [id], worker, until)) === 1;
}

export async function complete(db: Db, id: number, worker: string, now: number): Promise<void> {
  await db
    .updateTable('work_items')
    .set({ status: 'done', locked_by: null, locked_until: null, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** Schedules a retry at `retryAt`, or marks the item dead when it has no attempts left. */
export async function fail(
  db: Db,
  item: WorkItem,
  worker: string,
  now: number,
  error: string,
  retryAt: number | undefined,
): Promise<'retry' | 'dead'> {
  const dead = retryAt === undefined || item.attempts >= item.max_attempts;
  await db
    .updateTable('work_items')
    .set({
      status: dead ? 'dead' : 'queued',
      run_at: dead ? item.run_at : retryAt,
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: now,
    })
    .where('id', '=', item.id)
    .where('locked_by', '=', worker)
    .execute();
  return dead ? 'dead' : 'retry';
}

/** Removes finished items older than `before` so the table stays small. */
export async function pruneDone(db: Db, before: number): Promise<void> {
  await db.deleteFrom('work_items').where('status', '=', 'done').where('updated_at', '<', before).execute();
}

/** How many items are in each of `statuses` (a status without items is absent). */
export async function countWorkItemsByStatus(
  db: Db,
  statuses: WorkStatus[],
): Promise<{ status: WorkStatus; n: number }[]> {
  const rows = await db
    .selectFrom('work_items')
    .select(['status', db.fn.countAll<number>().as('n')])
    .where('status', 'in', statuses)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
