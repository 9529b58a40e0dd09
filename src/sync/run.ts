import type { Client, Job } from '../api/index.ts';
import type { FileWrite } from '../github/branch-commit.ts';
import type { PullRequestUpdate, TranslatedFile } from '../github/pull-request-body.ts';
import { type PlaceholderWarning, placeholderWarnings } from '../translations/placeholder-qa.ts';
import { lastUploads, partitionChanged } from './changes.ts';
import { type SourcesPlan, type SyncSettings, sourcesOf, targetPathOf } from './config-view.ts';
import {
  collectTranslations,
  type FinishedTranslation,
  type StartedTranslation,
  startTranslations,
} from './instant.ts';
import { createJob } from './job.ts';
import { INSTANT_SENT_LABEL, type Origin } from './labels.ts';
import { mapConcurrent } from './map-concurrent.ts';
import { resolveMemories } from './memories.ts';
import { isProblem, readSourceFile, type SourceFile, type SourceProblem } from './source-file.ts';
import { type Uploaded, uploadSourceFiles } from './upload.ts';

export interface SyncLog {
  info(message: string): void;
  debug(message: string): void;
  /** Something the user should look at that does not fail the run (a pattern matching no file). */
  warning?(message: string): void;
}

/** Where finished instant translations go: a pull request (the Action) or the working tree (the CLI). */
export type TranslationSink = (
  files: FileWrite[],
  update: PullRequestUpdate,
) => Promise<{ url: string; number: number } | undefined>;

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
  finished?: FinishedTranslation[];
  written: FileWrite[];
  pullRequest?: { url: string; number: number } | undefined;
}

const quiet: SyncLog = { info: () => {}, debug: () => {} };

/**
 * The Action's whole run, free of @actions/*: discover the source files the config names, parse
 * them (problems are reported, never uploaded), upload those whose MD5 differs from their last
 * upload, then create one job (a language pair per target) or start instant translations (one
 * batched call per target memory) — and, with a sink, wait for them and hand over the results.
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

  const { changed, unchanged } = partitionChanged(sources, await lastUploads(client, o.origin, signal));
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
  };
  if (o.dryRun || changed.length === 0) return result;

  const repository = `${o.origin.owner}/${o.origin.repo}`;
  const memories = await resolveMemories(
    client,
    {
      repository,
      source: settings.source,
      targets: settings.targets,
      configured: settings.memories,
    },
    signal ? { signal } : {},
  );
  log.debug(`memories: ${[...memories].map(([t, m]) => `${t}=${m?.id}`).join(', ')}`);
  result.uploaded = await uploadSourceFiles(
    client,
    changed,
    o.origin,
    settings.source,
    signal ? { signal } : {},
  );

  if (settings.mode === 'job') {
    result.job = await createJob(
      client,
      result.uploaded,
      {
        name:
          settings.job.name ??
          `${repository}@${o.origin.ref}${o.origin.sha ? ` ${o.origin.sha.slice(0, 7)}` : ''}: ${changed.length} file(s)`,
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
    return result;
  }

  result.translations = await startTranslations(client, result.uploaded, settings.targets, memories, signal);
  log.info(`${result.translations.length} instant translation(s) started`);
  if (!o.sink) {
    await markSent(client, result.uploaded, signal);
    return result;
  }
  const finished = await collectTranslations(client, result.translations, {
    timeoutMs: o.waitTimeoutMs ?? 30 * 60_000,
    ...(signal ? { signal } : {}),
  });
  result.finished = finished;
  const files: FileWrite[] = [];
  const update = {
    via: 'instant translation',
    sourceLang: settings.source,
    files: [] as TranslatedFile[],
    failures: [] as PullRequestUpdate['failures'][number][],
    warnings: [] as PlaceholderWarning[],
    at: (o.now ?? (() => new Date()))(),
  } satisfies PullRequestUpdate;
  const formats = new Map(plan.map((p) => [p.path, p.format]));
  for (const f of finished) {
    if (!f.bytes) {
      update.failures.push({ sourcePath: f.file.file.path, target: f.target, message: f.error ?? 'failed' });
      continue;
    }
    const path = targetPathOf(settings, f.file.file.path, f.target);
    files.push({ path, content: f.bytes });
    update.files.push({ target: f.target, path, sourcePath: f.file.file.path, words: f.file.file.words });
    update.warnings.push(
      ...placeholderWarnings(f.file.file, { path, bytes: f.bytes }, formats.get(f.file.file.path)),
    );
  }
  result.written = files;
  if (files.length > 0 || update.failures.length > 0) result.pullRequest = await o.sink(files, update);
  // Only now are they sent: a file with a failed target goes again on the next run.
  const failed = new Set(finished.filter((f) => !f.bytes).map((f) => f.file.record.id));
  await markSent(
    client,
    result.uploaded.filter((u) => !failed.has(u.record.id)),
    signal,
  );
  return result;
}

/** Labels uploads whose instant translations were handed over, so the next run skips them. */
async function markSent(client: Client, uploaded: readonly Uploaded[], signal?: AbortSignal) {
  const call = signal ? { signal } : {};
  await mapConcurrent(uploaded, 8, (u) => client.files.addLabel(u.record.id, INSTANT_SENT_LABEL, call));
}
