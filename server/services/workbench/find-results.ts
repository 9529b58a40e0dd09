import type { Db } from '../../store/db.ts';
import { documentsOfProjects } from '../../store/jobs/documents.ts';
import { getLiveJob, type JobRow } from '../../store/jobs/jobs.ts';
import { projectsOfJob } from '../../store/jobs/projects.ts';
import {
  type ReplacementRow,
  recentReplacements,
  segmentsOfDocuments,
} from '../../store/jobs/replacements.ts';
import { type DocumentRow, type OwnedProject, ownedDocument, type ProjectRow } from './access.ts';
import { evaluate, type Facets, type FindCriteria, type FoundSegment } from './find.ts';
import { type StageInfo, stageInfo } from './progress.ts';
import { isLocked } from './segment-edit.ts';

/** Find's pages: a search in one document (with its recent replaces), and across a job's documents. */

/** Shown per page of results. */
export const RESULTS_PER_PAGE = 100;

export interface DocumentFind extends OwnedProject {
  document: DocumentRow;
  stage: StageInfo;
  locked: boolean;
  facets: Facets;
  /** Segments of the document, and those matching every filter. */
  segments: number;
  total: number;
  page: number;
  pages: number;
  results: FoundSegment[];
  recent: Omit<ReplacementRow, 'segments' | 'skipped'>[];
}

/** Search in one document; undefined when it is not the organization's. */
export async function findInDocument(
  db: Db,
  organizationId: number,
  documentId: number,
  criteria: FindCriteria,
  options: { page: number },
): Promise<DocumentFind | { problem: string; owned: OwnedProject & { document: DocumentRow } } | undefined> {
  const owned = await ownedDocument(db, organizationId, documentId);
  if (!owned) return undefined;
  const rows = await segmentsOfDocuments(db, [documentId]);
  const result = evaluate(rows, criteria);
  if ('problem' in result) return { problem: result.problem, owned };
  const total = result.matches.length;
  const pages = Math.max(1, Math.ceil(total / RESULTS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.floor(options.page) || 1), pages);
  return {
    ...owned,
    stage: stageInfo(owned.template, owned.project.stage),
    locked: isLocked(owned),
    facets: result.facets,
    segments: rows.length,
    total,
    page,
    pages,
    results: result.marked(result.matches.slice((page - 1) * RESULTS_PER_PAGE, page * RESULTS_PER_PAGE)),
    recent: await recentReplacements(db, organizationId, documentId, 5),
  };
}

/** Matches shown per document in the job-wide view (the document's own page has them all). */
export const JOB_RESULTS_PER_DOCUMENT = 20;

export interface JobFind {
  job: JobRow;
  /** Documents left out, and why (they have no segments to search yet). */
  notSearched: { name: string; reason: string }[];
  facets: Facets;
  segments: number;
  total: number;
  documents: {
    document: DocumentRow;
    project: ProjectRow;
    total: number;
    results: FoundSegment[];
  }[];
}

/** Search across every imported document of a job; undefined when it is not the organization's. */
export async function findInJob(
  db: Db,
  organizationId: number,
  jobId: number,
  criteria: FindCriteria,
): Promise<JobFind | { problem: string; job: JobRow } | undefined> {
  const job = await getLiveJob(db, organizationId, jobId);
  if (!job) return undefined;
  const projects = await projectsOfJob(db, jobId);
  const all = await documentsOfProjects(
    db,
    projects.map((p) => p.id),
  );
  const searchable = (d: DocumentRow) => d.import_succeeded === 1 && d.import_in_progress !== 1;
  const documents = all.filter(searchable);
  const rows = await segmentsOfDocuments(
    db,
    documents.map((d) => d.id),
  );
  const result = evaluate(rows, criteria);
  if ('problem' in result) return { problem: result.problem, job };
  const byDocument = Map.groupBy(result.matches, (e) => e.row.document_id);
  return {
    job,
    notSearched: all
      .filter((d) => !searchable(d))
      .map((d) => ({
        name: d.name,
        reason: d.import_in_progress === 1 ? 'still importing' : 'failed to import',
      })),
    facets: result.facets,
    segments: rows.length,
    total: result.matches.length,
    documents: documents.map((document) => {
      const matches = byDocument.get(document.id) ?? [];
      return {
        document,
        project: projects.find((p) => p.id === document.project_id)!,
        total: matches.length,
        results: result.marked(matches.slice(0, JOB_RESULTS_PER_DOCUMENT)),
      };
    }),
  };
}
