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

/** A regular expression matching `text` literally (PostgreSQL's ARE syntax). */
const literal = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/**
 * One page of the concordance among candidates (PostgreSQL): the visible segments of the memory
 * that are in `ids` (read by primary key), or whose source has the fragment inside a brace
 * placeholder, a tag or after a percent sign (where the trigram lists do not show it: the rows
 * holding `{`, `<` or `%` are tested with a regular expression), and whose source holds the
 * fragment in any case; with the total.
 */
export async function candidateConcordance(
  db: Db,
  memoryId: number,
  ids: readonly number[],
  q: Omit<ConcordanceQuery, 'field'>,
): Promise<{ total: number; hits: { id: number; source: string; target: string }[] }> {
  const inToken = `(\\{[^}]*|<[^>]*|%\\S*)${literal(q.fragment.trim())}`;
  const candidates = sql<{ id: number; source: string; target: string }>`(
    select id, source, target from segments
    where id = any(${[...ids]}::int8[]) and memory_id = ${memoryId} and visible = 1
    union
    select id, source, target from segments
    where memory_id = ${memoryId} and visible = 1
      and (source like '%{%' or source like '%<%' or source like '%\\%%') and source ~* ${inToken}
  )`;
  const base = db
    .selectFrom(candidates.as('c'))
    .where(sql<boolean>`strpos(lower(source), lower(${q.fragment})) > 0`);
  let page = base.select(['id', 'source', 'target', sql<string>`count(*) over ()`.as('total')]);
  page =
    q.order === 'shortest'
      ? page.orderBy(sql`length(source)`).orderBy('id', 'desc')
      : page.orderBy('id', 'desc');
  const rows = await page.limit(q.limit).offset(q.offset).execute();
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && q.offset > 0) {
    const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    total = Number(counted?.n ?? 0);
  }
  return { total, hits: rows.map(({ id, source, target }) => ({ id: Number(id), source, target })) };
}
