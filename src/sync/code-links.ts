/**
 * Sends, with each uploaded source file, where its units' keys are used in the code (`usage:` in
 * `.svc.yml`): links to the lines at the commit the run is for. One scan of the usage files serves
 * every file and key (src/context/code-links.ts).
 */
import type { Client } from '../api/index.ts';
import { MAX_CODE_LINK_UNITS } from '../api/schemas/file-context.ts';
import { codeKeysOf, findKeyUses, unitUses } from '../context/code-links.ts';
import { readUsageFiles } from '../context/usage-files.ts';
import type { Uploaded } from './upload.ts';

export interface CodeLinksOptions {
  client: Client;
  workspace: string;
  /** `usage:` globs. */
  usage: readonly string[];
  /** `https://github.com/o/r` (or the GitHub Enterprise host). */
  repositoryUrl: string;
  /** The commit the links are pinned to. */
  commit: string;
  sourceLang: string;
  /** Unit ids of each uploaded file, by path. */
  unitIds: ReadonlyMap<string, readonly string[]>;
  signal?: AbortSignal | undefined;
  log?: { info(m: string): void; debug(m: string): void } | undefined;
}

export interface CodeLinksResult {
  /** Usage files searched, and those skipped with a reason. */
  searched: number;
  skipped: { path: string; reason: string }[];
  /** Units with at least one link, over all files. */
  linkedUnits: number;
  /** PUT /v2/files/code-links calls made. */
  requests: number;
  ms: number;
}

/** The platform takes JSON bodies up to 1 MiB: requests stay well under it, and under the unit cap. */
const MAX_BODY_CHARS = 512 * 1024;

/** Consecutive runs of units, each at most MAX_CODE_LINK_UNITS and about MAX_BODY_CHARS of JSON. */
export function chunks<T>(units: readonly T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const unit of units) {
    const length = JSON.stringify(unit).length + 1;
    if (current.length > 0 && (current.length === MAX_CODE_LINK_UNITS || size + length > MAX_BODY_CHARS)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(unit);
    size += length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Finds the uses and sends them: one request per file with links (several for a very large one). */
export async function sendCodeLinks(
  uploaded: readonly Uploaded[],
  o: CodeLinksOptions,
): Promise<CodeLinksResult> {
  const started = performance.now();
  const keys = new Set<string>();
  for (const u of uploaded)
    for (const id of o.unitIds.get(u.file.path) ?? [])
      for (const k of codeKeysOf(id, o.sourceLang)) keys.add(k);
  const { files, skipped } = await readUsageFiles(o.workspace, o.usage);
  const uses = findKeyUses(files, keys);
  let linkedUnits = 0;
  let requests = 0;
  for (const u of uploaded) {
    const byUnit = unitUses(o.unitIds.get(u.file.path) ?? [], uses, o.sourceLang);
    const units = [...byUnit].map(([id, found]) => ({ id, total: found.total, links: found.first }));
    linkedUnits += units.length;
    for (const chunk of chunks(units)) {
      await o.client.files.setCodeLinks(
        u.record.id,
        { repository: o.repositoryUrl, commit: o.commit, units: chunk },
        o.signal ? { signal: o.signal } : {},
      );
      requests++;
    }
  }
  const ms = Math.round(performance.now() - started);
  o.log?.info(
    `code links: ${linkedUnits} unit(s) used in ${files.length} searched file(s)${skipped.length > 0 ? `, ${skipped.length} skipped` : ''} (${ms} ms)`,
  );
  for (const s of skipped) o.log?.debug(`code links: ${s.path} not searched (${s.reason})`);
  return { searched: files.length, skipped, linkedUnits, requests, ms };
}
