import { z } from 'zod';

export const ASSIGNMENT_TYPES = [
  'READY_TO_START',
  'TRANSLATE',
  'REVIEW',
  'SECONDARY_REVIEW',
  'DONE',
] as const;

/** A workflow template (DESIGN §5): stages a project goes through. */
export const WorkflowTemplate = z
  .object({
    id: z.int(),
    name: z.string(),
    TeamId: z.int(),
    stages: z.array(z.object({ name: z.string(), assignmentType: z.enum(ASSIGNMENT_TYPES) })),
  })
  .meta({ id: 'WorkflowTemplate' });

export type WorkflowTemplate = z.infer<typeof WorkflowTemplate>;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
