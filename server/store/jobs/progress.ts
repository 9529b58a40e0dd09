/** Word counts over documents' segments, grouped in one query for many projects, jobs or documents. */
import { sql } from 'kysely';
import type { Db } from '../db.ts';

/** Word counts per project as the API's job stats show them. */
export interface WordCounts {
  words: number;
  exact: number;
  fuzzy: number;
  translated: number;
  reviewed: number;
}

export async function wordCountsByProject(db: Db, projectIds: number[]): Promise<Map<number, WordCounts>> {
  const out = new Map<number, WordCounts>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .selectFrom('document_segments as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .select([
      'd.project_id as project_id',
      sql<number>`sum(s.words)`.as('words'),
      sql<number>`sum(case when s.match_score >= 100 then s.words else 0 end)`.as('exact'),
      sql<number>`sum(case when s.match_score >= 75 and s.match_score < 100 then s.words else 0 end)`.as(
        'fuzzy',
      ),
      sql<number>`sum(case when s.target is not null or s.target_plural is not null then s.words else 0 end)`.as(
        'translated',
      ),
      sql<number>`sum(case when s.status = 'reviewed' then s.words else 0 end)`.as('reviewed'),
    ])
    .where('d.project_id', 'in', projectIds)
    .groupBy('d.project_id')
    .execute();
  for (const r of rows) {
    out.set(r.project_id, {
      words: Number(r.words ?? 0),
      exact: Number(r.exact ?? 0),
      fuzzy: Number(r.fuzzy ?? 0),
      translated: Number(r.translated ?? 0),
      reviewed: Number(r.reviewed ?? 0),
    });
  }
  return out;
}

/** How many people changed segments of each job. */
export async function linguistsByJob(db: Db, jobIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (jobIds.length === 0) return out;
  const rows = await db
    .selectFrom('document_segments as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['p.job_id as job_id', sql<number>`count(distinct s.updated_by)`.as('n')])
    .where('p.job_id', 'in', jobIds)
    .where('s.updated_by', 'is not', null)
    .groupBy('p.job_id')
    .execute();
  for (const r of rows) out.set(r.job_id, Number(r.n));
  return out;
}

/** Words and segments of a project or document, by how far they got (the workbench's progress). */
export interface Progress {
  segments: number;
  words: number;
  /** Words whose segment has a target (from the file, TM, MT or a person). */
  translatedWords: number;
  /** Words whose segment a person confirmed (or reviewed). */
  confirmedWords: number;
  /** Segments not yet confirmed: what "unconfirmed" filters to, and what blocks leaving Translate. */
  unconfirmedSegments: number;
}

/** Progress grouped by project or by document, in one query. */
export async function progressBy(
  db: Db,
  by: 'project' | 'document',
  ids: number[],
): Promise<Map<number, Progress>> {
  const out = new Map<number, Progress>();
  if (ids.length === 0) return out;
  const key = by === 'project' ? 'd.project_id' : 'd.id';
  const rows = await db
    .selectFrom('document_segments as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .select([
      sql<number>`${sql.ref(key)}`.as('key'),
      sql<number>`count(*)`.as('segments'),
      sql<number>`sum(s.words)`.as('words'),
      sql<number>`sum(case when s.target is not null or s.target_plural is not null then s.words else 0 end)`.as(
        'translated',
      ),
      sql<number>`sum(case when s.status in ('confirmed', 'reviewed') then s.words else 0 end)`.as(
        'confirmed',
      ),
      sql<number>`sum(case when s.status in ('confirmed', 'reviewed') then 0 else 1 end)`.as('unconfirmed'),
    ])
    .where(key, 'in', ids)
    .groupBy(key)
    .execute();
  for (const r of rows) {
    out.set(Number(r.key), {
      segments: Number(r.segments),
      words: Number(r.words ?? 0),
      translatedWords: Number(r.translated ?? 0),
      confirmedWords: Number(r.confirmed ?? 0),
      unconfirmedSegments: Number(r.unconfirmed ?? 0),
    });
  }
  return out;
}
