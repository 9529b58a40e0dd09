/**
 * Deliveries merged into the base branch as it is at delivery time (DESIGN §7): each collected
 * file is replaced by the base's target with only the delivered units it needs written in
 * (mergeDelivery), people's translations are taught to the memory, and the run's record is saved.
 */
import type { Logger } from 'pino';
import type { Client, FileRecord } from '../../src/api/index.ts';
import { entryForSource } from '../../src/config/index.ts';
import type { SyncSettings } from '../../src/config/settings.ts';
import type { Origin } from '../../src/contracts/labels.ts';
import { loadState, saveState, stateRecordOf } from '../../src/contracts/sync-state.ts';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatModule } from '../../src/formats/model.ts';
import { detectFormat, formatByName } from '../../src/formats/registry.ts';
import type { FileWrite } from '../../src/github/branch-commit.ts';
import { l10nBranches, l10nBranchTargets } from '../../src/github/branch-targets.ts';
import type { LanguageUnits, TranslatedFile } from '../../src/github/pull-request-body.ts';
import type { RepositoryReader } from '../../src/github/repository-reader.ts';
import { applyLocaleLists, type LocaleListChange } from '../../src/locale-lists/apply.ts';
import type { GateReport } from '../../src/ship/figures.ts';
import { resolveMemories } from '../../src/translations/memories.ts';
import { type PlaceholderWarning, placeholderWarnings } from '../../src/translations/placeholder-qa.ts';
import { type PlannedTarget, pairsOf, unitsOf } from '../../src/translations/plan-summary.ts';
import { removalsFor } from '../../src/translations/removals.ts';
import { teachMemories } from '../../src/translations/teach.ts';
import { mergeDelivery } from '../../src/translations/write-target.ts';
import type { Delivered, Deliveries } from './deliveries.ts';
import { gateBatch } from './ship-gate.ts';

/** What the batch writes once merged with the base: files by path, and what each language got. */
export interface MergedBatch {
  files: FileWrite[];
  described: TranslatedFile[];
  /** The newest source upload written into each path (see written-paths.ts). */
  sourceIds: Map<string, number>;
  units: LanguageUnits[];
  /** Placeholders the written targets lost or gained (listed in the PR body). */
  warnings: PlaceholderWarning[];
  /** What QA needs of each written path: its source, its format and the languages written. */
  sources: Map<string, WrittenSource>;
  /** Each language's gate, when the config has a `ship:` policy (issue 37). */
  gates?: GateReport[];
  /** The locale lists the batch edits (`locale_lists:`), with the languages each gains and loses. */
  localeLists?: LocaleListChange[];
}

/** The source a written target is checked against (see qa-findings.ts). */
export interface WrittenSource {
  sourcePath: string;
  source: Uint8Array;
  format: FormatModule;
  langs: string[];
}

/** A batch that merged nothing yet. */
export function emptyBatch(): MergedBatch {
  return { files: [], described: [], sourceIds: new Map(), units: [], warnings: [], sources: new Map() };
}

/**
 * Merges every delivery with the base (mergeDelivery; the languages of one path — a multilingual
 * file — one after the other), adds the placeholder QA of what is written, teaches the memories and
 * saves the record. Deliveries that change nothing write nothing; a target that does not parse is
 * a failure of `into`, and what is left out a note of it.
 */
