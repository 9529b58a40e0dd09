import type { WorkflowTemplate } from '../../../src/api/schemas/workflows.ts';
import type { Progress } from '../../store/jobs/progress.ts';
import type { SegmentStatus } from '../../store/schema.ts';
import { stateOf } from '../workflows.ts';

export type { Progress };

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
