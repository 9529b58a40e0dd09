/**
 * Instant mode when this run writes the translations itself (the Action with `wait`, `sync
 * --write`): the targets in the checkout are read first and only what changed is translated
 * (DESIGN §7). Steps: plan every target (targets.ts) → teach the memories what people wrote
 * (teach.ts, one import per memory) → translate the new and changed units (delta.ts) → write them
 * into the targets, keeping everything else (editTarget) → record the state → hand the files over.
 */
import type { Client, FileRecord, FileTranslationStatus, Memory } from '../api/index.ts';
import { editTarget, newTarget, type UnitText } from '../formats/target.ts';
import type { FileWrite } from '../github/branch-commit.ts';
import type { LanguageUnits } from '../github/pull-request-body.ts';
import type { SyncSettings } from './config-view.ts';
import { translateDeltas } from './delta.ts';
import type { Origin } from './labels.ts';
import type { SourceProblem } from './source-file.ts';
import { emptyState, loadState, saveState, stateRecordOf } from './state.ts';
import { deliver } from './target-plan.ts';
import type { ParsedSource, TargetWork } from './targets.ts';
import { planTargets } from './targets.ts';
import { type TaughtPair, teachMemories } from './teach.ts';

export interface IncrementalOptions {
  client: Client;
  workspace: string;
  settings: SyncSettings;
  origin: Origin;
  sources: readonly ParsedSource[];
  /** The repository's files on the platform, newest per name (lastUploads). */
  files: ReadonlyMap<string, FileRecord>;
  resolveMemories: () => Promise<ReadonlyMap<string, Memory | undefined>>;
  /** Ignore what earlier runs recorded: every existing translation counts as current and is taught again. */
  fresh?: boolean;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  now: () => Date;
  info: (message: string) => void;
}

export interface IncrementalResult {
  works: TargetWork[];
  /** Targets that do not parse: never written, their language left out. */
  problems: SourceProblem[];
  written: FileWrite[];
  failures: { sourcePath: string; target: string; message: string }[];
  units: LanguageUnits[];
  /** Pairs taught per language. */
  taught: Map<string, number>;
  unitsSent: number;
  uploads: FileRecord[];
  statuses: FileTranslationStatus[];
}

export async function runIncremental(o: IncrementalOptions): Promise<IncrementalResult> {
  const { client, settings } = o;
  const stateRecord = stateRecordOf(o.files.values(), o.origin.ref);
  const state = o.fresh
    ? emptyState()
    : await loadState(client, stateRecord, { ...(o.signal ? { signal: o.signal } : {}), warn: o.info });
  const before = JSON.stringify(state);
  const { works, problems } = await planTargets(o.sources, settings, o.workspace, state, {
    ...(o.fresh ? { fresh: true } : {}),
  });

  const pairs = new Map<string, TaughtPair[]>();
  for (const w of works)
    for (const t of w.plan.teach) {
      const list = pairs.get(w.lang) ?? [];
      list.push({ path: w.path, ...t });
      pairs.set(w.lang, list);
    }
  const toTranslate = works.some((w) => w.plan.translate.size > 0);
  let taught = new Map<string, number>();
  let memories: ReadonlyMap<string, Memory | undefined> = new Map();
  if (pairs.size > 0 || toTranslate) memories = await o.resolveMemories();
  if (pairs.size > 0) {
    taught = await teachMemories(client, pairs, memories, {
      origin: `${o.origin.owner}/${o.origin.repo}@${o.origin.ref}`,
      at: o.now(),
      // The translations that follow should find them.
      wait: toTranslate,
      ...(o.signal ? { signal: o.signal } : {}),
    });
    for (const [lang, n] of taught) o.info(`${lang}: ${n} existing translation(s) taught to the memory`);
  }

  const delta = await translateDeltas(client, works, {
    origin: o.origin,
    sourceLang: settings.source,
    memories,
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    progress: (ready, total) => o.info(`${ready} of ${total} translations ready`),
  });

  const written = writeTargets(works, delta.translations);
  for (const w of works) {
    state.targets[w.lang] ??= {};
    state.targets[w.lang]![w.path] = w.plan.record;
  }
  if (JSON.stringify(state) !== before) await saveState(client, state, o.origin, stateRecord, o.signal);
  return {
    works,
    problems,
    written,
    failures: delta.failures,
    units: languageUnits(works, delta.translations),
    taught,
    unitsSent: delta.unitsSent,
    uploads: delta.uploads,
    statuses: delta.statuses,
  };
}

/**
 * The new bytes of every target that changes: the translations (and pending deliveries) written
 * in, removed units taken out. Targets of one path (a multilingual file's languages) are edited
 * one after the other. A target that does not exist yet and got no translation is not created.
 */
function writeTargets(
  works: readonly TargetWork[],
  translations: ReadonlyMap<TargetWork, ReadonlyMap<string, UnitText>>,
): FileWrite[] {
  const current = new Map<string, Uint8Array | undefined>();
  const changed = new Set<string>();
  for (const w of works) {
    const set = new Map<string, UnitText>(w.plan.reapply);
    for (const [id, text] of translations.get(w) ?? []) set.set(id, text);
    const bytes = current.has(w.path) ? current.get(w.path) : w.bytes;
    const options = { targetLang: w.lang, sourceLang: undefined, fileName: w.path };
    let out: Uint8Array | undefined = bytes;
    if (!bytes) {
      if (set.size > 0) out = newTarget(w.source.format, w.source.file.bytes, set, options);
    } else if (set.size > 0 || w.plan.remove.size > 0) {
      out = editTarget(
        w.source.format,
        bytes,
        { source: w.source.file.bytes, set, remove: w.plan.remove },
        options,
      );
    }
    for (const [id, text] of set) {
      const unit = w.source.units.find((u) => u.id === id);
      if (unit) deliver(w.plan.record, id, unit.sourcePlural ?? unit.source, text);
    }
    current.set(w.path, out);
    if (out && out !== bytes && !(bytes && Buffer.from(out).equals(Buffer.from(bytes)))) changed.add(w.path);
  }
  return [...changed].map((path) => ({ path, content: current.get(path)! }));
}

/** Per language: units translated, kept, removed and edited by people (for the PR body). */
function languageUnits(
  works: readonly TargetWork[],
  translations: ReadonlyMap<TargetWork, ReadonlyMap<string, UnitText>>,
): LanguageUnits[] {
  type Mutable = LanguageUnits & {
    removed: LanguageUnits['removed'][number][];
    edited: LanguageUnits['edited'][number][];
  };
  const byLang = new Map<string, Mutable>();
  for (const w of works) {
    const l: Mutable = byLang.get(w.lang) ?? {
      target: w.lang,
      translated: 0,
      kept: 0,
      removed: [],
      edited: [],
    };
    l.translated += (translations.get(w)?.size ?? 0) + w.plan.reapply.size;
    l.kept += w.plan.kept;
    for (const id of w.plan.remove) l.removed.push({ path: w.path, id });
    for (const id of w.plan.edited) l.edited.push({ path: w.path, id });
    byLang.set(w.lang, l);
  }
  return [...byLang.values()];
}
