import { describe, expect, it } from 'vitest';
import { type PullRequestUpdate, pullRequestBody } from '../../src/github/pull-request-body.ts';
import { languageBranch, languageTitle, splitByLanguage } from '../../src/github/split-update.ts';

const update: PullRequestUpdate = {
  via: 'job 12',
  sourceLang: 'en',
  files: [
    { target: 'de', path: 'locales/de/app.json', sourcePath: 'locales/en/app.json', words: 5 },
    { target: 'fr', path: 'locales/fr/app.json', sourcePath: 'locales/en/app.json', words: 5 },
  ],
  leverage: { exactWords: 6, fuzzyWords: 2, newWords: 2 },
  failures: [{ sourcePath: 'locales/en/nav.json', target: 'fr', message: 'Unsupported_file_type' }],
  warnings: [{ path: 'locales/de/app.json', id: 'greeting', message: '{name} missing' }],
  units: [
    {
      target: 'de',
      translated: 2,
      kept: 1,
      removed: [{ path: 'locales/de/app.json', id: 'old' }],
      edited: [],
      leverage: { exactWords: 3, fuzzyWords: 1, newWords: 1 },
    },
    { target: 'fr', translated: 3, kept: 0, removed: [], edited: [] },
  ],
  findings: [
    {
      path: 'locales/de/app.json',
      line: 2,
      column: 3,
      key: 'greeting',
      lang: 'de',
      rule: 'placeholder-missing',
      severity: 'error',
      message: '{name} missing',
    },
  ],
  jobUrl: 'https://platform.example.com/workbench/jobs/12',
  at: new Date('2026-11-27T06:00:00Z'),
};
const files = update.files.map((f) => ({ path: f.path, content: '{}\n' }));

describe('split pull requests', () => {
  it('names the branch and title per language, %lang% where the pattern has it', () => {
    expect(languageBranch('svc-l10n/main', 'de')).toBe('svc-l10n/main/de');
    expect(languageBranch('l10n-%lang%/main', 'pt-BR')).toBe('l10n-pt-BR/main');
    expect(languageTitle('Update translations (main)', 'de')).toBe('Update translations (main) [de]');
    expect(languageTitle('%lang%: translations', 'de')).toBe('de: translations');
  });

  it('gives each language only its files, failures, warnings, units and findings', () => {
    const [de, fr] = splitByLanguage(files, update);
    expect(de!.lang).toBe('de');
    expect(de!.files.map((f) => f.path)).toEqual(['locales/de/app.json']);
    expect(de!.update).toMatchObject({ failures: [], warnings: update.warnings, findings: update.findings });
    expect(de!.update.leverage).toBeUndefined();
    expect(fr!.update).toMatchObject({ failures: update.failures, warnings: [], findings: [] });
    expect(fr!.update.units?.map((u) => u.target)).toEqual(['fr']);
  });
});

describe('the pull request body per language', () => {
  it('links the job in the workbench and shows units, TM leverage and the QA summary', () => {
    const [de] = splitByLanguage(files, update);
    const body = pullRequestBody(de!.update);
    expect(body).toContain('Translations from **[job 12](https://platform.example.com/workbench/jobs/12)**');
    expect(body).toContain('| de | 2 | 1 | 1 | 0 | 3 exact (60%), 1 fuzzy (20%), 1 new (20%) words |');
    expect(body).toContain('### Localization QA');
    expect(body).toContain('| de | `placeholder-missing` | 1 | 0 | 0 |');
    expect(body).toContain('- `locales/de/app.json:2` error `placeholder-missing`: {name} missing');
    expect(body).not.toContain('| fr |');
  });
});
