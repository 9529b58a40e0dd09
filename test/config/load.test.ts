import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readConfig } from '../../src/config/index.ts';

const FULL = `# every key
source: en
targets: [de, fr-CA, pt-BR]
mode: instant
memories: { de: 12 }
languages_mapping:
  locale: { pt-BR: pt_BR }
  android_code: { fr-CA: fr-rCA }
files:
  - source: "./locales/en/**/*.json"
    translation: "locales/%lang%/**/%file%"
    ignore: ["locales/en/legacy/**"]
    format: json
pull_request:
  branch: "l10n/%base%"
  title: "Translations"
  body: "From the platform"
  labels: [l10n]
  reviewers: [octo]
  assignees: [cat]
  draft: true
  commit_message: "i18n: update"
job:
  due: "2026-12-01"
  workflow_template_id: 3
  domain_id: 2
  name: "Release 4"
on_source_change:
  small: keep
removed_keys: report
`;

const MINIMAL = `source: en
targets: [de]
files:
  - source: config/locales/en.yml
    translation: config/locales/%lang%.yml
`;

/** The ConfigError thrown by loading `text`. */
function configError(text: string): ConfigError {
  try {
    loadConfig(text);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
const message = (text: string) => configError(text).message;

/** MINIMAL with one top-level line replaced or added. */
const withLine = (key: string, line: string) =>
  MINIMAL.split('\n')
    .filter((l) => !l.startsWith(`${key}:`))
    .concat(line)
    .join('\n');

describe('loadConfig: valid files', () => {
  it('reads every key into the typed config', () => {
    expect(loadConfig(FULL)).toEqual({
      source: 'en',
      targets: ['de', 'fr-CA', 'pt-BR'],
      mode: 'instant',
      memories: { de: 12 },
      languagesMapping: { locale: { 'pt-BR': 'pt_BR' }, android_code: { 'fr-CA': 'fr-rCA' } },
      files: [
        {
          source: 'locales/en/**/*.json',
          translation: 'locales/%lang%/**/%file%',
          ignore: ['locales/en/legacy/**'],
          format: 'json',
        },
      ],
      pullRequest: {
        branch: 'l10n/%base%',
        title: 'Translations',
        body: 'From the platform',
        labels: ['l10n'],
        reviewers: ['octo'],
        assignees: ['cat'],
        draft: true,
        commitMessage: 'i18n: update',
      },
      job: { due: '2026-12-01', workflowTemplateId: 3, domainId: 2, name: 'Release 4' },
      onSourceChange: { small: 'keep' },
      removedKeys: 'report',
    });
  });

  it('fills defaults for everything optional', () => {
    const config = loadConfig(MINIMAL);
    expect(config.mode).toBe('job');
    expect(config.memories).toEqual({});
    expect(config.languagesMapping).toEqual({});
    expect(config.files[0]).toEqual({
      source: 'config/locales/en.yml',
      translation: 'config/locales/%lang%.yml',
      ignore: [],
      format: undefined,
    });
    expect(config.pullRequest).toEqual({
      branch: 'svc-l10n/%base%',
      title: 'Update translations (%base%)',
      body: undefined,
      labels: [],
      reviewers: [],
      assignees: [],
      draft: false,
      commitMessage: 'Update translations',
    });
    expect(config.job).toEqual({
      due: undefined,
      workflowTemplateId: undefined,
      domainId: undefined,
      name: undefined,
    });
  });

  it('keeps YAML 1.1 booleans such as no (Norwegian) as strings', () => {
    expect(loadConfig(withLine('targets', 'targets: [no, de]')).targets).toEqual(['no', 'de']);
  });

  it("accepts Crowdin's name locale_with_underscore in languages_mapping", () => {
    const text = `${withLine('targets', 'targets: [pt-BR]')}\nlanguages_mapping: { locale_with_underscore: { pt-BR: ptbr } }`;
    expect(loadConfig(text).languagesMapping).toEqual({ lang_underscore: { 'pt-BR': 'ptbr' } });
  });

  it('accepts a date-time for job.due and a byte order mark', () => {
    expect(loadConfig(`\uFEFF${MINIMAL}job: { due: "2026-12-01T17:00:00+02:00" }\n`).job.due).toBe(
      '2026-12-01T17:00:00+02:00',
    );
  });
});

describe('loadConfig: one clear message per problem', () => {
  it('unknown keys, with a suggestion', () => {
    expect(message(`${MINIMAL}fles: []\n`)).toBe('.svc.yml: unknown key "fles" (did you mean "files"?)');
    expect(message(`${MINIMAL}colour: red\n`)).toBe('.svc.yml: unknown key "colour"');
    expect(message(MINIMAL.replace('translation:', 'translaton:'))).toBe(
      [
        '.svc.yml: files[0].translation: is required (where translations go, e.g. "locales/%lang%/**/%file%")',
        '.svc.yml: files[0]: unknown key "translaton" (did you mean "translation"?)',
      ].join('\n'),
    );
    expect(message(`${MINIMAL}pull_request: { reviewer: [a] }\n`)).toBe(
      '.svc.yml: pull_request: unknown key "reviewer" (did you mean "reviewers"?)',
    );
  });

  it('a missing source', () => {
    expect(message(MINIMAL.replace('source: en\n', ''))).toBe(
      '.svc.yml: source: is required (the language of the source files, e.g. source: en)',
    );
  });

  it('unknown and malformed languages', () => {
    expect(message(withLine('targets', 'targets: [de, xx-YY]'))).toBe(
      '.svc.yml: targets[1]: unknown language "xx-YY"',
    );
    expect(message(withLine('targets', 'targets: [pt_BR]'))).toBe(
      '.svc.yml: targets[0]: "pt_BR" is not a language tag: use - between its parts (did you mean "pt-BR"?)',
    );
    expect(message(withLine('source', 'source: EN'))).toBe('.svc.yml: source: write "EN" as "en"');
    expect(message(withLine('targets', 'targets: [de, de]'))).toBe(
      '.svc.yml: targets[1]: "de" is listed twice',
    );
    expect(message(withLine('targets', 'targets: [en]'))).toBe(
      '.svc.yml: targets[0]: "en" is the source language',
    );
    expect(message(withLine('targets', 'targets: []'))).toBe(
      '.svc.yml: targets: must list at least one language',
    );
    expect(message(withLine('targets', 'targets: de'))).toBe('.svc.yml: targets: must be a list, not "de"');
    expect(message(withLine('targets', 'targets: [1.5]'))).toBe(
      '.svc.yml: targets[0]: must be a string, not the number 1.5',
    );
  });

  it('mode, memories and job fields', () => {
    expect(message(`${MINIMAL}mode: jb\n`)).toBe('.svc.yml: mode: must be "job" or "instant", not "jb"');
    expect(message(`${MINIMAL}memories: { fr: 3 }\n`)).toBe(
      '.svc.yml: memories.fr: "fr" is not one of the targets',
    );
    expect(message(`${MINIMAL}memories: { de: -3 }\n`)).toBe(
      '.svc.yml: memories.de: must be a positive whole number (a memory id)',
    );
    expect(message(`${MINIMAL}memories: { de: "12" }\n`)).toBe(
      '.svc.yml: memories.de: must be a positive whole number (a memory id)',
    );
    expect(message(`${MINIMAL}job: { due: tomorrow }\n`)).toBe(
      '.svc.yml: job.due: must be a date like "2026-12-01" or a date-time like "2026-12-01T17:00:00Z"',
    );
    expect(message(`${MINIMAL}job: { due: "2026-13-45" }\n`)).toContain('job.due: must be a date');
    expect(message(`${MINIMAL}job: { workflow_template_id: 1.5 }\n`)).toBe(
      '.svc.yml: job.workflow_template_id: must be a positive whole number (a workflow template id)',
    );
    expect(message(`${MINIMAL}pull_request: { draft: maybe }\n`)).toBe(
      '.svc.yml: pull_request.draft: must be true or false, not "maybe"',
    );
  });

  it('languages_mapping names placeholders and targets', () => {
    expect(message(`${MINIMAL}languages_mapping: { local: { de: x } }\n`)).toBe(
      '.svc.yml: languages_mapping.local: unknown language placeholder "local" (did you mean "locale"?)',
    );
    expect(message(`${MINIMAL}languages_mapping: { locale: { fr: x } }\n`)).toBe(
      '.svc.yml: languages_mapping.locale.fr: "fr" is not one of the targets',
    );
    expect(message(`${MINIMAL}languages_mapping: { locale: { de: "../x" } }\n`)).toBe(
      '.svc.yml: languages_mapping.locale.de: "../x" must be a plain name (letters, digits, - _ . + @), as it becomes part of a path',
    );
  });

  it('the pull-request branch must be per base and a valid ref', () => {
    expect(message(`${MINIMAL}pull_request: { branch: l10n }\n`)).toBe(
      '.svc.yml: pull_request.branch: must contain %base% so each base branch gets its own translation branch',
    );
    expect(message(`${MINIMAL}pull_request: { branch: "l10n %base%" }\n`)).toBe(
      '.svc.yml: pull_request.branch: is not a valid git branch name',
    );
    expect(message(`${MINIMAL}pull_request: { branch: "l10n/%base%.lock" }\n`)).toBe(
      '.svc.yml: pull_request.branch: is not a valid git branch name',
    );
  });

  it('pull_request.split takes only language', () => {
    expect(loadConfig(`${MINIMAL}pull_request: { split: language }\n`).pullRequest.split).toBe('language');
    expect(loadConfig(MINIMAL).pullRequest.split).toBeUndefined();
    expect(message(`${MINIMAL}pull_request: { split: file }\n`)).toBe(
      '.svc.yml: pull_request.split: must be "language", not "file"',
    );
  });

  it('an unknown format, with a suggestion', () => {
    expect(message(MINIMAL.replace('    translation:', '    format: jsn\n    translation:'))).toBe(
      '.svc.yml: files[0].format: unknown format "jsn" (did you mean "json"?)',
    );
  });

  it('lists several problems in file order, each on its own line with its position', () => {
    const error = configError('source: en\ntargets: [de, xx-YY]\nfiles: []\nfles: 1\n');
    expect(error.message).toBe(
      [
        '.svc.yml: targets[1]: unknown language "xx-YY"',
        '.svc.yml: files: must list at least one entry',
        '.svc.yml: unknown key "fles" (did you mean "files"?)',
      ].join('\n'),
    );
    expect(error.issues.map((i) => [i.keyPath, i.line, i.column])).toEqual([
      ['targets[1]', 2, 15],
      ['files', 3, 8],
      ['', 4, 1],
    ]);
    expect([error.keyPath, error.line, error.column]).toEqual(['targets[1]', 2, 15]);
  });

  it('uses the file name it is given', () => {
    expect(() => loadConfig('source: en\n', { fileName: 'ci/.svc.yml' })).toThrow(
      /^ci\/\.svc\.yml: targets: is required/,
    );
  });
});

describe('loadConfig: files that are not a config', () => {
  it('malformed YAML reports line and column', () => {
    const error = configError('source: en\ntargets: [de\nfiles: x\n');
    expect(error.message).toMatch(/^\.svc\.yml:3:1: /);
    expect([error.line, error.column]).toEqual([3, 1]);
  });

  it('a duplicate key is a YAML error at the second occurrence', () => {
    const error = configError('source: en\nsource: de\n');
    expect(error.message).toBe('.svc.yml:2:1: Map keys must be unique');
  });

  it('an empty file, a list and a scalar', () => {
    expect(message('')).toBe('.svc.yml: is empty: it needs source, targets and files');
    expect(message('# only a comment\n')).toBe('.svc.yml: is empty: it needs source, targets and files');
    expect(message('- a\n- b\n')).toBe(
      '.svc.yml: must be a mapping with source, targets and files at the top level',
    );
    expect(message('hello\n')).toBe(
      '.svc.yml: must be a mapping with source, targets and files at the top level',
    );
  });

  it('an alias bomb is refused, not expanded', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(10)
          .fill(i === 1 ? '*a' : `*${'b'.repeat(i - 1)}`)
          .join(', ')}]`,
      );
    expect(configError(lines.join('\n')).message).toMatch(/^\.svc\.yml: .*alias/i);
  });
});

describe('readConfig', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-config-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads .svc.yml from a directory', async () => {
    await writeFile(join(dir, '.svc.yml'), MINIMAL);
    expect((await readConfig(dir)).targets).toEqual(['de']);
  });

  it('reads another file name and reports errors under that name', async () => {
    await writeFile(join(dir, 'other.yml'), 'source: en\n');
    await expect(readConfig(dir, 'other.yml')).rejects.toThrow(/^other\.yml: targets: is required/);
  });

  it('a missing file is a ConfigError', async () => {
    const error = await readConfig(join(dir, 'nowhere')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/^\.svc\.yml: not found in /);
  });

  it('bytes that are not UTF-8 are a ConfigError', async () => {
    await writeFile(join(dir, 'latin1.yml'), Buffer.from('source: en\ntargets: [d\xe9]\n', 'latin1'));
    await expect(readConfig(dir, 'latin1.yml')).rejects.toThrow('latin1.yml: is not valid UTF-8');
  });
});
