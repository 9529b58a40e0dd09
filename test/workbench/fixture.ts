import type { TestPlatform } from '../support/platform.ts';

export interface JobFixture {
  jobId: number;
  /** The en → de project: its memory, project and document. */
  memoryId: number;
  projectId: number;
  documentId: number;
  /** Projects of further targets (`moreTargets`), in that order. */
  more: { trglang: string; memoryId: number; projectId: number; documentId: number }[];
}

async function ok(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Through the API only: uploads one file, creates an en → de memory (and one per further target)
 * and a job on the named workflow template, waits for the import and (by default) pretranslates
 * every document with TM+MT.
 */
export async function createJob(
  p: TestPlatform,
  options: {
    key?: string;
    strings?: Record<string, string>;
    /** The file's bytes as text, instead of `strings` written as JSON. */
    content?: string;
    fileName?: string;
    template?: string;
    pretranslate?: boolean;
    /** An existing en → de memory to use instead of a new one. */
    memoryId?: number;
    moreTargets?: string[];
  },
): Promise<JobFixture> {
  const key = options.key ?? p.key;
  const fileName = options.fileName ?? 'locales/en/app.json';
  const file = await ok(
    await p.call(`/v2/files?name=${encodeURIComponent(fileName)}`, {
      key,
      method: 'POST',
      body: options.content ?? JSON.stringify(options.strings ?? {}, null, 2),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  );
  const memoryFor = async (trglang: string) =>
    (
      await ok(
        await p.call('/v2/memories', {
          key,
          method: 'POST',
          json: { name: `app en-${trglang}`, srclang: 'en', trglang },
        }),
      )
    ).id as number;
  const targets = ['de', ...(options.moreTargets ?? [])];
  const memories: number[] = [];
  for (const [i, trg] of targets.entries())
    memories.push(i === 0 && options.memoryId !== undefined ? options.memoryId : await memoryFor(trg));
  const templates = (await ok(await p.call('/v2/workflows/templates', { key }))) as {
    id: number;
    name: string;
  }[];
  const wanted = options.template ?? 'Translate > Review > Secondary review';
  const template = templates.find((t) => t.name === wanted);
  if (!template) throw new Error(`no workflow template "${wanted}"`);
  const job = await ok(
    await p.call('/v2/jobs', {
      key,
      method: 'POST',
      json: {
        name: 'Release 2.0',
        srcLang: 'en',
        fileIds: [file.id],
        languagePairs: targets.map((trgLang, i) => ({ trgLang, memoryId: memories[i] })),
        workflowTemplateId: template.id,
      },
    }),
  );
  await p.idle();
  const ids = (job.stats.projects as { id: number }[]).map((x) => x.id);
  const projects = (await ok(await p.call(`/v2/projects?id=${ids.join(',')}`, { key }))) as {
    id: number;
    trglang: string;
    memory_id: number;
    document: { id: number }[];
  }[];
  const documentIds = projects.map((x) => x.document[0]!.id);
  if (options.pretranslate ?? true) {
    await ok(
      await p.call('/v2/documents/pretranslate', {
        key,
        method: 'POST',
        json: { id: documentIds, mode: 'TM+MT' },
      }),
    );
    await p.idle();
  }
  const pick = (trglang: string) => {
    const project = projects.find((x) => x.trglang === trglang)!;
    return {
      trglang,
      memoryId: project.memory_id,
      projectId: project.id,
      documentId: project.document[0]!.id,
    };
  };
  const de = pick('de');
  return {
    jobId: job.id,
    memoryId: de.memoryId,
    projectId: de.projectId,
    documentId: de.documentId,
    more: (options.moreTargets ?? []).map(pick),
  };
}
