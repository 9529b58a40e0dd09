import type { Insertable } from 'kysely';
import type { DocumentsTable } from '../../store/schema.ts';

/** A new document of a project, about to be imported from its file. */
export function newDocumentRow(fields: {
  organizationId: number;
  projectId: number;
  fileId: number;
  name: string;
  now: number;
  pretranslate?: boolean;
}): Insertable<DocumentsTable> {
  return {
    organization_id: fields.organizationId,
    project_id: fields.projectId,
    file_id: fields.fileId,
    name: fields.name,
    format: null,
    import_in_progress: 1,
    import_succeeded: 0,
    import_error_message: null,
    export_in_progress: 0,
    export_succeeded: 0,
    export_error_message: null,
    is_pretranslating: fields.pretranslate ? 1 : 0,
    pretranslation: fields.pretranslate ? 'queued' : 'idle',
    is_review_complete: 0,
    translator_email: null,
    reviewer_email: null,
    customer_reviewer_email: null,
    created_at: fields.now,
    updated_at: fields.now,
  };
}