export async function mergeWithBase(
  deps: { client: Client; reader: RepositoryReader; log: Logger; now: () => number },
  settings: SyncSettings,
  origin: Origin,
  into: Deliveries,
  repositoryFiles: ReadonlyMap<string, FileRecord>,
  signal: AbortSignal,
): Promise<MergedBatch> {
  const { client, reader } = deps;
  const stateRecord = stateRecordOf(repositoryFiles.values(), origin.ref);
  const state = await loadState(client, stateRecord, { signal, warn: (m) => deps.log.warn(m), origin });
  const before = JSON.stringify(state);
  const planned: (PlannedTarget & { translated: number })[] = [];
  const batch = emptyBatch();
  // People's commits on the l10n branch are the rule above all (DESIGN §7): when they committed
  // there, the target is read from the branch's head (the moved base merged in first) and merged
  // onBranch, so their edit is kept byte for byte, taught and counted as kept.
  // Keys the source removed leave the targets per `removed_keys` (removals.ts); the reader knows
  // the default branch from its first query (the config's).
  const removals = removalsFor(
    settings.removedKeys,
    reader.defaultBranch === undefined ? undefined : reader.defaultBranch === origin.ref,
  );
  const byPath = new Map<string, Delivered[]>();
  for (const d of into.delivered()) byPath.set(d.path, [...(byPath.get(d.path) ?? []), d]);
  // Every source and target at the base in bulk (DESIGN §11), the l10n branches' tips and open pull
  // requests with the first query; then the targets people committed to that branch, if any.
  const baseTip = await reader.tip(origin.ref);
  if (!baseTip)
    throw Object.assign(new Error(`${origin.owner}/${origin.repo}: branch ${origin.ref} is gone`), {
      status: 404,
    });
  const langs = [...new Set(into.delivered().map((d) => d.lang))];
  const atBase = await reader.files(
    baseTip,
    [
      ...[...byPath].flatMap(([path, [first]]) => [first!.sourcePath, path]),
      ...(settings.localeLists ?? []).map((entry) => entry.path),
    ],
    { branches: l10nBranches(settings, langs), pullInto: origin.ref },
  );
  const onBranch = await l10nBranchTargets(reader, { base: origin.ref, pullRequest: settings.pullRequest })(
    [...byPath].map(([path, [first]]) => ({
      path,
      lang: first!.lang,
      multilingual: path === first!.sourcePath,
    })),
  );
  for (const [path, deliveries] of byPath) {
    const { sourcePath } = deliveries[0]!;
    const baseSource = atBase.get(sourcePath);
    if (!baseSource) {
      into.note(`${path}: its source ${sourcePath} is no longer on ${origin.ref}; nothing written`);
      continue;
    }
    const pinned = entryForSource(settings, sourcePath)?.format;
    const format = pinned ? formatByName(pinned) : detectFormat(sourcePath, baseSource);
    if (!format) {
      into.note(`${sourcePath}: no format reads it; nothing written`);
      continue;
    }
    const branchTarget = onBranch.get(path);
    const base = branchTarget ? branchTarget.bytes : path === sourcePath ? baseSource : atBase.get(path);
    let current = base;
    for (const d of deliveries) {
      let merged: ReturnType<typeof mergeDelivery>;
      try {
        merged = mergeDelivery({
          format,
          lang: d.lang,
          path,
          baseSource,
          baseTarget: current,
          translatedSource: d.translatedSource,
          delivered: d.content,
          record: state.targets[d.lang]?.[path],
          ...(branchTarget ? { onBranch: true } : {}),
          smallEdits: settings.onSourceChange.small,
          removals,
          ...(d.machine ? { machine: true } : {}),
        });
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
        into.fail({
          sourcePath,
          target: d.lang,
          message: `${error.format()} (the target does not parse; it is left as it is)`,
        });
        continue;
      }
      const { plan } = merged;
      plan.record.source = sourcePath;
      state.targets[d.lang] ??= {};
      state.targets[d.lang]![path] = plan.record;
      planned.push({ lang: d.lang, path, sourcePath, plan, translated: merged.written.length });
      if (merged.stale.length > 0)
        into.note(
          `${path} (${d.lang}): ${merged.stale.length} delivered unit(s) left out, their source changed on ${origin.ref} since the upload (${merged.stale.slice(0, 5).join(', ')})`,
        );
      if (!merged.bytes) continue;
      current = merged.bytes;
      batch.described.push({ target: d.lang, path, sourcePath, words: d.words });
      batch.sourceIds.set(path, Math.max(batch.sourceIds.get(path) ?? 0, d.sourceFileId));
    }
    if (current === base || !current) continue;
    batch.files.push({ path, content: current });
    const langs = [...new Set(deliveries.map((d) => d.lang))];
    batch.sources.set(path, { sourcePath, source: baseSource, format, langs });
    const languages = { source: settings.source, targets: langs };
    batch.warnings.push(
      ...placeholderWarnings(
        { path: sourcePath, bytes: baseSource },
        { path, bytes: current },
        languages,
        pinned,
      ),
    );
  }
  // Language gates (issue 37): a held-back language's files stay as they were last shipped.
  const gated = gateBatch(settings, state, batch);
  if (gated) {
    batch.gates = gated.reports;
    dropHeld(batch, gated.held);
  }
  // The app's locale lists follow what ships, edited from the base as the targets are.
  if (settings.localeLists?.length && batch.files.length > 0) {
    const lists = new Map(settings.localeLists.map((entry) => [entry.path, atBase.get(entry.path)]));
    const edited = applyLocaleLists(settings, lists, gated?.reports, (message) => into.note(message));
    batch.files.push(...edited.writes);
    if (edited.changes.length > 0) batch.localeLists = edited.changes;
  }
  const pairs = pairsOf(planned);
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
      onUntaught: (lang, pair, character) =>
        into.note(
          `${pair.path}: ${pair.id}: not taught to the ${lang} memory: its text holds ${character}, which TMX (XML 1.0) cannot carry`,
        ),
    });
  }
  if (JSON.stringify(state) !== before) await saveState(client, state, origin, stateRecord, signal);
  batch.units = unitsOf(gated ? planned.filter((p) => !gated.held.has(p.path)) : planned);
  return batch;
}

/** Leaves the held-back paths out of what the pull request writes and says. */
function dropHeld(batch: MergedBatch, held: ReadonlySet<string>): void {
  if (held.size === 0) return;
  batch.files = batch.files.filter((f) => !held.has(f.path));
  batch.described = batch.described.filter((f) => !held.has(f.path));
  batch.warnings = batch.warnings.filter((w) => !held.has(w.path));
  for (const path of held) {
    batch.sources.delete(path);
    batch.sourceIds.delete(path);
  }
}
