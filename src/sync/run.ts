import type { Client, Job } from '../api/index.ts';
import { mapConcurrent } from '../concurrency/map-concurrent.ts';
import type { ContextRule } from '../config/context.ts';
import { type SourcesPlan, type SyncSettings, sourcesOf } from '../config/settings.ts';
import { INSTANT_SENT_LABEL, type Origin } from '../contracts/labels.ts';
import { lastUploads, partitionChanged } from '../contracts/uploads.ts';
import type { FileWrite } from '../github/branch-commit.ts';
import type { PullRequestUpdate, TranslatedFile } from '../github/pull-request-body.ts';
import { resolveMemories } from '../translations/memories.ts';
import { type PlaceholderWarning, placeholderWarnings } from '../translations/placeholder-qa.ts';
import {
  isProblem,
  readSourceFile,
  type SourceFile,
  type SourceProblem,
} from '../translations/source-file.ts';
import { type CodeLinksResult, sendCodeLinks } from './code-links.ts';
import { contextPayload, contextRulesOf, countLeftOut, sendContext } from './context.ts';
import {
  type IncrementalOptions,
  type IncrementalResult,
  prepareTargets,
  runIncremental,
} from './incremental.ts';
import { type StartedTranslation, startTranslations } from './instant.ts';
import { createJob } from './job.ts';
import { parseSources, type TargetSource, type TargetWork } from './targets.ts';
import { type Uploaded, uploadSourceFiles } from './upload.ts';

export interface SyncLog {
  info(message: string): void;
  debug(message: string): void;
  /**
   * Something the user should look at that does not fail the run: a pattern matching no file, or
   * a unit left out of teaching or translation (`where` names the repository file it is in).
   */
  warning?(message: string, where?: { file: string }): void;
}

/** One pull request a sink wrote (one per language with `pull_request.split: language`). */
export interface SinkPullRequest {
  url: string;
  number: number;
  lang?: string | undefined;
  /** The QA check run created on its head, when findings were computed. */
  check?: { id: number; url: string; conclusion: string } | undefined;
  /** The base could not be merged into its branch: nothing committed, the PR says so. */
  conflict?: boolean | undefined;
}

/** What a sink wrote: the first pull request, and every one in `all` (split mode). */
export type SinkResult = SinkPullRequest & { all?: readonly SinkPullRequest[] | undefined };

/**
 * Where finished instant translations go: a pull request (the Action) or the working tree (the
 * CLI). A sink writing to an l10n branch says where the targets are read (`readTarget`): from that
 * branch when people committed to it, so their edits there are kept (DESIGN §7).
 */
export type TranslationSink = ((
  files: FileWrite[],
  update: PullRequestUpdate,
) => Promise<SinkResult | undefined>) & {
  readTarget?: TargetSource | undefined;
};

