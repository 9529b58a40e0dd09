/**
 * `svc-connector pseudo` as a library: for each source file the config takes, its pseudo target at
 * the configured translation path for the pseudo-locale. Only that language's files are written:
 * a pseudo-locale that is a real target (or the source language) is refused, and so is a path that
 * would land on a source file or a real target.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  discoverSourceFilesOnDisk,
  type SvcConfig,
  targetPathsFor,
  translationResults,
} from '../config/index.ts';
import { FormatError } from '../formats/errors.ts';
import { detectFormat, formatByName } from '../formats/registry.ts';
import { PseudoError } from './errors.ts';
import { pseudoFile } from './file.ts';
import { type PseudoProfile, pseudoProfile } from './profiles.ts';

export interface PseudoRunOptions {
  /** The repository checkout: config patterns and paths are relative to it. */
  root: string;
  config: SvcConfig;
  /** Config file name for error messages. */
  configFile?: string;
  /** The pseudo-locale (`en-XA`, `ar-XB`). */
  lang: string;
  /** Expansion in percent, instead of the profile's. */
  expand?: number;
  markKeys?: boolean;
  /** Writes a file (default: into `root`, making its folder). */
  write?: (path: string, bytes: Uint8Array) => Promise<void>;
}

export interface PseudoReport {
  profile: PseudoProfile;
  /** Targets written: repository paths. */
  written: {
    source: string;
    path: string;
    format: string;
    units: number;
    /** What the file's encoding left out (ISO-8859-1: most accents and the key markers). */
    note?: string;
  }[];
  /**
   * Sources not written, and why: `failed` when the file should have had a target (no format
   * reads it, its encoding cannot hold the text), not for a file that holds every language.
   */
  skipped: { source: string; reason: string; failed: boolean }[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Writes the pseudo target of every source. Throws PseudoError for a tag that is no pseudo-locale
 * or is one of the config's languages, or a target path that is a source or a real target; a
 * config that cannot be applied throws ConfigError / UnsafePathError as qa and sync do.
 */
export async function runPseudo(options: PseudoRunOptions): Promise<PseudoReport> {
  const { root, config } = options;
  const profile = pseudoProfile(options.lang, options.expand !== undefined ? { expand: options.expand } : {});
  if (config.targets.some((t) => same(t, profile.lang)) || same(config.source, profile.lang))
    throw new PseudoError(
      `${profile.lang} is one of the languages in ${options.configFile ?? '.svc.yml'}: pseudo text never overwrites real translations; pick another pseudo-locale (en-XA, ar-XB)`,
    );
  const write =
    options.write ??
    (async (path: string, bytes: Uint8Array) => {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), bytes);
    });
  const entries = await discoverSourceFilesOnDisk(root, config, {
    fileName: options.configFile ?? '.svc.yml',
  });
  // Every file pseudo must leave alone: the sources and each real language's targets.
  const owned = new Map<string, string>();
  for (const { sources } of entries)
    for (const source of sources) {
      owned.set(source, 'a source file');
      for (const { lang, path } of targetPathsFor(config, source))
        if (path !== source) owned.set(path, `the ${lang} translation`);
    }
  // The pseudo-locale joins the targets for the path templates only.
  const withPseudo: SvcConfig = { ...config, targets: [...config.targets, profile.lang] };
  const report: PseudoReport = { profile, written: [], skipped: [] };
  for (const { entry, sources } of entries) {
    for (const sourcePath of sources) {
      const source = new Uint8Array(await readFile(join(root, sourcePath)));
      const format = entry.format ? formatByName(entry.format) : detectFormat(sourcePath, source);
      if (!format) {
        report.skipped.push({ source: sourcePath, reason: 'no format reads this file', failed: true });
        continue;
      }
      if (format.holds === 'all') {
        // Its languages live in the source itself, which pseudo never edits.
        report.skipped.push({
          source: sourcePath,
          reason: `a ${format.name} file holds every language in the source itself, which pseudo does not edit (Xcode's scheme option "App Language" offers pseudolanguages at run time)`,
          failed: false,
        });
        continue;
      }
      const [result] = translationResults(entry, sourcePath, [profile.lang], withPseudo);
      if ('error' in result!) throw result.error;
      const { path } = result!;
      const holder = owned.get(path);
      if (holder)
        throw new PseudoError(
          `the ${profile.lang} target of ${sourcePath} would be ${path}, which is ${holder}: give the pseudo-locale a path of its own (languages_mapping in ${options.configFile ?? '.svc.yml'})`,
        );
      let made: ReturnType<typeof pseudoFile>;
      try {
        made = pseudoFile(format, source, {
          profile,
          markKeys: options.markKeys ?? false,
          fileName: sourcePath,
          sourceLang: config.source,
        });
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
        report.skipped.push({ source: sourcePath, reason: error.format(), failed: true });
        continue;
      }
      await write(path, made.bytes);
      report.written.push({
        source: sourcePath,
        path,
        format: format.name,
        units: made.units,
        ...(made.latin1
          ? {
              note: `the file is ISO-8859-1: only the accents it can hold${options.markKeys ? ', and no key markers' : ''}`,
            }
          : {}),
      });
    }
  }
  return report;
}
