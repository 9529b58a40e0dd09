/**
 * Rules of `.svc.yml` that relate keys to each other or need more than a type: targets against
 * the source, memories, mappings and reviewers by language against targets, the file patterns,
 * the branch name.
 * Each problem is one zod issue on the key path it is about.
 */
import type { z } from 'zod';
import { FORMATS, formatByName } from '../formats/registry.ts';
import type { RawContextEntry } from './context.ts';
import { compileGlob, expandBraces } from './glob.ts';
import { LANGUAGE_PLACEHOLDERS, parseLanguage } from './languages.ts';
import { checkLocaleLists } from './locale-lists.ts';
import { isMultilingual } from './multilingual.ts';
import { checkTemplate, globProblem, normalizePattern } from './patterns.ts';
import { canonicalPlaceholder, mappedLanguageValues, type Template } from './placeholders.ts';
import type { RawConfig } from './schema.ts';
import { didYouMean } from './suggest.ts';

export type Report = (path: PropertyKey[], message: string) => void;

/** A replacement value becomes part of a path segment: keep it to characters that are safe there. */
const MAPPING_VALUE = /^[A-Za-z0-9@+_-][A-Za-z0-9@+_.-]*$/;

function checkTargets(raw: RawConfig, report: Report): void {
  const seen = new Set<string>();
  raw.targets.forEach((target, i) => {
    if (target === raw.source) report(['targets', i], `"${target}" is the source language`);
    else if (seen.has(target)) report(['targets', i], `"${target}" is listed twice`);
    seen.add(target);
  });
  for (const lang of Object.keys(raw.memories ?? {})) {
    if (!raw.targets.includes(lang)) {
      report(['memories', lang], `"${lang}" is not one of the targets${didYouMean(lang, raw.targets)}`);
    }
  }
  for (const lang of Object.keys(raw.pull_request?.reviewers_by_language ?? {})) {
    if (!raw.targets.includes(lang)) {
      report(
        ['pull_request', 'reviewers_by_language', lang],
        `"${lang}" is not one of the targets${didYouMean(lang, raw.targets)}`,
      );
    }
  }
}

function checkMapping(raw: RawConfig, report: Report): void {
  for (const [name, byLang] of Object.entries(raw.languages_mapping ?? {})) {
    const placeholder = canonicalPlaceholder(name);
    if (!placeholder || !(LANGUAGE_PLACEHOLDERS as readonly string[]).includes(placeholder)) {
      const hint = didYouMean(name, LANGUAGE_PLACEHOLDERS);
      report(['languages_mapping', name], `unknown language placeholder "${name}"${hint}`);
      continue;
    }
    for (const [lang, value] of Object.entries(byLang)) {
      if (!raw.targets.includes(lang)) {
        report(
          ['languages_mapping', name, lang],
          `"${lang}" is not one of the targets${didYouMean(lang, raw.targets)}`,
        );
      } else if (!MAPPING_VALUE.test(value)) {
        report(
          ['languages_mapping', name, lang],
          `"${value}" must be a plain name (letters, digits, - _ . + @), as it becomes part of a path`,
        );
      }
    }
  }
}

/** Two targets must not share a translation path; only the language placeholders tell them apart. */
function checkDistinctTargets(raw: RawConfig, template: Template, at: PropertyKey[], report: Report): void {
  const owner = new Map<string, string>();
  for (const target of new Set(raw.targets)) {
    if (!parseLanguage(target)) continue; // already reported on targets[i]
    const values = mappedLanguageValues(target, raw.languages_mapping ?? {});
    const key = template.languagePlaceholders.map((p) => values[p]).join('\u0000');
    const other = owner.get(key);
    if (other !== undefined) {
      const shown = template.languagePlaceholders.map((p) => `%${p}% is "${values[p]}"`).join(', ');
      report(
        at,
        `targets "${other}" and "${target}" would share one path (${shown} for both); use %lang% or add a languages_mapping`,
      );
      return;
    }
    owner.set(key, target);
  }
}

