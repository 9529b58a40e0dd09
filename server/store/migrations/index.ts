import type { VersionedMigration } from '../../../src/db/migrate.ts';
import * as foundation from './0001_foundation.ts';
import * as memories from './0002_memories.ts';
import * as jobs from './0003_jobs.ts';
import * as webhooks from './0004_webhooks.ts';
import * as content from './0005_content.ts';
import * as workbench from './0006_workbench.ts';
import * as requestIds from './0007_request_ids.ts';
import * as webhookRetention from './0008_webhook_retention.ts';
import * as contentGeneration from './0009_content_generation.ts';
import * as tmPostings from './0010_tm_postings.ts';
import * as tmChunksInRows from './0011_tm_chunks_in_rows.ts';
import * as tmDeadPostings from './0012_tm_dead_postings.ts';
import * as segmentRevisions from './0013_segment_revisions.ts';
import * as segmentHistoryComments from './0014_segment_history_comments.ts';
import * as unitContext from './0015_unit_context.ts';
import * as codeLinksScreenshots from './0016_code_links_screenshots.ts';
import * as workbenchReplacements from './0017_workbench_replacements.ts';

/** Every platform migration, by name; names sort in the order they apply. */
export const platformMigrations: Record<string, VersionedMigration> = {
  '0001_foundation': foundation,
  '0002_memories': memories,
  '0003_jobs': jobs,
  '0004_webhooks': webhooks,
  '0005_content': content,
  '0006_workbench': workbench,
  '0007_request_ids': requestIds,
  '0008_webhook_retention': webhookRetention,
  '0009_content_generation': contentGeneration,
  '0010_tm_postings': tmPostings,
  '0011_tm_chunks_in_rows': tmChunksInRows,
  '0012_tm_dead_postings': tmDeadPostings,
  '0013_segment_revisions': segmentRevisions,
  '0014_segment_history_comments': segmentHistoryComments,
  '0015_unit_context': unitContext,
  '0016_code_links_screenshots': codeLinksScreenshots,
  '0017_workbench_replacements': workbenchReplacements,
};
