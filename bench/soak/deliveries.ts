/**
 * What the platform says it delivered, asked through the client (src/api) as any consumer would:
 * every delivered job with its source files and exported translations, and every instant
 * translation with its source and translated file.
 */
import {
  type Client,
  downloadJobZip,
  type FileTranslationStatus,
  waitForExport,
} from '../../src/api/index.ts';
import { mapConcurrent } from '../../src/concurrency/map-concurrent.ts';
import type { Delivery, TranslatedFile } from './judge.ts';

const decoder = new TextDecoder();
/** Reads at once: enough to keep the platform busy, few enough to stay within its limits. */
const CONCURRENCY = 4;

async function sourceText(client: Client, fileId: number) {
  return decoder.decode(await client.files.download(fileId, { as: 'bytes' }));
}

/** Every delivered job (archived ones too), newest first, a page of 50 at a time. */
async function deliveredJobs(client: Client) {
  const jobs = [];
  for (let offset = 0; ; offset += 50) {
    const page = await client.jobs.list({ isDelivered: true, offset, limit: 50 });
    jobs.push(...page);
    if (page.length < 50) return jobs;
  }
}

/** A job's translations: exported again and downloaded, each zip entry `<lang>/<source path>`. */
async function jobDelivery(client: Client, id: number, archived: boolean): Promise<Delivery> {
  const sources = await client.files.list({ labels: [`job:${id}`] });
  const texts = new Map(
    await Promise.all(sources.map(async (f) => [f.name, await sourceText(client, f.id)] as const)),
  );
  await client.jobs.export(id);
  await waitForExport(client, id, { intervalMs: 100, maxIntervalMs: 1000, timeoutMs: 120_000 });
  const files: TranslatedFile[] = [];
  for (const entry of await downloadJobZip(client, id)) {
    if (entry.directory) continue;
    const slash = entry.name.indexOf('/');
    const sourcePath = entry.name.slice(slash + 1);
    files.push({
      sourcePath,
      lang: entry.name.slice(0, slash),
      // An entry for a file the job does not hold reads as a source no version matches.
      source: texts.get(sourcePath) ?? '',
      text: decoder.decode(entry.bytes),
    });
  }
  return { kind: 'job', id, acknowledged: archived, files };
}

async function instantDelivery(client: Client, s: FileTranslationStatus): Promise<Delivery | undefined> {
  const id = s.id;
  if (s.status === 'Failed')
    return { kind: 'instant', id, acknowledged: true, files: [], failed: s.errorMsg ?? 'Failed' };
  if (s.status !== 'ReadyForDownload') return undefined;
  const fileId = Number(s.fileId);
  const [file] = await client.files.list({ id: fileId });
  const text = decoder.decode(await client.instant.download(id, { as: 'bytes' }));
  return {
    kind: 'instant',
    id,
    acknowledged: true,
    files: [
      {
        sourcePath: file?.name ?? `file ${fileId}`,
        lang: s.trgLang,
        source: await sourceText(client, fileId),
        text,
      },
    ],
  };
}

/** Everything the platform delivered since it was created. */
export async function platformDeliveries(client: Client): Promise<Delivery[]> {
  const jobs = await deliveredJobs(client);
  const statuses = await client.instant.status({ fromTime: 0 });
  const reads = [
    ...jobs.map((j) => () => jobDelivery(client, j.id, j.status === 'archived')),
    ...statuses.map((s) => () => instantDelivery(client, s)),
  ];
  const out = await mapConcurrent(reads, CONCURRENCY, (read) => read());
  return out.filter((d): d is Delivery => d !== undefined);
}
