import type { AssignmentType, WorkflowTemplate } from '../../src/api/schemas/workflows.ts';
import { HttpError } from '../http/errors.ts';
import type { Db } from '../store/db.ts';
import { insertTemplates, listTemplateRows, templateRowsIn } from '../store/jobs/templates.ts';

type Stage = { name: string; assignmentType: AssignmentType };

const READY: Stage = { name: 'Ready to start', assignmentType: 'READY_TO_START' };
const TRANSLATE: Stage = { name: 'Translate', assignmentType: 'TRANSLATE' };
const REVIEW: Stage = { name: 'Review', assignmentType: 'REVIEW' };
const SECONDARY: Stage = { name: 'Secondary review', assignmentType: 'SECONDARY_REVIEW' };
const DONE: Stage = { name: 'Done', assignmentType: 'DONE' };

/** The templates every organization has (issue: "Translate only", "Translate > Review", …). */
export const BUILT_IN_TEMPLATES: { name: string; stages: Stage[] }[] = [
  { name: 'Translate only', stages: [READY, TRANSLATE, DONE] },
  { name: 'Translate > Review', stages: [READY, TRANSLATE, REVIEW, DONE] },
  { name: 'Translate > Review > Secondary review', stages: [READY, TRANSLATE, REVIEW, SECONDARY, DONE] },
];

/** Project `state` and `workflowStatus` for the stage a project is at. */
export function stateOf(stage: Stage | undefined): {
  state: 'backlog' | 'inProgress' | 'inReview' | 'inQA' | 'done';
  workflowStatus: 'READY_TO_START' | 'IN_PROGRESS' | 'DONE';
} {
  switch (stage?.assignmentType) {
    case 'READY_TO_START':
      return { state: 'backlog', workflowStatus: 'READY_TO_START' };
    case 'TRANSLATE':
      return { state: 'inProgress', workflowStatus: 'IN_PROGRESS' };
    case 'REVIEW':
      return { state: 'inReview', workflowStatus: 'IN_PROGRESS' };
    case 'SECONDARY_REVIEW':
      return { state: 'inQA', workflowStatus: 'IN_PROGRESS' };
    default:
      return { state: 'done', workflowStatus: 'DONE' };
  }
}

/** What a project at `stage` of `template` shows; a stage past the template's end counts as its last. */
export function stateAtStage(
  template: WorkflowTemplate | undefined,
  stage: number,
): ReturnType<typeof stateOf> {
  return stateOf(template?.stages[Math.min(stage, (template?.stages.length ?? 1) - 1)]);
}

/** The organization's templates, creating the built-in ones on first use. */
export async function listTemplates(
  db: Db,
  organizationId: number,
  now: number,
): Promise<WorkflowTemplate[]> {
  let rows = await listTemplateRows(db, organizationId);
  if (rows.length === 0) {
    await insertTemplates(
      db,
      BUILT_IN_TEMPLATES.map((t) => ({
        organization_id: organizationId,
        name: t.name,
        stages: JSON.stringify(t.stages),
        created_at: now,
      })),
    );
    rows = await listTemplateRows(db, organizationId);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    TeamId: r.organization_id,
    stages: JSON.parse(r.stages) as Stage[],
  }));
}

/** A template of the organization by id, or its first ("Translate only") when none is given. */
export async function resolveTemplate(
  db: Db,
  organizationId: number,
  id: number | undefined,
  now: number,
): Promise<WorkflowTemplate> {
  const templates = await listTemplates(db, organizationId, now);
  if (id === undefined) return templates[0]!;
  const found = templates.find((t) => t.id === id);
  if (!found)
    throw new HttpError(
      400,
      `workflowTemplateId: no workflow template ${id} in this organization; see GET /v2/workflows/templates`,
    );
  return found;
}

/** Templates by id, for presenting many projects at once. */
export async function templatesById(db: Db, ids: number[]): Promise<Map<number, WorkflowTemplate>> {
  if (ids.length === 0) return new Map();
  const rows = await templateRowsIn(db, [...new Set(ids)]);
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, TeamId: r.organization_id, stages: JSON.parse(r.stages) as Stage[] },
    ]),
  );
}
