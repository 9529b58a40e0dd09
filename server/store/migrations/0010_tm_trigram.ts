import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';

/**
 * PostgreSQL only: translation-memory candidates come from a trigram index on the segments'
 * sources (pg_trgm), so that every server process queries one shared copy instead of holding
 * its own (DESIGN §9). SQLite keeps its in-process index and needs nothing here.
 *
 * The index covers each source without its tags, placeholders and numbers (`match_text`), as the
 * TM's scoring compares them (tags left out, each number or placeholder one character): "{count}"
 * against "{0}" must not cost trigrams the score does not see. It covers visible segments only:
 * rows an import is still staging are never matched. GiST rather than GIN: measured on 100,000
 * generated UI sentences, both took as long per query, GIN's similarity threshold (0.45) lost more
 * of the lower matches (top-5 lists equal to a full scan's: 0.96 against 0.99), and a GIN query's
 * work grows with the rows above the threshold where GiST's nearest-first scan stops at its limit.
 */
/**
 * The SQL expression of the column the trigram index is built on (`match_text`). Tags, `{…}`
 * placeholders, printf-style ones and digit runs become a space.
 */
export const MATCH_TEXT = (column: string) =>
  `regexp_replace(${column}, '<[^>]*>|\\{[^{}]*\\}|%[0-9]*\\$?[-+ 0#]*[0-9.]*[a-zA-Z@]|[0-9]+', ' ', 'g')`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `PostgreSQL extension pg_trgm could not be created (${reason}). The platform's translation ` +
        "memory needs it on PostgreSQL. Install PostgreSQL's contrib modules on the database server " +
        '(Debian and Ubuntu ship them with the postgresql package; elsewhere install postgresql-contrib), ' +
        'then either let the server create it (on PostgreSQL 13+ the database owner may) or have a ' +
        'superuser run `CREATE EXTENSION pg_trgm;` in this database, and start the server again.',
      { cause: err },
    );
  }
  // A stored column, so that ranking candidates does not run the regular expression per row.
  await sql
    .raw(
      `ALTER TABLE segments ADD COLUMN match_text text GENERATED ALWAYS AS (${MATCH_TEXT('source')}) STORED`,
    )
    .execute(db);
  // GiST answers ORDER BY match_text <-> query LIMIT k (nearest first) and stops there; its 256-byte
  // signatures keep sentence-length texts apart (the default 12 bytes fill up with their trigrams).
  await sql`CREATE INDEX segments_match_trgm ON segments USING gist (match_text gist_trgm_ops(siglen = 256)) WHERE visible = 1`.execute(
    db,
  );
}
