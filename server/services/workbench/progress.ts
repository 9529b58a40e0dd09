import { sql } from 'kysely';
import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Db } from '../../store/db.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import { stateOf } from '../workflows.ts';

/** Words and segments of a project or document, by how far they got. */
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

const EMPTY: Progress = {
  segments: 0,
  words: 0,
  translatedWords: 0,
  confirmedWords: 0,
  unconfirmedSegments: 0,
};

/** True at a review stage: confirming there means `reviewed`, and `confirmed` segments are still open. */
export function isReviewing(stage: { assignmentType: string }): boolean {
  return stage.assignmentType === 'REVIEW' || stage.assignmentType === 'SECONDARY_REVIEW';
}

/** Statuses still waiting for someone at this stage (the editor's "unconfirmed" filter). */
export function openStatuses(stage: { assignmentType: string }): SegmentStatus[] {
  return isReviewing(stage) ? ['new', 'draft', 'translated', 'confirmed'] : ['new', 'draft', 'translated'];
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

/** The progress of `id`, zeros when it has no segments (yet). */
export function progressOf(map: Map<number, Progress>, id: number): Progress {
  return map.get(id) ?? EMPTY;
}

/** Where a project stands in its workflow: stage name, API state and workflowStatus, what comes next. */
export interface StageInfo {
  index: number;
  name: string;
  assignmentType: string;
  state: ReturnType<typeof stateOf>['state'];
  workflowStatus: ReturnType<typeof stateOf>['workflowStatus'];
  /** Every stage of the template, for showing the whole path. */
  stages: { name: string; assignmentType: string }[];
  isLast: boolean;
}

/** The stage a project is at in its job's template (a missing template reads as done). */
export function stageInfo(template: WorkflowTemplate | undefined, stage: number): StageInfo {
  const stages = template?.stages ?? [{ name: 'Done', assignmentType: 'DONE' as const }];
  const index = Math.min(stage, stages.length - 1);
  const current = stages[index]!;
  return {
    index,
    name: current.name,
    assignmentType: current.assignmentType,
    ...stateOf(current),
    stages,
    isLast: index >= stages.length - 1,
  };
}
