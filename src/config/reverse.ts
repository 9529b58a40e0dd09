/**
 * From a translation path back to its source file and language: the receiver's check that a path
 * is one the config produces. A candidate source is rebuilt from what the template captured and
 * accepted only if rendering it forward gives the same path, so a lookup never trusts a guess.
 */
import { UnsafePathError } from './errors.ts';
import { expandBraces } from './glob.ts';
import { joinPath } from './paths.ts';
import {
  type FilePlaceholder,
  mappedLanguageValues,
  type ReverseMatcher,
  reverseMatcher,
} from './placeholders.ts';
import type { FileEntry, SvcConfig } from './schema.ts';
import { entryForSource, templateOf, translationPath } from './translation-paths.ts';

/** A translation path's origin. */
export interface TranslationOrigin {
  /** Index of the `files:` entry. */
  index: number;
  entry: FileEntry;
  source: string;
  lang: string;
}

const matchers = new WeakMap<SvcConfig, Map<string, ReverseMatcher>>();

function matcherFor(config: SvcConfig, index: number, lang: string): ReverseMatcher {
  let byKey = matchers.get(config);
  if (!byKey) {
    byKey = new Map();
    matchers.set(config, byKey);
  }
  const key = `${index}\u0000${lang}`;
  let matcher = byKey.get(key);
  if (!matcher) {
    const entry = config.files[index]!;
    matcher = reverseMatcher(templateOf(entry), mappedLanguageValues(lang, config.languagesMapping));
    byKey.set(key, matcher);
  }
  return matcher;
}

const WILD = /[*?[{]/;

/** Source paths that could have produced the captured values under one brace alternative. */
function candidatesFor(alternative: string, captured: Partial<Record<FilePlaceholder, string>>): string[] {
  const segments = alternative.split('/');
  const lastGlob = segments.at(-1)!;
  const files: string[] = [];
  if (captured.file !== undefined) files.push(captured.file);
  else if (captured.name !== undefined && captured.ext !== undefined) {
    files.push(captured.ext === '' ? captured.name : `${captured.name}.${captured.ext}`);
  } else if (!WILD.test(lastGlob)) files.push(lastGlob);
  else if (captured.name !== undefined && /^[^*?[]*\*[^*?[]*$/.test(lastGlob)) {
    files.push(lastGlob.replace('*', captured.name)); // `*.json` with %name%
  }
  let dir: string | undefined = captured.original_path;
  if (dir === undefined) {
    const parts: string[] = [];
    for (const segment of segments.slice(0, -1)) {
      if (segment === '**') {
        if (captured.path === undefined) return [];
        if (captured.path !== '') parts.push(captured.path);
      } else if (WILD.test(segment)) return [];
      else parts.push(segment);
    }
    dir = parts.join('/');
  }
  return files.map((file) => joinPath(dir, file));
}

/**
 * The source file and target language whose translation `path` is, or undefined when the config
 * does not produce `path`. Needs no file listing: the source is rebuilt from the path and checked.
 */
export function sourceForTranslationPath(config: SvcConfig, path: string): TranslationOrigin | undefined {
  for (const [index, entry] of config.files.entries()) {
    for (const lang of config.targets) {
      const { regex, groups } = matcherFor(config, index, lang);
      const match = regex.exec(path);
      if (!match) continue;
      const captured: Partial<Record<FilePlaceholder, string>> = {};
      groups.forEach((placeholder, i) => {
        captured[placeholder] ??= match[i + 1] ?? '';
      });
      for (const alternative of expandBraces(entry.source)) {
        for (const source of candidatesFor(alternative, captured)) {
          if (entryForSource(config, source) !== entry) continue;
          try {
            if (translationPath(entry, source, lang, config) === path) return { index, entry, source, lang };
          } catch (error) {
            // An unsafe rendering means this candidate is not the origin; try the next.
            if (!(error instanceof UnsafePathError)) throw error;
          }
        }
      }
    }
  }
  return undefined;
}

/** True when `path` is the translation of some source file the config takes, for one of its targets. */
export function isTranslationPath(config: SvcConfig, path: string): boolean {
  return sourceForTranslationPath(config, path) !== undefined;
}
