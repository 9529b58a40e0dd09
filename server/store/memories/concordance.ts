/** Concordance read straight from the segments table, where no in-process index holds the memory. */
import { sql } from 'kysely';
import { type Db, isPostgres } from '../db.ts';

export interface ConcordanceQuery {
  fragment: string;
  field: 'source' | 'target';
  order: 'recent' | 'shortest';
  limit: number;
  offset: number;
}

/**
 * The visible segments of a memory whose source (or target) holds the fragment in any case:
 * the total and one page, newest first or shortest first. A scan of the memory's rows (its
 * `segments_memory` index narrows it to the memory); PostgreSQL lower-cases by the database's
 * locale, SQLite only ASCII letters.
 */
export async function scanConcordance(
  db: Db,
  memoryId: number,
  q: ConcordanceQuery,
): Promise<{ total: number; hits: { id: number; source: string; target: string }[] }> {
  const column = sql.ref(q.field);
  const holds = isPostgres(db)
    ? sql<boolean>`strpos(lower(${column}), lower(${q.fragment})) > 0`
    : sql<boolean>`instr(lower(${column}), lower(${q.fragment})) > 0`;
  const base = db
    .selectFrom('segments')
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .where(holds);
  const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  let page = base.select(['id', 'source', 'target']);
  page =
    q.order === 'shortest'
      ? page.orderBy(sql`length(${column})`).orderBy('id', 'desc')
      : page.orderBy('id', 'desc');
  const hits = await page.limit(q.limit).offset(q.offset).execute();
  return { total: Number(counted?.n ?? 0), hits };
}
