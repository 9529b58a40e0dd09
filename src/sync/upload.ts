import { type Client, type FileRecord, uploadFile } from '../api/index.ts';
import { mapConcurrent } from '../concurrency/map-concurrent.ts';
import { type Origin, originLabels } from '../contracts/labels.ts';
import type { SourceFile } from '../translations/source-file.ts';

export interface Uploaded {
  file: SourceFile;
  record: FileRecord;
}

/**
 * Uploads the files (POST /v2/files, MD5 checked) named by their repository path with the origin's
 * labels, `concurrency` at a time; the client keeps the calls within the general quota. Resolves in
 * the order given; the first failure rejects after the uploads under way have settled.
 */
export async function uploadSourceFiles(
  client: Client,
  files: readonly SourceFile[],
  origin: Origin,
  sourceLang: string,
  options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<Uploaded[]> {
  const labels = originLabels(origin);
  const call = options.signal ? { signal: options.signal } : {};
  return mapConcurrent(files, options.concurrency ?? 8, async (file) => ({
    file,
    record: await uploadFile(
      client,
      { name: file.path, content: file.bytes, labels, langId: sourceLang },
      call,
    ),
  }));
}
