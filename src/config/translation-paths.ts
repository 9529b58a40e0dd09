/**
 * From a source file to its translations: which `files:` entry owns a source path, and the
 * repository path of its translation into each target. Every path returned here is a normalized
 * relative path outside `.git` and `.github`; anything else is an UnsafePathError.
 */

import { UnsafePathError } from './errors.ts';
import { compileGlob, matchGlob } from './glob.ts';
import type { LanguagePlaceholder } from './languages.ts';
import { isMultilingual } from './multilingual.ts';
import { baseOf, dirOf, repoPathProblem, splitExtension, writablePathProblem } from './paths.ts';
import {
  mappedLanguageValues,
  type Placeholder,
  parseTemplate,
  renderTemplate,
  type Template,
} from './placeholders.ts';
import type { FileEntry, SvcConfig } from './schema.ts';

const templates = new Map<string, Template>();
const languageCache = new WeakMap<SvcConfig, Map<string, Readonly<Record<LanguagePlaceholder, string>>>>();

/** A target's language placeholder values with the config's mapping applied (cached per config). */
function languageOf(config: SvcConfig, lang: string): Readonly<Record<LanguagePlaceholder, string>> {
  let byLang = languageCache.get(config);
  if (!byLang) {
    byLang = new Map();
    languageCache.set(config, byLang);
  }
  let values = byLang.get(lang);
  if (!values) {
    values = mappedLanguageValues(lang, config.languagesMapping);
    byLang.set(lang, values);
  }
  return values;
}

/** The parsed translation template of an entry (cached; the schema has already checked it). */
export function templateOf(entry: FileEntry): Template {
  let template = templates.get(entry.translation);
  if (!template) {
    template = parseTemplate(entry.translation);
    if (templates.size > 1000) templates.clear();
    templates.set(entry.translation, template);
  }
  return template;
}

/** True when an ignore pattern matches the path or one of its directories (`legacy/` or `legacy`). */
function ignored(entry: FileEntry, path: string): boolean {
  if (entry.ignore.length === 0) return false;
  const prefixes: string[] = [];
  for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
    prefixes.push(path.slice(0, slash));
  }
  prefixes.push(path);
  return entry.ignore.some((pattern) => {
    const glob = compileGlob(pattern.replace(/\/+$/, ''));
    return prefixes.some((p) => matchGlob(glob, p) !== undefined);
  });
}

/**
 * Whether `entry` takes `path` as a source: a safe repository path matched by its source glob and
 * by none of its ignores. Returns what `**` matched, or undefined.
 */
export function matchSource(entry: FileEntry, path: string): { globstar: string } | undefined {
  if (repoPathProblem(path) !== undefined) return undefined;
  const match = matchGlob(compileGlob(entry.source), path);
  if (!match || ignored(entry, path)) return undefined;
  return match;
}

/**
 * The `files:` entry whose source pattern takes `sourcePath` (the first one, in file order), or
 * undefined — also for unsafe names such as `../../.github/workflows/x.yml`, so a document name
 * from the platform maps to nothing unless the config itself would have uploaded that path.
 */
export function entryForSource(config: SvcConfig, sourcePath: string): FileEntry | undefined {
  return config.files.find((entry) => matchSource(entry, sourcePath) !== undefined);
}

/** One target's translation path, or why there is none. */
export type TranslationResult = { lang: string; path: string } | { lang: string; error: UnsafePathError };

/**
 * The translation path of `sourcePath` into each of `langs` under `entry`'s template, matching the
 * source once. Throws UnsafePathError when the entry does not take the source; a result that would
 * leave the repository, touch `.git` or `.github`, or overwrite the source is an error entry.
 */
export function translationResults(
  entry: FileEntry,
  sourcePath: string,
  langs: readonly string[],
  config: SvcConfig,
): TranslationResult[] {
  const match = matchSource(entry, sourcePath);
  if (!match) {
    const problem = repoPathProblem(sourcePath);
    throw new UnsafePathError(
      sourcePath,
      problem ?? `is not matched by the source pattern "${entry.source}"`,
    );
  }
  const file = baseOf(sourcePath);
  const { name, ext } = splitExtension(file);
  const fileValues = { file, name, ext, path: match.globstar, original_path: dirOf(sourcePath) };
  const template = templateOf(entry);
  const multilingual = template.languagePlaceholders.length === 0 && isMultilingual(entry);
  return langs.map((lang): TranslationResult => {
    if (!config.targets.includes(lang)) {
      return { lang, error: new UnsafePathError(sourcePath, `"${lang}" is not a target language`) };
    }
    const values: Record<Placeholder, string> = { ...languageOf(config, lang), ...fileValues };
    const result = renderTemplate(template, values);
    const problem = writablePathProblem(result);
    if (problem) return { lang, error: new UnsafePathError(result, problem) };
    if (multilingual) {
      // Every language is written into the file itself, never into another shared file.
      if (result !== sourcePath)
        return {
          lang,
          error: new UnsafePathError(
            result,
            `is not the source file ${sourcePath}: a file that holds every language takes its translations itself`,
          ),
        };
      return { lang, path: result };
    }
    if (result === sourcePath) {
      return { lang, error: new UnsafePathError(result, `is the source file itself (for ${lang})`) };
    }
    return { lang, path: result };
  });
}

/**
 * The repository path of `sourcePath`'s translation into `lang` under `entry`'s template.
 * Throws UnsafePathError when `lang` is not a target, the entry does not take the source, or the
 * result would leave the repository, touch `.git` or `.github`, or overwrite the source itself.
 */
export function translationPath(
  entry: FileEntry,
  sourcePath: string,
  lang: string,
  config: SvcConfig,
): string {
  if (!config.targets.includes(lang))
    throw new UnsafePathError(sourcePath, `"${lang}" is not a target language`);
  const [result] = translationResults(entry, sourcePath, [lang], config);
  if ('error' in result!) throw result.error;
  return result!.path;
}

/**
 * Every target's translation path for a source file, in target order. Throws UnsafePathError when
 * no entry takes the path or a translation path would be unsafe.
 */
export function targetPathsFor(config: SvcConfig, sourcePath: string): { lang: string; path: string }[] {
  const entry = entryForSource(config, sourcePath);
  if (!entry) throw new UnsafePathError(sourcePath, 'is not matched by any files[].source pattern');
  return translationResults(entry, sourcePath, config.targets, config).map((result) => {
    if ('error' in result) throw result.error;
    return result;
  });
}
