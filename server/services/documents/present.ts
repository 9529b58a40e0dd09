/** How a document looks to callers (spec, Document), shaped from its row and its project's languages. */
import type { Document } from '../../../src/api/schemas/projects.ts';
import type { DocumentRow } from '../../store/jobs/documents.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Flags as booleans, missing texts as empty strings, times in whole seconds. */
export function presentDocument(d: DocumentRow, project: { srclang: string; trglang: string }): Document {
  return {
    id: d.id,
    project_id: d.project_id,
    srclang: project.srclang,
    trglang: project.trglang,
    name: d.name,
    import_in_progress: d.import_in_progress === 1,
    import_succeeded: d.import_succeeded === 1,
    import_error_message: d.import_error_message ?? '',
    export_in_progress: d.export_in_progress === 1,
    export_succeeded: d.export_succeeded === 1,
    export_error_message: d.export_error_message ?? '',
    is_pretranslating: d.is_pretranslating === 1,
    is_review_complete: d.is_review_complete === 1,
    status: { pretranslation: d.pretranslation },
    translator_email: d.translator_email ?? '',
    reviewer_email: d.reviewer_email ?? '',
    customer_reviewer_email: d.customer_reviewer_email ?? '',
    created_at: seconds(d.created_at),
    updated_at: seconds(d.updated_at),
  };
}
