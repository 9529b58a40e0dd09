/**
 * Sends the repository's context of every source file (`.svc.yml` `context:` and each
 * `*.context.yml`) to the platform, in one call per run: the repository owns these fields, so
 * each sync sends them again and an edit in the repository reaches the platform on the next sync,
 * whether or not the source file changed. A file no rule is about is sent with no units, which
 * clears what an earlier run sent for it.
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

/** Sends the payload (see contextPayload); returns the number of units whose context was sent. */
export async function sendContext(
  client: Client,
  payload: { name: string; units: RepositoryUnitContext[] }[] | undefined,
  signal?: AbortSignal,
): Promise<number> {
  if (!payload || payload.length === 0) return 0;
  const sent = await client.files.putContext(payload, signal ? { signal } : {});
  return sent.units;
}
