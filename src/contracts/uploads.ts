import type { Client, FileRecord } from '../api/index.ts';
import type { SourceFile } from '../translations/source-file.ts';
import { repoLabel, wasSent } from './labels.ts';

/**
 * The MD5 of the last upload of every path of this repository (GET /v2/files?labels=repo:…, one
 * call), so change detection needs no git history and works on shallow clones.
 */
export async function lastUploads(
  client: Client,
  origin: { owner: string; repo: string },
  signal?: AbortSignal,
): Promise<Map<string, FileRecord>> {
  const files = await client.files.list({ labels: [repoLabel(origin)] }, signal ? { signal } : {});
  const last = new Map<string, FileRecord>();
  for (const f of files) {
    const seen = last.get(f.name);
    if (!seen || f.id > seen.id) last.set(f.name, f);
  }
  return last;
}

/**
 * Splits source files into those to send — bytes that differ from their last upload, or a last
 * upload that was never sent (its run failed after uploading) — and those already sent as they are.
 */
export function partitionChanged(
  files: readonly SourceFile[],
  last: ReadonlyMap<string, FileRecord>,
): { changed: SourceFile[]; unchanged: SourceFile[] } {
  const changed: SourceFile[] = [];
  const unchanged: SourceFile[] = [];
  for (const file of files) {
    const previous = last.get(file.path);
    if (previous && wasSent(previous.labels) && previous.file_hash.toLowerCase() === file.md5)
      unchanged.push(file);
    else changed.push(file);
  }
  return { changed, unchanged };
}
