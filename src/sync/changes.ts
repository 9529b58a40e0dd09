import type { Client, FileRecord } from '../api/index.ts';
import { repoLabel } from './labels.ts';
import type { SourceFile } from './source-file.ts';

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

/** Splits source files into those whose bytes differ from their last upload and those that do not. */
export function partitionChanged(
  files: readonly SourceFile[],
  last: ReadonlyMap<string, FileRecord>,
): { changed: SourceFile[]; unchanged: SourceFile[] } {
  const changed: SourceFile[] = [];
  const unchanged: SourceFile[] = [];
  for (const file of files) {
    const previous = last.get(file.path);
    if (previous && previous.file_hash.toLowerCase() === file.md5) unchanged.push(file);
    else changed.push(file);
  }
  return { changed, unchanged };
}
