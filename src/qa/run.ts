/**
 * `svc-connector qa` as a library: reads the working tree the way a sync does (the config's
 * source files, each target's translation path, the same format module for both) and checks every
 * unit of every target against its source.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContextRule } from '../config/context.ts';
import { readContextFile } from '../config/context-file.ts';
import {
  ConfigError,
  discoverSourceFilesOnDisk,
  type SvcConfig,
  translationResults,
} from '../config/index.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';
import { repositoryContext, rulesFor, withContext } from '../translations/unit-context.ts';
import { checkFile, sourceUnits } from './check-file.ts';
import type { Finding, QaReport, TermEntry } from './types.ts';

export interface QaOptions {
  /** The repository checkout: config patterns and finding paths are relative to it. */
  root: string;
  config: SvcConfig;
  /** Config file name for error messages. */
  configFile?: string;
  /** Termbase entries to check terms against (none: the term rule does not run). */
  terms?: readonly TermEntry[];
  /** Target languages to check (default: every target of the config). */
  langs?: readonly string[];
  /**
   * Files read instead of the working tree's, by repository path: the target files a pull
   * request is about to hold, checked before they are committed.
   */
  overlay?: ReadonlyMap<string, Uint8Array>;
}

async function read(root: string, path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(join(root, path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const byPosition = (a: Finding, b: Finding) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column;

/** The context rules about a source, or the finding that its context file cannot be read. */
async function contextOfSource(
  root: string,
  config: SvcConfig,
  sourcePath: string,
): Promise<{ rules: ContextRule[] } | { finding: Finding }> {
  try {
    return {
      rules: rulesFor([...(config.context ?? []), ...(await readContextFile(root, sourcePath))], sourcePath),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const issue = error.issues[0]!;
    return {
      finding: {
        path: error.fileName,
        line: issue.line ?? 1,
        column: issue.column ?? 1,
        key: '',
        lang: config.source,
        rule: 'parse-error',
        severity: 'error',
        message: error.message,
      },
    };
  }
}

/**
 * Checks every target of every source file the config takes. A config that cannot be applied
 * (a source taken twice, an unsafe translation path) throws ConfigError / UnsafePathError.
 */
export async function runQa(options: QaOptions): Promise<QaReport> {
  const { root, config } = options;
  const langs = options.langs ?? config.targets;
  const findings: Finding[] = [];
  let files = 0;
  let units = 0;
  const entries = await discoverSourceFilesOnDisk(root, config, {
    fileName: options.configFile ?? '.svc.yml',
  });
  for (const { entry, sources } of entries) {
    for (const sourcePath of sources) {
      const source = (await read(root, sourcePath))!;
      const format = entry.format ? formatByName(entry.format) : detectFormat(sourcePath, source);
      if (!format) {
        const message = `no format reads this file${entry.format ? ` (format "${entry.format}" is unknown)` : ''}`;
        findings.push({
          path: sourcePath,
          line: 1,
          column: 1,
          key: '',
          lang: config.source,
          rule: 'parse-error',
          severity: 'error',
          message,
        });
        continue;
      }
      const own = sourceUnits(format, source, sourcePath, config.source);
      if (!Array.isArray(own)) {
        findings.push(own);
        continue;
      }
      const context = await contextOfSource(root, config, sourcePath);
      if ('finding' in context) {
        findings.push(context.finding);
        continue;
      }
      // The repository's context rules over the file's own: their max_length is checked too, and
      // do_not_translate units are not checked at all.
      const parsed = withContext(own, context.rules).filter((u) => u.translatable);
      const limitOrigins = new Map(
        repositoryContext(parsed, context.rules).flatMap((c) =>
          c.origins.maxLength ? [[c.id, c.origins.maxLength] as const] : [],
        ),
      );
      for (const result of translationResults(entry, sourcePath, langs, config)) {
        if ('error' in result) throw result.error;
        const { lang, path } = result;
        const target =
          path === sourcePath ? source : (options.overlay?.get(path) ?? (await read(root, path)));
        if (!target) {
          const message = `missing translation file: ${parsed.length} units of ${sourcePath} are not translated`;
          findings.push({
            path,
            line: 1,
            column: 1,
            key: '',
            lang,
            rule: 'untranslated',
            severity: 'warning',
            message,
          });
          continue;
        }
        files++;
        const pair = {
          format,
          sourcePath,
          targetPath: path,
          source,
          target,
          sourceLang: config.source,
          lang,
        };
        const checked = checkFile(
          { ...pair, limitOrigins, ...(options.terms ? { terms: options.terms } : {}) },
          parsed,
        );
        findings.push(...checked.findings);
        units += checked.units;
      }
    }
  }
  return { findings: findings.sort(byPosition), files, units };
}
