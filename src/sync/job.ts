import type { Client, Job, Memory } from '../api/index.ts';
import { mapConcurrent } from '../concurrency/map-concurrent.ts';
import { jobLabel } from '../contracts/labels.ts';
import { splitLanguage } from '../translations/memories.ts';
import type { Uploaded } from './upload.ts';

export interface JobRequest {
  name: string;
  source: string;
  targets: readonly string[];
  memories: ReadonlyMap<string, Memory | undefined>;
  due?: string | undefined;
  workflowTemplateId?: number | undefined;
  domainId?: number | undefined;
}

/**
 * A due date as the platform takes it: an ISO date-time as given, a bare date as the end of that
 * day in UTC. Anything else is refused with the value named.
 */
export function dueDateTime(due: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(due) && !Number.isNaN(Date.parse(`${due}T23:59:59Z`)))
    return `${due}T23:59:59Z`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(due) && !Number.isNaN(Date.parse(due)))
    return /(?:Z|[+-]\d{2}:\d{2})$/.test(due) ? due : `${due}Z`;
  throw new Error(`due: "${due}" is not a date (YYYY-MM-DD) or an ISO 8601 date-time`);
}

/**
 * Creates one job over the uploaded files with a language pair (a project) per target, then labels
 * every file `job:<id>` so the receiver finds the repository and paths from the job alone.
 */
export async function createJob(
  client: Client,
  uploaded: readonly Uploaded[],
  request: JobRequest,
  signal?: AbortSignal,
): Promise<Job> {
  const call = signal ? { signal } : {};
  const src = splitLanguage(request.source);
  const job = await client.jobs.create(
    {
      name: request.name.slice(0, 255),
      srcLang: src.lang,
      ...(src.locale ? { srcLocale: src.locale } : {}),
      fileIds: uploaded.map((u) => u.record.id),
      languagePairs: request.targets.map((target) => {
        const trg = splitLanguage(target);
        const memory = request.memories.get(target);
        if (!memory) throw new Error(`no memory for target ${target}`);
        return { trgLang: trg.lang, ...(trg.locale ? { trgLocale: trg.locale } : {}), memoryId: memory.id };
      }),
      ...(request.due ? { due: dueDateTime(request.due) } : {}),
      ...(request.workflowTemplateId ? { workflowTemplateId: request.workflowTemplateId } : {}),
      ...(request.domainId ? { domainId: request.domainId } : {}),
    },
    call,
  );
  const label = jobLabel(job.id);
  await mapConcurrent(uploaded, 8, (u) => client.files.addLabel(u.record.id, label, call));
  return job;
}