export interface SyncOptions {
  client: Client;
  /** The checkout the source files are read from. */
  workspace: string;
  settings: SyncSettings;
  origin: Origin;
  /** Read and compare only: nothing uploaded, nothing created. */
  dryRun?: boolean;
  /** Instant mode: wait for the translations and hand them to `sink`. */
  sink?: TranslationSink;
  /** How long to wait for instant translations (default 30 min). */
  waitTimeoutMs?: number;
  /** Resend everything: ignore what earlier runs uploaded and recorded (never people's translations). */
  all?: boolean;
  /** The repository's default branch, when known (`removed_keys: keep-until-merged`). */
  defaultBranch?: string | undefined;
  /**
   * The repository's web address for code links (`usage:`), default `https://github.com/<owner>/<repo>`;
   * the Action passes its GITHUB_SERVER_URL's.
   */
  repositoryUrl?: string | undefined;
  log?: SyncLog;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface SyncResult {
  mode: 'job' | 'instant';
  sources: SourceFile[];
  problems: SourceProblem[];
  uploaded: Uploaded[];
  skipped: SourceFile[];
  /** Dry run: the files that would be uploaded. */
  wouldUpload: SourceFile[];
  job?: Job;
  translations: StartedTranslation[];
  written: FileWrite[];
  pullRequest?: SinkResult | undefined;
  /** Instant mode with a sink: what was done to each target (see incremental.ts). */
  targets?: IncrementalResult;
  /** Translations that failed (instant mode with a sink): the run fails after writing the rest. */
  failures: { sourcePath: string; target: string; message: string }[];
  /** Job mode with `usage:`: the code links sent with the uploaded files. */
  codeLinks?: CodeLinksResult | undefined;
}

const quiet: SyncLog = { info: () => {}, debug: () => {} };

/**
 * The Action's whole run, free of @actions/*: discover the source files the config names, parse
 * them (problems are reported, never uploaded), read every target and teach the memories what
 * people wrote (DESIGN §7). With a sink (instant mode), translate only new and changed units and
 * hand over the targets written (incremental.ts). Otherwise upload the files whose MD5 differs
 * from their last upload and that some language needs, then create one job (a language pair per
 * target) or start instant translations (one batched call per target memory) for the receiver.
 */
export async function runSync(o: SyncOptions): Promise<SyncResult> {
  const log = o.log ?? quiet;
  const { settings, client } = o;
  const signal = o.signal;
  const plan: SourcesPlan = await sourcesOf(settings, o.workspace, (m) => log.warning?.(m));
  log.debug(`${plan.length} source file(s) match the config`);
  const read = await Promise.all(
    plan.map((p) => readSourceFile(o.workspace, p.path, { lang: settings.source, format: p.format })),
  );
  const problems = read.filter(isProblem);
  const sources = read.filter((f): f is SourceFile => !isProblem(f));

  const last = await lastUploads(client, o.origin, signal);
  const { changed, unchanged } = o.all
    ? { changed: sources, unchanged: [] }
    : partitionChanged(sources, last);
  log.info(`${changed.length} changed, ${unchanged.length} unchanged, ${problems.length} not parsable`);
  const result: SyncResult = {
    mode: settings.mode,
    sources,
    problems,
    uploaded: [],
    skipped: unchanged,
    wouldUpload: o.dryRun ? changed : [],
    translations: [],
    written: [],
    failures: [],
  };
  const repository = `${o.origin.owner}/${o.origin.repo}`;
  const memoriesOf = () =>
    resolveMemories(
      client,
      { repository, source: settings.source, targets: settings.targets, configured: settings.memories },
      signal ? { signal } : {},
    );
  // The repository's context goes out on every run, before any upload a job imports it for.
  const rules = await contextRulesOf(
    o.workspace,
    settings.context ?? [],
    sources.map((f) => f.path),
  );
  countLeftOut(sources, plan, rules);
  if (!o.dryRun) {
    const units = await sendContext(client, contextPayload(sources, plan, rules), signal);
    if (units > 0) log.info(`context of ${units} unit(s) sent`);
  }
  if (settings.mode === 'instant' && o.sink && !o.dryRun)
    return writeIncrementally(o, plan, result, last, memoriesOf, rules);
  if (o.dryRun) return result;

  // The targets are read in every mode: people's translations are taught and recorded, and a
  // changed file goes out only when some language needs a unit of it translated.
  const changedPaths = new Set(changed.map((f) => f.path));
  const needsPeople = needsWork(settings.mode);
  const prepared = await prepareTargets(
    {
      client,
      workspace: o.workspace,
      settings,
      origin: o.origin,
      sources: parseSources(sources, plan, rules),
      files: last,
      resolveMemories: memoriesOf,
      ...(o.all ? { fresh: true } : {}),
      onDefaultBranch: onDefaultBranch(o),
      signal,
      now: o.now ?? (() => new Date()),
      info: (m) => log.info(m),
      warn: (m, where) => (log.warning ? log.warning(m, where) : log.info(m)),
    },
    (works) => works.some((w) => needsPeople(w) && changedPaths.has(w.source.file.path)),
  );
  result.problems.push(...prepared.problems);
  const needed = new Set(prepared.works.filter(needsPeople).map((w) => w.source.file.path));
  const send = changed.filter((f) => needed.has(f.path));
  const current = changed.filter((f) => !needed.has(f.path));
  if (current.length > 0) log.info(`${current.length} changed file(s) need no translation in any language`);
  result.skipped.push(...current);
  if (send.length === 0) {
    await prepared.save();
    return result;
  }
  const memories = prepared.memories.size > 0 ? prepared.memories : await memoriesOf();
  log.debug(`memories: ${[...memories].map(([t, m]) => `${t}=${m?.id}`).join(', ')}`);
  result.uploaded = await uploadSourceFiles(
    client,
    send,
    o.origin,
    settings.source,
    signal ? { signal } : {},
  );

  if (settings.mode === 'job') {
    if (settings.usage !== undefined) {
      if (o.origin.sha) {
        const units = new Map(
          prepared.works.map((w) => [w.source.file.path, w.source.units.map((u) => u.id)] as const),
        );
        result.codeLinks = await sendCodeLinks(result.uploaded, {
          client,
          workspace: o.workspace,
          usage: settings.usage,
          repositoryUrl: o.repositoryUrl ?? `https://github.com/${repository}`,
          commit: o.origin.sha,
          sourceLang: settings.source,
          unitIds: units,
          signal,
          log,
        });
      } else log.warning?.('usage: is set but the commit is unknown, so no code links were sent');
    }
    result.job = await createJob(
      client,
      result.uploaded,
      {
        name:
          settings.job.name ??
          `${repository}@${o.origin.ref}${o.origin.sha ? ` ${o.origin.sha.slice(0, 7)}` : ''}: ${send.length} file(s)`,
        source: settings.source,
        targets: settings.targets,
        memories,
        due: settings.job.due,
        workflowTemplateId: settings.job.workflowTemplateId,
        domainId: settings.job.domainId,
      },
      signal,
    );
    log.info(`job ${result.job.id} created for ${settings.targets.length} language(s)`);
  } else {
    // The receiver writes these: it merges each delivery into the base as it is then.
    result.translations = await startTranslations(
      client,
      result.uploaded,
      settings.targets,
      memories,
      signal,
    );
    log.info(`${result.translations.length} instant translation(s) started`);
    await markSent(client, result.uploaded, signal);
  }
  await prepared.save();
  return result;
}

/**
 * Whether a target has work for the job or the translation: units to translate and, in job mode,
 * translations kept after a small source edit for a person to check (they arrive in the workbench
 * prefilled and open, issue 36). Machine translation has nothing to check.
 */
function needsWork(mode: SyncSettings['mode']) {
  return (w: TargetWork) =>
    w.plan.translate.size > 0 || (mode === 'job' && w.plan.smallEdits.some((e) => e.check));
}

/**
 * Instant mode with a sink: every source's targets are read and only new and changed units are
 * translated (incremental.ts); the files that change go to the sink with what happened per language.
 */
async function writeIncrementally(
  o: SyncOptions,
  plan: SourcesPlan,
  result: SyncResult,
  last: Awaited<ReturnType<typeof lastUploads>>,
  memoriesOf: IncrementalOptions['resolveMemories'],
  rules: ReadonlyMap<string, readonly ContextRule[]>,
): Promise<SyncResult> {
  const { settings } = o;
  const log = o.log ?? quiet;
  const now = o.now ?? (() => new Date());
  const targets = await runIncremental({
    client: o.client,
    workspace: o.workspace,
    settings,
    origin: o.origin,
    sources: parseSources(result.sources, plan, rules),
    files: last,
    resolveMemories: memoriesOf,
    ...(o.all ? { fresh: true } : {}),
    readTarget: o.sink?.readTarget,
    onDefaultBranch: onDefaultBranch(o),
    timeoutMs: o.waitTimeoutMs ?? 30 * 60_000,
    signal: o.signal,
    now,
    info: (m) => log.info(m),
    warn: (m, where) => (log.warning ? log.warning(m, where) : log.info(m)),
  });
  result.targets = targets;
  result.problems.push(...targets.problems);
  result.written = targets.written;
  result.failures = targets.failures;
  const formats = new Map(plan.map((p) => [p.path, p.format]));
  const update = {
    via: 'instant translation',
    sourceLang: settings.source,
    files: [] as TranslatedFile[],
    failures: targets.failures,
    warnings: [] as PlaceholderWarning[],
    units: targets.units,
    gates: targets.gates,
    localeLists: targets.localeLists,
    at: now(),
  } satisfies PullRequestUpdate;
  const workOf = new Map(targets.works.map((w) => [w.path, w]));
  for (const file of targets.written) {
    const w = workOf.get(file.path);
    // A locale list (`locale_lists:`) is listed on its own (update.localeLists).
    if (!w) continue;
    update.files.push({
      target: w.lang,
      path: file.path,
      sourcePath: w.source.file.path,
      words: w.source.file.words,
    });
    update.warnings.push(
      ...placeholderWarnings(
        w.source.file,
        { path: file.path, bytes: file.content as Uint8Array },
        { source: settings.source, targets: [w.lang] },
        formats.get(w.source.file.path),
      ),
    );
  }
  const removed = targets.units.some((u) => u.removed.length > 0);
  if (targets.written.length > 0 || targets.failures.length > 0 || removed)
    result.pullRequest = await o.sink!(targets.written, update);
  return result;
}

/** Whether the run is on the default branch; undefined when that branch is not known. */
const onDefaultBranch = (o: SyncOptions) =>
  o.defaultBranch === undefined ? undefined : o.defaultBranch === o.origin.ref;

/** Labels uploads whose instant translations were handed over, so the next run skips them. */
async function markSent(client: Client, uploaded: readonly Uploaded[], signal?: AbortSignal) {
  const call = signal ? { signal } : {};
  await mapConcurrent(uploaded, 8, (u) => client.files.addLabel(u.record.id, INSTANT_SENT_LABEL, call));
}
