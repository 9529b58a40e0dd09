/**
 * Config-time checks of the `files:` patterns: a source or ignore glob, and a translation template
 * whose literal parts already stay inside the repository. Paths filled in later are checked again
 * when they are produced (translationPath), since placeholder values come from file names.
 */
import { compileGlob, GlobSyntaxError } from './glob.ts';
import { parseTemplate, type Template, TemplateError } from './placeholders.ts';

/** `./locales/en/*.json` → `locales/en/*.json`: a leading `./` means the same thing. */
export function normalizePattern(pattern: string): string {
  return pattern.replace(/^(?:\.\/)+/, '');
}

/** Checks shared by globs and templates, on the pattern's literal text. */
function layoutProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'must not be empty';
  if (/[\u0000-\u001f\u007f]/.test(pattern)) return 'must not contain control characters';
  if (pattern.includes('\\')) return 'must use / as the path separator (a backslash is not allowed)';
  if (pattern.startsWith('/') || /^[a-zA-Z]:/.test(pattern)) {
    return 'must be relative to the repository root (remove the leading "/")';
  }
  const segments = pattern.split('/');
  if (segments.includes('..')) return 'must stay inside the repository (no .. segments)';
  if (segments.some((s) => s === '.' || s === '')) return 'must not contain . or empty path segments';
  if (segments.some((s) => /^(?:\.git|git~1)[. ]*$/i.test(s))) return 'must not point into .git';
  return undefined;
}

/**
 * What is wrong with a source or ignore glob, or undefined. An ignore pattern may end in `/` to
 * name a directory.
 */
export function globProblem(pattern: string, { ignore = false } = {}): string | undefined {
  const normal = normalizePattern(ignore ? pattern.replace(/\/+$/, '') : pattern);
  const layout = layoutProblem(normal);
  if (layout) return layout;
  const placeholder = /%[a-zA-Z_]+%/.exec(normal);
  if (placeholder)
    return `is a glob and takes no placeholders (found ${placeholder[0]}); put them in translation`;
  try {
    compileGlob(normal);
  } catch (error) {
    if (error instanceof GlobSyntaxError) return error.problem;
    throw error;
  }
  return undefined;
}

/**
 * The parsed template, or the problem with it. A template must give each language its own path,
 * except for a file that holds every language itself (`multilingual`: `.xcstrings`), whose
 * translation is the source file.
 */
export function checkTemplate(
  pattern: string,
  options: { multilingual?: boolean } = {},
): { template: Template } | { problem: string } {
  const normal = normalizePattern(pattern);
  const layout = layoutProblem(normal);
  if (layout) return { problem: layout };
  if (/^\.github(?:[. ]*)$/i.test(normal.split('/')[0]!)) {
    return { problem: 'must not be under .github/ (translations may not change workflows)' };
  }
  let template: Template;
  try {
    template = parseTemplate(normal);
  } catch (error) {
    if (error instanceof TemplateError) return { problem: error.problem };
    throw error;
  }
  if (template.languagePlaceholders.length === 0 && !options.multilingual) {
    return {
      problem:
        'must contain %lang%, %locale%, %lang_underscore%, %android_code% or %two_letters_code% so each language gets its own path (only a format that holds every language in one file, like .xcstrings, may name the source file itself)',
    };
  }
  return { template };
}
