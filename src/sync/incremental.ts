/**
 * Instant mode when this run writes the translations itself (the Action with `wait`, `sync
 * --write`): the targets in the checkout are read first and only what changed is translated
 * (DESIGN §7). Steps: plan every target (targets.ts) → teach the memories what people wrote
 * (teach.ts, one import per memory) → translate the new and changed units (delta.ts) → write them
 * into the targets, keeping everything else (editTarget) → record the state → hand the files over.
 */
import type { Client, FileRecord, FileTranslationStatus, Memory } from '../api/index.ts';
import type { SyncSettings } from '../config/settings.ts';
import type { Origin } from '../contracts/labels.ts';
import { emptyState, loadState, saveState, stateRecordOf } from '../contracts/sync-state.ts';
import type { UnitText } from '../formats/target.ts';
import type { FileWrite } from '../github/branch-commit.ts';
import type { LanguageUnits } from '../github/pull-request-body.ts';
import { describeGate, type GateReport, shippedAfter } from '../ship/figures.ts';
import { pairsOf, unitsOf } from '../translations/plan-summary.ts';
import { describeAmbiguous } from '../translations/renames.ts';
import type { SourceProblem } from '../translations/source-file.ts';
import { teachMemories } from '../translations/teach.ts';
import { holdTarget, writeTarget } from '../translations/write-target.ts';
import { translateDeltas } from './delta.ts';
import { gateTargets, targetFileOf, translationsOf } from './gates.ts';
import { type LocaleListChange, updateLocaleLists } from './locale-lists.ts';
import { earlierDeltas } from './resume.ts';
import { describeSourceChanges } from './source-changes.ts';
import type { ParsedSource, TargetSource, TargetWork } from './targets.ts';
import { planTargets } from './targets.ts';
import { describeWordless } from './wordless.ts';

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
  /** Read targets from the l10n branch when people committed to it (see TargetSource). */
  readTarget?: TargetSource | undefined;
  /** The run is on the repository's default branch (`removed_keys: keep-until-merged`); undefined: unknown. */
  onDefaultBranch?: boolean | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  now: () => Date;
  info: (message: string) => void;
  /** Something the user should look at that does not fail the run, in a file; `info` when not given. */
  warn?: (message: string, where: { file: string }) => void;
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
  /** What each language's import added and skipped (held already), when it was waited for. */
  imported: Map<string, { added: number; skipped: number }>;
  unitsSent: number;
  uploads: FileRecord[];
  statuses: FileTranslationStatus[];
  /** Translations a failed run had started, read back instead of sent again (resume.ts). */
  reused: number;
  /** Each language's gate per group of files, when the config has a `ship:` policy (issue 37). */
  gates?: GateReport[];
  /** The locale lists this run edited (`locale_lists:`), with the languages each gained and lost. */
  localeLists?: LocaleListChange[];
}

/** Targets read and planned, the memories taught: what every mode does before it sends anything. */
export interface Prepared {
  works: TargetWork[];
  problems: SourceProblem[];
  taught: Map<string, number>;
  imported: Map<string, { added: number; skipped: number }>;
  memories: ReadonlyMap<string, Memory | undefined>;
  /** What each language last shipped (issue 37), from the base's state. */
  shipped: Readonly<Record<string, readonly string[]>> | undefined;
  /**
   * Records the plans (and what was delivered) as the base's state, when it changed, with what
   * each language ships after this run when gates were applied.
   */
  save(shipped?: Record<string, string[]>): Promise<void>;
}

/**
 * Loads the base's state, reads and plans every target, and teaches the memories what people
 * wrote (one import per memory; waited for when `needMemories` says translations will follow).
 */
export async function prepareTargets(
  o: Omit<IncrementalOptions, 'timeoutMs'>,
  needMemories: (works: readonly TargetWork[]) => boolean,
): Promise<Prepared> {
  const { client, settings } = o;
  const stateRecord = stateRecordOf(o.files.values(), o.origin.ref);
  const state = o.fresh
    ? emptyState()
    : await loadState(client, stateRecord, {
        ...(o.signal ? { signal: o.signal } : {}),
        warn: o.info,
        origin: o.origin,
      });
  const before = JSON.stringify(state);
  const { works, problems, ambiguous } = await planTargets(o.sources, settings, o.workspace, state, {
    ...(o.fresh ? { fresh: true } : {}),
    readTarget: o.readTarget,
    onDefaultBranch: o.onDefaultBranch,
  });
  for (const w of works) {
    reportWordless(w, o.info);
    reportSourceChanges(w, o.info);
  }
  for (const a of ambiguous) o.info(describeAmbiguous(a));
  const pairs = pairsOf(works);
  const follow = needMemories(works);
  let taught = new Map<string, number>();
  const imported = new Map<string, { added: number; skipped: number }>();
  let memories: ReadonlyMap<string, Memory | undefined> = new Map();
  if (pairs.size > 0 || follow) memories = await o.resolveMemories();
  if (pairs.size > 0) {
    taught = await teachMemories(client, pairs, memories, {
      origin: `${o.origin.owner}/${o.origin.repo}@${o.origin.ref}`,
      at: o.now(),
      // The translations that follow should find them.
      wait: follow,
      onImported: (lang, report) => imported.set(lang, report),
      onUntaught: (lang, pair, character) =>
        (o.warn ?? o.info)(
          `${pair.path}: ${pair.id}: not taught to the ${lang} memory: its text holds ${character}, which TMX (XML 1.0) cannot carry; the file keeps it as it is`,
          { file: pair.path },
        ),
      ...(o.signal ? { signal: o.signal } : {}),
    });
    for (const [lang, n] of taught) {
      const report = imported.get(lang);
      o.info(
        `${lang}: ${n} existing translation(s) taught to the memory${report ? ` (added ${report.added}, skipped ${report.skipped} it held already)` : ''}`,
      );
    }
  }
  return {
    works,
    problems,
    taught,
    imported,
    memories,
    shipped: state.shipped,
    async save(shipped) {
      for (const w of works) {
        state.targets[w.lang] ??= {};
        state.targets[w.lang]![w.path] = w.plan.record;
      }
      if (shipped) state.shipped = shipped;
      if (JSON.stringify(state) !== before) await saveState(client, state, o.origin, stateRecord, o.signal);
    },
  };
}

