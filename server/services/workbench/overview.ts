import type { Db } from '../../store/db.ts';
import { listActiveJobs } from '../../store/jobs/jobs.ts';
import { progressBy } from '../../store/jobs/progress.ts';
import { projectsOfJobsWith } from '../jobs/projects-of-jobs.ts';
import { type Progress, progressOf, type StageInfo, stageInfo } from './progress.ts';

export interface ProjectSummary {
  id: number;
  name: string;
  srclang: string;
  trglang: string;
  stage: StageInfo;
  progress: Progress;
}

export interface JobSummary {
  id: number;
  name: string;
  due: number | null;
  creationStatus: string;
  workflowName: string;
  projects: ProjectSummary[];
  progress: Progress;
}

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

/** The organization's active jobs, newest first, each with its projects and their progress. */
export async function activeJobs(db: Db, organizationId: number): Promise<JobSummary[]> {
  const jobs = await listActiveJobs(db, organizationId, 200);
  if (jobs.length === 0) return [];
  const {
    projects,
    byProject: progress,
    templates,
  } = await projectsOfJobsWith(db, jobs, (db, ids) => progressBy(db, 'project', ids), {
    unarchivedOnly: true,
  });
  return jobs.map((job) => {
    const template = templates.get(job.workflow_template_id);
    const own = projects
      .filter((p) => p.job_id === job.id)
      .map((p) => ({
        id: p.id,
        name: p.name,
        srclang: tag(p.srclang, p.srclocale),
        trglang: tag(p.trglang, p.trglocale),
        stage: stageInfo(template, p.stage),
        progress: progressOf(progress, p.id),
      }));
    const total: Progress = {
      segments: 0,
      words: 0,
      translatedWords: 0,
      confirmedWords: 0,
      unconfirmedSegments: 0,
    };
    for (const p of own) for (const k of Object.keys(total) as (keyof Progress)[]) total[k] += p.progress[k];
    return {
      id: job.id,
      name: job.name,
      due: job.due,
      creationStatus: job.creation_status,
      workflowName: template?.name ?? 'Translate only',
      projects: own,
      progress: total,
    };
  });
}
