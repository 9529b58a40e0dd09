import { parse as parseYaml } from 'yaml';
import { discoverSourceFilesOnDisk } from './discover.ts';
import { ConfigError } from './errors.ts';
import { toConfigIssues } from './issues.ts';
import { loadConfig } from './load.ts';
import { type SvcConfig, SvcConfigSchema } from './schema.ts';
import { entryForSource, translationPath } from './translation-paths.ts';

/** Pull-request settings an input may override (`pr-branch`, `pr-title`, …). */
export type PullRequestOverrides = Partial<SvcConfig['pullRequest']>;

/** What the Action's inputs (or the CLI's flags) change of the config; undefined keeps it. */
export interface SettingsOverrides {
  mode?: 'job' | 'instant' | undefined;
  sourceLang?: string | undefined;
  targetLangs?: string[] | undefined;
  /** YAML list in the shape of `files:`. */
  files?: string | undefined;
  due?: string | undefined;
  workflowTemplateId?: number | undefined;
  domainId?: number | undefined;
  pullRequest?: PullRequestOverrides;
  /** The branch pushed to: fills `%base%` in the branch and title. */
  base: string;
}

/** The config with the overrides applied and `%base%` filled: everything a run reads. */
export interface SyncSettings extends SvcConfig {
  /** The pull request's settings with `%base%` replaced. */
  pullRequest: SvcConfig['pullRequest'];
}

const INPUT_NAMES: Record<string, string> = {
  mode: 'mode',
  source: 'source-lang',
  targets: 'target-langs',
  files: 'files',
};

/**
 * Loads the config text (its own problems named with key path and line), then applies the
 * overrides and validates the result again, so an input such as `target-langs: xx` fails with a
 * message naming the input.
 */
export function settingsFrom(text: string, fileName: string, o: SettingsOverrides): SyncSettings {
  let config = loadConfig(text, { fileName });
  const raw: Record<string, unknown> = {};
  if (o.mode) raw.mode = o.mode;
  if (o.sourceLang) raw.source = o.sourceLang;
  if (o.targetLangs) raw.targets = o.targetLangs;
  if (o.files) {
    try {
      raw.files = parseYaml(o.files);
    } catch (error) {
      throw new ConfigError('input files', [
        { keyPath: '', problem: `is not YAML: ${(error as Error).message}` },
      ]);
    }
  }
  if (Object.keys(raw).length > 0) {
    const merged = { ...(parseYaml(text.replace(/^\uFEFF/, '')) as object), ...raw };
    const result = SvcConfigSchema.safeParse(merged);
    if (!result.success) {
      const issues = result.error.issues.flatMap(toConfigIssues).map((issue) => {
        const top = issue.keyPath.split(/[.[]/)[0]!;
        const input = INPUT_NAMES[top];
        return input && top in raw ? { ...issue, keyPath: `${issue.keyPath} (input ${input})` } : issue;
      });
      throw new ConfigError(fileName, issues, { cause: result.error });
    }
    config = result.data;
  }
  const fill = (s: string) => s.replaceAll('%base%', o.base);
  const pr = { ...config.pullRequest, ...definedOnly(o.pullRequest ?? {}) };
  return {
    ...config,
    job: {
      ...config.job,
      ...(o.due ? { due: o.due } : {}),
      ...(o.workflowTemplateId ? { workflowTemplateId: o.workflowTemplateId } : {}),
      ...(o.domainId ? { domainId: o.domainId } : {}),
    },
    pullRequest: {
      ...pr,
      branch: fill(pr.branch),
      title: fill(pr.title),
      commitMessage: fill(pr.commitMessage),
    },
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Source files the config takes, with the format an entry pins. */
export type SourcesPlan = { path: string; format?: string | undefined }[];

/**
 * Walks the checkout for the config's source files (see discoverSourceFilesOnDisk). A `files:`
 * entry that takes no file is likely a typo in its pattern: `warn` is told, naming it.
 */
export async function sourcesOf(
  settings: SyncSettings,
  root: string,
  warn?: (message: string) => void,
): Promise<SourcesPlan> {
  const entries = await discoverSourceFilesOnDisk(root, settings);
  for (const e of entries)
    if (e.sources.length === 0) warn?.(`files[${e.index}].source "${e.entry.source}" matches no file`);
  // A `*.context.yml` beside a source is about that source's strings, never one itself.
  return entries.flatMap((e) =>
    e.sources
      .filter((path) => !path.endsWith('.context.yml'))
      .map((path) => ({ path, format: e.entry.format })),
  );
}

/** The repository path of `sourcePath`'s translation into `target` (the config's pattern). */
export function targetPathOf(settings: SyncSettings, sourcePath: string, target: string): string {
  const entry = entryForSource(settings, sourcePath);
  if (!entry) throw new Error(`${sourcePath} is not a source file of the config`);
  return translationPath(entry, sourcePath, target, settings);
}