/** Says which units of a target have no words to translate, and what becomes of them. */
function reportWordless(w: TargetWork, info: (message: string) => void): void {
  const note = describeWordless(w);
  if (note) info(`${w.path} (${w.lang}): ${note}`);
}

/**
 * Says what became of units whose source changed a little, came back, or left (issue 36): in job
 * mode nothing else tells it before the delivery, and in every mode the log keeps it.
 */
function reportSourceChanges(w: TargetWork, info: (message: string) => void): void {
  for (const line of describeSourceChanges(w)) info(`${w.path} (${w.lang}): ${line}`);
}

/** Instant mode that writes: prepare, translate the deltas, write the targets, save the state. */
export async function runIncremental(o: IncrementalOptions): Promise<IncrementalResult> {
  const prepared = await prepareTargets(o, (works) => works.some((w) => w.plan.translate.size > 0));
  const { works } = prepared;
  const state = stateRecordOf(o.files.values(), o.origin.ref);
  const earlier =
    o.fresh || !works.some((w) => w.plan.translate.size > 0)
      ? undefined
      : await earlierDeltas(o.client, {
          origin: o.origin,
          files: o.files,
          since: state ? Date.parse(state.created_at) : undefined,
          signal: o.signal,
        });
  const delta = await translateDeltas(o.client, works, {
    origin: o.origin,
    sourceLang: o.settings.source,
    memories: prepared.memories,
    earlier,
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    progress: (ready, total) => o.info(`${ready} of ${total} translations ready`),
    warn: o.warn ?? o.info,
  });
  const gated = gateTargets(o.settings, works, delta.translations, prepared.shipped);
  for (const r of gated?.reports ?? []) o.info(describeGate(r));
  const written = writeTargets(works, delta.translations, gated?.held);
  const lists = await updateLocaleLists(o.settings, o.workspace, gated?.reports, (m, where) =>
    (o.warn ?? o.info)(m, where),
  );
  for (const c of lists.changes)
    o.info(`${c.path}: ${[...c.added.map((l) => `+${l}`), ...c.removed.map((l) => `-${l}`)].join(' ')}`);
  written.push(...lists.writes);
  await prepared.save(gated ? shippedAfter(gated.reports) : undefined);
  return {
    works,
    problems: prepared.problems,
    written,
    failures: delta.failures,
    units: unitsOf(
      works.map((w) => ({
        ...w,
        sourcePath: w.source.file.path,
        translated: delta.translations.get(w)?.size ?? 0,
      })),
    ),
    taught: prepared.taught,
    imported: prepared.imported,
    unitsSent: delta.unitsSent,
    uploads: delta.uploads,
    statuses: delta.statuses,
    reused: delta.reused,
    ...(gated ? { gates: gated.reports } : {}),
    ...(lists.changes.length > 0 ? { localeLists: lists.changes } : {}),
  };
}

/**
 * The new bytes of every target that changes (write-target.ts). Targets of one path (a
 * multilingual file's languages) are edited one after the other.
 */
function writeTargets(
  works: readonly TargetWork[],
  translations: ReadonlyMap<TargetWork, ReadonlyMap<string, UnitText>>,
  held: ReadonlySet<TargetWork> = new Set(),
): FileWrite[] {
  const current = new Map<string, Uint8Array | undefined>();
  const changed = new Set<string>();
  for (const w of works) {
    const own = translations.get(w);
    const set = translationsOf(w, own);
    const bytes = current.has(w.path) ? current.get(w.path) : w.bytes;
    const file = targetFileOf(w, own, bytes);
    if (held.has(w)) {
      holdTarget(file, set);
      continue;
    }
    const out = writeTarget(file, set);
    current.set(w.path, out ?? bytes);
    if (out) changed.add(w.path);
  }
  return [...changed].map((path) => ({ path, content: current.get(path)! }));
}
