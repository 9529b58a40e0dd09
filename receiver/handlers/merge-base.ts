/**
 * Deliveries merged into the base branch as it is at delivery time (DESIGN §7): each collected
 * file is replaced by the base's target with only the delivered units it needs written in
 * (mergeDelivery), people's translations are taught to the memory, and the run's record is saved.
 */
import type { Logger } from 'pino';
import type { Client, FileRecord } from '../../src/api/index.ts';
import { entryForSource } from '../../src/config/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import { detectFormat, formatByName } from '../../src/formats/registry.ts';
import type { GitHub } from '../../src/github/client.ts';
import type { LanguageUnits } from '../../src/github/pull-request-body.ts';
import { readRepositoryBytes } from '../../src/github/read-file.ts';
import type { SyncSettings } from '../../src/sync/config-view.ts';
import type { Origin } from '../../src/sync/labels.ts';
import { resolveMemories } from '../../src/sync/memories.ts';
import { loadState, saveState, stateRecordOf } from '../../src/sync/state.ts';
import { type TaughtPair, teachMemories } from '../../src/sync/teach.ts';
import { mergeDelivery } from '../../src/sync/write-target.ts';
import { placeholderWarnings } from '../../src/translations/placeholder-qa.ts';
import type { Collected } from './translated-files.ts';

type Mutable = LanguageUnits & {
  removed: { path: string; id: string }[];
  edited: { path: string; id: string }[];
};

/**
 * Rewrites `into.files` as merges with the base (files that end up unchanged leave the batch),
 * adds the placeholder QA of what is written, and returns the units per language for the PR body.
 */
export async function mergeWithBase(
  deps: { client: Client; gh: GitHub; log: Logger; now: () => number },
  settings: SyncSettings,
  origin: Origin,
  into: Collected,
  repositoryFiles: ReadonlyMap<string, FileRecord>,
  signal: AbortSignal,
): Promise<LanguageUnits[]> {
  const { client, gh } = deps;
  const at = { owner: origin.owner, repo: origin.repo, ref: origin.ref };
  const stateRecord = stateRecordOf(repositoryFiles.values(), origin.ref);
  const state = await loadState(client, stateRecord, { signal, warn: (m) => deps.log.warn(m) });
  const before = JSON.stringify(state);
  const byLang = new Map<string, Mutable>();
  const pairs = new Map<string, TaughtPair[]>();
  for (const file of [...into.files]) {
    const d = into.deliveries.get(file.path)!;
    const drop = (why?: string) => {
      if (why) into.skipped.push(why);
      into.files.splice(into.files.indexOf(file), 1);
      into.described.splice(
        into.described.findIndex((x) => x.path === file.path),
        1,
      );
      into.sourceIds.delete(file.path);
      into.deliveries.delete(file.path);
    };
    const baseSource = await readRepositoryBytes(gh, at, d.sourcePath);
    if (!baseSource) {
      drop(`${file.path}: its source ${d.sourcePath} is no longer on ${origin.ref}; nothing written`);
      continue;
    }
    const pinned = entryForSource(settings, d.sourcePath)?.format;
    const format = pinned ? formatByName(pinned) : detectFormat(d.sourcePath, baseSource);
    if (!format) {
      drop(`${d.sourcePath}: no format reads it; nothing written`);
      continue;
    }
    const baseTarget = await readRepositoryBytes(gh, at, file.path);
    let merged: ReturnType<typeof mergeDelivery>;
    try {
      merged = mergeDelivery({
        format,
        lang: d.lang,
        path: file.path,
        baseSource,
        baseTarget,
        translatedSource: d.translatedSource,
        delivered: file.content as Uint8Array,
        record: state.targets[d.lang]?.[file.path],
      });
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      into.failures.push({
        sourcePath: d.sourcePath,
        target: d.lang,
        message: `${error.format()} (the target does not parse; it is left as it is)`,
      });
      drop();
      continue;
    }
    const { plan } = merged;
    state.targets[d.lang] ??= {};
    state.targets[d.lang]![file.path] = plan.record;
    const l: Mutable = byLang.get(d.lang) ?? {
      target: d.lang,
      translated: 0,
      kept: 0,
      removed: [],
      edited: [],
    };
    l.translated += merged.written.length + plan.reapply.size;
    l.kept += plan.kept;
    for (const id of plan.remove) l.removed.push({ path: file.path, id });
    for (const id of plan.edited) l.edited.push({ path: file.path, id });
    byLang.set(d.lang, l);
    for (const t of plan.teach) {
      const list = pairs.get(d.lang) ?? [];
      list.push({ path: file.path, ...t });
      pairs.set(d.lang, list);
    }
    if (merged.stale.length > 0)
      into.skipped.push(
        `${file.path}: ${merged.stale.length} delivered unit(s) left out, their source changed on ${origin.ref} since the upload (${merged.stale.slice(0, 5).join(', ')})`,
      );
    if (!merged.bytes) {
      drop();
      continue;
    }
    file.content = merged.bytes;
    into.warnings.push(
      ...placeholderWarnings(
        { path: d.sourcePath, bytes: baseSource },
        { path: file.path, bytes: merged.bytes },
        pinned,
      ),
    );
  }
  if (pairs.size > 0) {
    const memories = await resolveMemories(
      client,
      {
        repository: `${origin.owner}/${origin.repo}`,
        source: settings.source,
        targets: [...pairs.keys()],
        configured: settings.memories,
      },
      { signal },
    );
    await teachMemories(client, pairs, memories, {
      origin: `${origin.owner}/${origin.repo}@${origin.ref}`,
      at: new Date(deps.now()),
      signal,
    });
  }
  if (JSON.stringify(state) !== before) await saveState(client, state, origin, stateRecord, signal);
  return [...byLang.values()];
}
