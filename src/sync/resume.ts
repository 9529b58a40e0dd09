/**
 * A run resumed after a failure sends only what the failed run did not finish (DESIGN §11). A run
 * records its state last, after its translations are done: a delta uploaded after the base's state
 * file belongs to a run that never recorded it — it failed, or was killed, before the end. When
 * this run needs a delta with the very same bytes, that upload and its translations into the
 * memories (finished, or still running) serve again, so nothing is uploaded or charged twice.
 *
 * Costs nothing when no run failed (the repository's file list, already read, shows no newer delta);
 * otherwise two calls: the deltas of the branch, and the translations started since the first.
 */
import { type Client, type FileRecord, type FileTranslationStatus, md5Hex } from '../api/index.ts';
import { type Origin, repoLabel } from '../contracts/labels.ts';

export const DELTA_LABEL = 'svc:delta';

/** A delta a failed run uploaded, and its translations by memory id. */
export interface EarlierDelta {
  record: FileRecord;
  translations: Map<number, FileTranslationStatus>;
}

export interface EarlierOptions {
  origin: Origin;
  /** The repository's files on the platform, newest per name (lastUploads). */
  files: ReadonlyMap<string, FileRecord>;
  /** When the base's state file was written (ms), or undefined before the first recorded run. */
  since: number | undefined;
  signal?: AbortSignal | undefined;
}

/** The key a delta is found by: its name and the MD5 of its bytes. */
export const deltaKey = (name: string, content: Uint8Array) => `${name}\u0000${md5Hex(content)}`;

/** The deltas failed runs of this branch left, by deltaKey, with their translations. */
export async function earlierDeltas(client: Client, o: EarlierOptions): Promise<Map<string, EarlierDelta>> {
  const out = new Map<string, EarlierDelta>();
  const unrecorded = (f: FileRecord) =>
    f.labels.includes(DELTA_LABEL) &&
    f.labels.includes(`ref:${o.origin.ref}`) &&
    (o.since === undefined || Date.parse(f.created_at) > o.since);
  if (![...o.files.values()].some(unrecorded)) return out;
  const call = o.signal ? { signal: o.signal } : {};
  const listed = (
    await client.files.list({ labels: [repoLabel(o.origin), `ref:${o.origin.ref}`, DELTA_LABEL] }, call)
  ).filter(unrecorded);
  if (listed.length === 0) return out;
  const byId = new Map<string, EarlierDelta>();
  for (const record of listed.sort((a, b) => a.id - b.id)) {
    const delta = { record, translations: new Map() };
    // The newest upload of the same bytes wins: its translations are the newest.
    out.set(`${record.name}\u0000${record.file_hash.toLowerCase()}`, delta);
    byId.set(String(record.id), delta);
  }
  const first = Math.min(...listed.map((f) => Date.parse(f.created_at)));
  // One listing: a translation it leaves out (the platform caps a listing) is only sent again.
  const statuses = await client.instant.status({ fromTime: Math.floor(first / 1000) }, call);
  for (const status of statuses.sort((a, b) => a.id - b.id)) {
    // A failed translation is sent again; any other (finished or running) is waited for and read.
    if (status.status === 'Failed') continue;
    byId.get(status.fileId)?.translations.set(status.memoryId, status);
  }
  return out;
}
