import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { sourceHash } from '../memories.ts';
import type { SegmentText } from './segments.ts';

/** MATCH_TEXT's pattern (the `match_text` column), applied to the query here. */
const MATCH_PATTERN = /<[^>]*>|\{[^{}]*\}|%[0-9]*\$?[-+ 0#]*[0-9.]*[a-zA-Z@]|[0-9]+/g;
// pg_trgm builds trigrams from letters and digits only: a text without any would find nothing.
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

export interface TrigramSearch {
  /** Most candidates returned, the most trigram-similar first. */
  limit: number;
}

/**
 * PostgreSQL only: the visible segments of a memory whose source is exactly `text.exact` (by
 * hash), then the `limit` whose sources are nearest to `text.similar` by trigrams (pg_trgm's
 * `<->` through the GiST index of migration 0010, which leaves out tags, placeholders and
 * numbers; none when nothing else is left). The caller bounds `similar`'s length.
 */
export async function trigramCandidates(
  db: Db,
  memoryId: number,
  text: { exact: string; similar: string },
  search: TrigramSearch,
): Promise<SegmentText[]> {
  const exact = await db
    .selectFrom('segments')
    .select(['id', 'source', 'target'])
    .where('memory_id', '=', memoryId)
    .where('source_hash', '=', sourceHash(text.exact))
    .where('visible', '=', 1)
    .orderBy('id', 'desc')
    .limit(search.limit)
    .execute();
  const matchText = text.similar.replace(MATCH_PATTERN, ' ');
  if (!WORD_CHARACTER.test(matchText)) return exact;
  // visible = 1 written out: the partial index's predicate must be visible in the plan.
  const similar = await db
    .selectFrom('segments')
    .select(['id', 'source', 'target'])
    .where('memory_id', '=', memoryId)
    .where(sql<boolean>`visible = 1`)
    .orderBy(sql`match_text <-> ${matchText}`)
    .limit(search.limit)
    .execute();
  return [...exact, ...similar];
}