function checkFiles(raw: RawConfig, report: Report): void {
  raw.files.forEach((entry, i) => {
    const sourceProblem = globProblem(entry.source);
    if (sourceProblem) report(['files', i, 'source'], sourceProblem);
    entry.ignore?.forEach((pattern, j) => {
      const problem = globProblem(pattern, { ignore: true });
      if (problem) report(['files', i, 'ignore', j], problem);
    });
    if (entry.format !== undefined && !formatByName(entry.format)) {
      const names = FORMATS.map((f) => f.name);
      report(['files', i, 'format'], `unknown format "${entry.format}"${didYouMean(entry.format, names)}`);
    }
    const checked = checkTemplate(entry.translation, { multilingual: isMultilingual(entry) });
    if ('problem' in checked) {
      report(['files', i, 'translation'], checked.problem);
      return;
    }
    if (checked.template.usesGlobstar && !sourceProblem) {
      const source = normalizePattern(entry.source);
      const counts = expandBraces(source).map((alt) => alt.split('/').filter((s) => s === '**').length);
      if (counts.some((n) => n === 0)) {
        report(
          ['files', i, 'translation'],
          `uses ** (or %path%) but files[${i}].source has no ** to take it from`,
        );
      } else if (compileGlob(source).globstars > 1) {
        report(
          ['files', i, 'translation'],
          `uses ** (or %path%) but files[${i}].source has more than one **`,
        );
      }
    }
    // A multilingual file's languages all live in the source file: one path by design.
    if (checked.template.languagePlaceholders.length > 0)
      checkDistinctTargets(raw, checked.template, ['files', i, 'translation'], report);
  });
}

/** git check-ref-format, for a branch name with `%base%` filled in. */
function refProblem(name: string): string | undefined {
  if (!name.includes('%base%'))
    return 'must contain %base% so each base branch gets its own translation branch';
  const sample = name.replaceAll('%base%', 'main');
  const bad =
    /[\u0000-\u0020\u007f~^:?*[\\]/.test(sample) ||
    sample.includes('..') ||
    sample.includes('@{') ||
    sample.includes('//') ||
    sample.startsWith('/') ||
    sample.endsWith('/') ||
    sample.endsWith('.') ||
    sample.split('/').some((s) => s.startsWith('.') || s.endsWith('.lock'));
  return bad ? 'is not a valid git branch name' : undefined;
}

/** The cross-key rules, as a zod superRefine over the structurally valid file. */
export function checkConfig(raw: RawConfig, ctx: z.RefinementCtx): void {
  const report: Report = (path, message) => ctx.addIssue({ code: 'custom', path, message });
  checkTargets(raw, report);
  checkMapping(raw, report);
  checkFiles(raw, report);
  if (raw.locale_lists) checkLocaleLists(raw.locale_lists, report);
  const branch = raw.pull_request?.branch;
  if (branch !== undefined) {
    const problem = refProblem(branch);
    if (problem) report(['pull_request', 'branch'], problem);
  }
  checkShip(raw, report);
  checkUsage(raw, report);
  (raw.context ?? []).forEach((entry, i) => {
    const problem = entry.files === undefined ? undefined : globProblem(normalizePattern(entry.files));
    if (problem) report(['context', i, 'files'], problem);
    checkContextEntry(entry, (path, m) => report(['context', i, ...path], m));
  });
}

/** What a context entry must say beyond its shape: something about the keys it names. */
export function checkContextEntry(entry: RawContextEntry, report: Report): void {
  const { keys: _keys, files: _files, ...fields } = entry;
  if (Object.keys(fields).length === 0)
    report(
      [],
      'says nothing about its keys: give description, max_length, max_width, do_not_translate or placeholders',
    );
  for (const glob of typeof entry.keys === 'string' ? [entry.keys] : entry.keys) {
    if ((glob.match(/\{/g) ?? []).length !== (glob.match(/\}/g) ?? []).length)
      report(['keys'], `"${glob}" has an unbalanced { }`);
  }
}

/** `usage:` globs are globs over repository paths, like `files[].source`. */
function checkUsage(raw: RawConfig, report: Report): void {
  if (raw.usage === undefined) return;
  const single = typeof raw.usage === 'string';
  (single ? [raw.usage as string] : (raw.usage as string[])).forEach((pattern, i) => {
    const problem = globProblem(pattern);
    if (problem) report(single ? ['usage'] : ['usage', i], problem);
  });
}

/** `ship:` names configured targets, and its file patterns are globs over source paths. */
function checkShip(raw: RawConfig, report: Report): void {
  for (const lang of Object.keys(raw.ship?.languages ?? {}))
    if (!raw.targets.includes(lang))
      report(['ship', 'languages', lang], `is not a target language (targets: ${raw.targets.join(', ')})`);
  (raw.ship?.files ?? []).forEach((f, i) => {
    const problem = globProblem(normalizePattern(f.pattern));
    if (problem) report(['ship', 'files', i, 'pattern'], problem);
  });
}
