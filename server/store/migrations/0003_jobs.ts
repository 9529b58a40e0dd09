import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../../../src/db/connect.ts';
import { idColumn } from './columns.ts';

/** Files and labels, workflow templates, jobs, projects, documents and their segments, instant translations. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const org = (c: ColumnDefinitionBuilder) => c.notNull().references('organizations.id').onDelete('cascade');

  await db.schema
    .createTable('files')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', org)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('blob_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('file_hash', 'text', (c) => c.notNull())
    .addColumn('detected_lang', 'text', (c) => c.notNull())
    .addColumn('detected_lang_confidence', 'real', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('project_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_org').on('files').columns(['organization_id', 'id']).execute();
  await db.schema
    .createTable('file_labels')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_labels_pk', ['file_id', 'label'])
    .execute();
  await db.schema.createIndex('file_labels_label').on('file_labels').columns(['label', 'file_id']).execute();

  await db.schema
    .createTable('workflow_templates')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', org)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('stages', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', org)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('due', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('creation_status', 'text', (c) => c.notNull())
    .addColumn('is_processing', 'integer', (c) => c.notNull())
    .addColumn('export_error', 'text')
    .addColumn('export_blob_id', 'integer')
    .addColumn('delivered_at', 'bigint')
    .addColumn('archived_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('srclang', 'text', (c) => c.notNull())
    .addColumn('srclocale', 'text')
    .addColumn('is_plural', 'integer', (c) => c.notNull())
    .addColumn('workflow_template_id', 'integer', (c) => c.notNull())
    .addColumn('domain_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_org').on('jobs').columns(['organization_id', 'status', 'id']).execute();
  await db.schema
    .createTable('job_files')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_files_pk', ['job_id', 'file_id'])
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', org)
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('memory_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('srclang', 'text', (c) => c.notNull())
    .addColumn('srclocale', 'text')
    .addColumn('trglang', 'text', (c) => c.notNull())
    .addColumn('trglocale', 'text')
    .addColumn('stage', 'integer', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('sample_review_percentage', 'integer', (c) => c.notNull())
    .addColumn('connector_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_org').on('projects').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('projects_job').on('projects').column('job_id').execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', org)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('import_in_progress', 'integer', (c) => c.notNull())
    .addColumn('import_succeeded', 'integer', (c) => c.notNull())
    .addColumn('import_error_message', 'text')
    .addColumn('export_in_progress', 'integer', (c) => c.notNull())
    .addColumn('export_succeeded', 'integer', (c) => c.notNull())
    .addColumn('export_error_message', 'text')
    .addColumn('is_pretranslating', 'integer', (c) => c.notNull())
    .addColumn('pretranslation', 'text', (c) => c.notNull())
    .addColumn('is_review_complete', 'integer', (c) => c.notNull())
    .addColumn('translator_email', 'text')
    .addColumn('reviewer_email', 'text')
    .addColumn('customer_reviewer_email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_project').on('documents').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('documents_org').on('documents').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('document_segments')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_plural', 'text')
    .addColumn('target', 'text')
    .addColumn('target_plural', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('match_score', 'integer', (c) => c.notNull())
    .addColumn('origin', 'text')
    .addColumn('context', 'text')
    .addColumn('notes', 'text')
    .addColumn('max_length', 'integer')
    .addColumn('words', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_segments_document')
    .on('document_segments')
    .columns(['document_id', 'position'])
    .execute();

  await db.schema
    .createTable('instant_translations')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('organization_id', 'integer', org)
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('memory_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_msg', 'text')
    .addColumn('result_blob_id', 'integer')
    .addColumn('with_tm', 'integer', (c) => c.notNull())
    .addColumn('config_id', 'integer')
    .addColumn('trglang', 'text', (c) => c.notNull())
    .addColumn('trglocale', 'text')
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('instant_translations_org')
    .on('instant_translations')
    .columns(['organization_id', 'created_at'])
    .execute();
}
