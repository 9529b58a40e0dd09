/**
 * Sends the repository's context of every source file (`.svc.yml` `context:` and each
 * `*.context.yml`) to the platform on every run (one call, more only past the platform's JSON body
 * limit): the repository owns these fields, so each sync sends them again and an edit in the
 * repository reaches the platform on the next sync, whether or not the source file changed. A file
 * no rule is about is sent with no units, which clears what an earlier run sent for it. A
 * repository with no rule at all sends nothing (no call).
 */
import type { Client } from '../api/index.ts';
import type { ContextRule } from '../config/context.ts';
import { readContextFile } from '../config/context-file.ts';
import type { SourcesPlan } from '../config/settings.ts';
import { leftOutOf } from '../formats/left-out.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';
import type { SourceFile } from '../translations/source-file.ts';
import {
  type RepositoryUnitContext,
  repositoryContext,
  rulesFor,
  withContext,
} from '../translations/unit-context.ts';

/** Every source file's context rules: the config's about it, then its own context file's. */
export async function contextRulesOf(
  workspace: string,
  config: readonly ContextRule[],
  paths: readonly string[],
): Promise<Map<string, ContextRule[]>> {
  const out = new Map<string, ContextRule[]>();
  for (const path of paths)
    out.set(path, rulesFor([...config, ...(await readContextFile(workspace, path))], path));
  return out;
}

/**
 * What to send: each source file's units the rules say something about; undefined when no rule is
 * about any file (nothing to send, no call).
 */
export function contextPayload(
  sources: readonly SourceFile[],
  plan: SourcesPlan,
  rules: ReadonlyMap<string, readonly ContextRule[]>,
): { name: string; units: RepositoryUnitContext[] }[] | undefined {
  if (![...rules.values()].some((r) => r.length > 0)) return undefined;
  const pinned = new Map(plan.map((p) => [p.path, p.format]));
  return sources.map((file) => {
    const fileRules = rules.get(file.path) ?? [];
    if (fileRules.length === 0) return { name: file.path, units: [] };
    const name = pinned.get(file.path);
    const format = name ? formatByName(name) : detectFormat(file.path, file.bytes);
    const units = format ? format.parse(file.bytes, { fileName: file.path }) : [];
    return { name: file.path, units: repositoryContext(units, fileRules) };
  });
}

/**
 * Counts the units a `do_not_translate` rule leaves out with the file's own left-out units, so the
 * run's summary says how many and why (DESIGN §10: no silent skip).
 */
export function countLeftOut(
  sources: readonly SourceFile[],
  plan: SourcesPlan,
  rules: ReadonlyMap<string, readonly ContextRule[]>,
): void {
  const pinned = new Map(plan.map((p) => [p.path, p.format]));
  for (const file of sources) {
    const fileRules = rules.get(file.path) ?? [];
    if (!fileRules.some((r) => r.fields.doNotTranslate)) continue;
    const name = pinned.get(file.path);
    const format = name ? formatByName(name) : detectFormat(file.path, file.bytes);
    if (!format) continue;
    const units = withContext(format.parse(file.bytes, { fileName: file.path }), fileRules);
    file.leftOut = leftOutOf(units);
  }
}

/**
 * The platform takes JSON bodies up to 1 MiB: a request carries at most this much, the rest of a
 * file going on in the next request (`append`).
 */
export const CONTEXT_REQUEST_BYTES = 768 * 1024;

type ContextFile = { name: string; units: RepositoryUnitContext[]; append?: boolean };

/**
 * Splits the payload into requests of about `budget` bytes each, files in order. A file that does
 * not fit goes on in the next request with `append`: its first part replaces what the platform
 * held, the others add to it.
 */
export function contextRequests(
  payload: readonly ContextFile[],
  budget = CONTEXT_REQUEST_BYTES,
): ContextFile[][] {
  const requests: ContextFile[][] = [];
  let current: ContextFile[] = [];
  let size = 0;
  for (const file of payload) {
    const overhead = Buffer.byteLength(file.name) + 32;
    let entry: ContextFile = { name: file.name, units: [] };
    const open = (append: boolean) => {
      entry = append ? { name: file.name, units: [], append } : { name: file.name, units: [] };
      current.push(entry);
      size += overhead;
    };
    const flush = () => {
      requests.push(current);
      current = [];
      size = 0;
    };
    if (current.length > 0 && size + overhead > budget) flush();
    open(false);
    for (const unit of file.units) {
      const bytes = Buffer.byteLength(JSON.stringify(unit)) + 1;
      if (size + bytes > budget && (current.length > 1 || entry.units.length > 0)) {
        flush();
        open(true);
      }
      entry.units.push(unit);
      size += bytes;
    }
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

/** Sends the payload (see contextPayload) in as few requests as fit; returns the units sent. */
export async function sendContext(
  client: Client,
  payload: ContextFile[] | undefined,
  signal?: AbortSignal,
): Promise<number> {
  if (!payload || payload.length === 0) return 0;
  let units = 0;
  for (const files of contextRequests(payload))
    units += (await client.files.putContext(files, signal ? { signal } : {})).units;
  return units;
}
