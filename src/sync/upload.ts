import { type Client, type FileRecord, uploadFile } from '../api/index.ts';
import { type Origin, originLabels } from './labels.ts';
import type { SourceFile } from './source-file.ts';

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
  const out: Uploaded[] = new Array(files.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < files.length) {
      const at = next++;
      const file = files[at]!;
      try {
        const record = await uploadFile(
          client,
          { name: file.path, content: file.bytes, labels, langId: sourceLang },
          options.signal ? { signal: options.signal } : {},
        );
        out[at] = { file, record };
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, files.length)) }, worker),
  );
  if (failure) throw failure.error;
  return out;
}
