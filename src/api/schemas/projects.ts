import { z } from 'zod';
import { idListParam, queryBoolean, wholeNumber } from './common.ts';

/** A document of a project (spec, Document). Times are epoch seconds. */
export const Document = z
  .object({
    id: z.int(),
    project_id: z.int(),
    srclang: z.string(),
    trglang: z.string(),
    name: z.string(),
    import_in_progress: z.boolean(),
    import_succeeded: z.boolean(),
    import_error_message: z.string(),
    export_in_progress: z.boolean(),
    export_succeeded: z.boolean(),
    export_error_message: z.string(),
    is_pretranslating: z.boolean(),
    is_review_complete: z.boolean(),
    status: z.object({ pretranslation: z.string() }),
    translator_email: z.string(),
    reviewer_email: z.string(),
    customer_reviewer_email: z.string(),
    created_at: z.int(),
    updated_at: z.int(),
  })
  .meta({ id: 'Document' });

/** A project: one language pair of a job (spec, Project). Times are epoch seconds. */
export const Project = z
  .object({
    id: z.int(),
    memory_id: z.int(),
    job_id: z.int(),
    srclang: z.string(),
    trglang: z.string(),
    srclocale: z.string(),
    trglocale: z.string(),
    name: z.string(),
    state: z.enum(['backlog', 'inProgress', 'inReview', 'inQA', 'done']),
    due_date: z.int().nullable(),
    archived: z.boolean(),
    metadata: z.record(z.string(), z.string()),
    sample_review_percentage: z.int(),
    created_at: z.int(),
    updated_at: z.int(),
    workflowStatus: z.enum(['READY_TO_START', 'IN_PROGRESS', 'DONE']),
    document: z.array(Document),
  })
  .meta({ id: 'Project' });

/** One id or several (at most 500), repeated or comma-separated. */
const idList = idListParam(500);
const epoch = wholeNumber(z.int().min(0));

export const ListProjectsQuery = z.object({
  id: idList.optional(),
  srclang: z.string().optional(),
  trglang: z.string().optional(),
  from_time: epoch.optional().describe('created at or after (epoch seconds)'),
  to_time: epoch.optional().describe('created before (epoch seconds)'),
  state: z.enum(['backlog', 'inProgress', 'inReview', 'inQA', 'done']).optional(),
  archived: queryBoolean.default(true).describe('include archived projects (default true)'),
  connector_id: z.string().max(200).optional(),
});

export type Document = z.infer<typeof Document>;
export type Project = z.infer<typeof Project>;
