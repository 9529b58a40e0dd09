import type { Client, FileRecord, FileTranslationStatus } from '../../src/api/index.ts';
import { type Origin, originOf } from '../../src/contracts/labels.ts';
import type { InboxEvent } from '../dispatch.ts';

/** What an event asks of the receiver, found from the platform (files and their labels). */
export type Resolved =
  | { kind: 'job'; jobId: number; origin: Origin; files: FileRecord[] }
  | {
      kind: 'instant';
      translationId: number;
      origin: Origin;
      file: FileRecord;
      status: FileTranslationStatus;
    }
  /** Nothing to write: recorded (JOB_UPDATE, PROJECT_*) or not ours (no repository labels). */
  | { kind: 'record'; reason: string };

const payloadOf = (event: InboxEvent) => event.payload as Record<string, unknown>;

/**
 * Resolves an event to its repository and files: a job's files carry `job:<id>` and the origin
 * labels (repo, ref) the Action gave them; an instant translation's file carries the origin.
 * Files without origin labels were not uploaded by the Action: nothing to write.
 */
export async function resolveEvent(
  client: Client,
  event: InboxEvent,
  signal: AbortSignal,
): Promise<Resolved> {
  const call = { signal };
  const payload = payloadOf(event);
  if (event.type === 'JOB_DELIVER') {
    const jobId = Number(payload.id);
    const files = await client.files.list({ labels: [`job:${jobId}`] }, call);
    const origins = files.map((f) => originOf(f.labels)).filter((o): o is Origin => o !== undefined);
    const origin = origins[0];
    if (!origin)
      return {
        kind: 'record',
        reason: `job ${jobId} has no files uploaded by the Action (no job:${jobId} and repo: labels)`,
      };
    const key = `${origin.owner}/${origin.repo}@${origin.ref}`;
    if (origins.some((o) => `${o.owner}/${o.repo}@${o.ref}` !== key))
      return {
        kind: 'record',
        reason: `job ${jobId} mixes files of several repositories or branches; not written`,
      };
    return { kind: 'job', jobId, origin, files: files.filter((f) => originOf(f.labels)) };
  }
  if (event.type === 'INSTANT_TRANSLATE_COMPLETED' || event.type === 'INSTANT_TRANSLATE_FAILED') {
    const translationId = Number(payload.translationId);
    const [status] = await client.instant.status({ translationIds: [translationId] }, call);
    if (!status) return { kind: 'record', reason: `translation ${translationId} is not on the platform` };
    const [file] = await client.files.list({ id: Number(status.fileId) }, call);
    const origin = file ? originOf(file.labels) : undefined;
    if (!file || !origin)
      return {
        kind: 'record',
        reason: `translation ${translationId}: its file was not uploaded by the Action`,
      };
    return { kind: 'instant', translationId, origin, file, status };
  }
  return { kind: 'record', reason: `${event.type} recorded` };
}

export const groupKeyOf = (o: Origin) => `${o.owner}/${o.repo}@${o.ref}`;
