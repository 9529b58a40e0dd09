import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  discoverSourceFiles,
  discoverSourceFilesOnDisk,
  loadConfig,
  type SvcConfig,
} from '../../src/config/index.ts';

const config = (files: string, targets = '[de, fr-CA]') =>
  loadConfig(`source: en\ntargets: ${targets}\nfiles:\n${files}`);
const sources = (c: SvcConfig, list: string[]) => discoverSourceFiles(c, list).map((d) => d.sources);
const failure = (c: SvcConfig, list: string[]) => {
  try {
    discoverSourceFiles(c, list);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'no error';
};

const REPO = [
  'README.md',
  'locales/en/app.json',
  'locales/en/admin/users.json',
  'locales/en/legacy/old.json',
  'locales/de/app.json',
  'locales/de/admin/users.json',
  'config/locales/en.yml',
  'config/locales/de.yml',
  'docs/en/intro.md',
];

describe('discoverSourceFiles', () => {
  it('lists each entry’s sources minus ignores, sorted, translations excluded', () => {
    const c = config(`  - source: "locales/en/**/*.json"
    translation: "locales/%lang%/**/%file%"
    ignore: ["locales/en/legacy/"]
  - source: config/locales/en.yml
    translation: config/locales/%lang%.yml
`);
    const found = discoverSourceFiles(c, [...REPO].reverse());
    expect(found.map((d) => [d.index, d.sources])).toEqual([
      [0, ['locales/en/admin/users.json', 'locales/en/app.json']],
      [1, ['config/locales/en.yml']],
    ]);
    expect(found[1]!.entry).toBe(c.files[1]);
  });

  it('a glob over source and translations takes only the source', () => {
    const c = config('  - { source: "config/locales/*.yml", translation: "config/locales/%lang%.yml" }\n');
    expect(
      sources(c, ['config/locales/en.yml', 'config/locales/de.yml', 'config/locales/fr-CA.yml']),
    ).toEqual([['config/locales/en.yml']]);
  });

  it('order is by code unit, independent of input order and duplicates', () => {
    const c = config('  - { source: "l/*.json", translation: "t/%lang%/%file%" }\n');
    expect(sources(c, ['l/b.json', 'l/B.json', 'l/a.json', 'l/b.json', 'l/é.json'])).toEqual([
      ['l/B.json', 'l/a.json', 'l/b.json', 'l/é.json'],
    ]);
  });

  it('skips listed names that are not safe repository paths', () => {
    const c = config('  - { source: "**/*.json", translation: "t/%lang%/**/%file%" }\n');
    expect(
      sources(c, ['a.json', '../x.json', '/abs.json', '.git/y.json', 'a//b.json', 't/de/a.json']),
    ).toEqual([['a.json']]);
  });

  it('a path taken by two entries is an error naming both', () => {
    const c = config(`  - { source: "locales/en/*.json", translation: "a/%lang%/%file%" }
  - { source: "docs/*.md", translation: "docs/%lang%/%file%" }
  - { source: "locales/**/app.json", translation: "b/%lang%/%file%" }
`);
    expect(failure(c, REPO)).toBe(
      '.svc.yml: files[2].source: "locales/en/app.json" is also matched by files[0].source; narrow one of them or add an ignore',
    );
  });

  it('two sources sharing a translation path is an error', () => {
    const c = config('  - { source: "src/**/en.json", translation: "out/%lang%.json" }\n');
    expect(sources(c, ['src/a/en.json'])).toEqual([['src/a/en.json']]);
    expect(failure(c, ['src/a/en.json', 'src/b/en.json'])).toBe(
      '.svc.yml: files[0].translation: "src/a/en.json" and "src/b/en.json" both map to "out/de.json" (de)',
    );
  });

  it('a translation that would land under .github is an error for the config', () => {
    const c = config('  - { source: "**/en/*.yml", translation: "%original_path%/%lang%.yml" }\n');
    expect(failure(c, ['.github/en/labels.yml'])).toBe(
      '.svc.yml: files[0].translation: gives an unusable path for ".github/en/labels.yml" (de): ".github/en/de.yml": must not be under .github/',
    );
  });

  it('uses the config file name it is given', () => {
    const c = config('  - { source: "src/**/en.json", translation: "out/%lang%.json" }\n');
    expect(() =>
      discoverSourceFiles(c, ['src/a/en.json', 'src/b/en.json'], { fileName: 'l10n.yml' }),
    ).toThrow(/^l10n\.yml: files\[0\]\.translation: /);
  });
});

describe('discoverSourceFilesOnDisk', () => {
  let root: string;
  let outside: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'svc-discover-'));
    outside = await mkdtemp(join(tmpdir(), 'svc-outside-'));
    const files = [
      ...REPO,
      'node_modules/pkg/locales/en/x.json',
      'locales/en/node_modules/y.json',
      '.git/locales/en/z.json',
    ];
    for (const file of files) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), '{}');
    }
    await writeFile(join(outside, 'secret.json'), '{}');
    await symlink(join(outside, 'secret.json'), join(root, 'locales/en/linked.json'));
    await symlink(outside, join(root, 'locales/en/linked-dir'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('walks the tree from each pattern’s literal directory, skipping node_modules, .git and links', async () => {
    const c = config(`  - source: "locales/en/**/*.json"
    translation: "locales/%lang%/**/%file%"
  - source: "**/en.yml"
    translation: "%original_path%/%lang%.yml"
`);
    const found = await discoverSourceFilesOnDisk(root, c);
    expect(found.map((d) => d.sources)).toEqual([
      ['locales/en/admin/users.json', 'locales/en/app.json', 'locales/en/legacy/old.json'],
      ['config/locales/en.yml'],
    ]);
  });

  it('does not follow a link even where a pattern starts (the link leads out of the repository)', async () => {
    const c = config('  - { source: "locales/en/linked-dir/*.json", translation: "t/%lang%/%file%" }\n');
    expect((await discoverSourceFilesOnDisk(root, c)).map((d) => d.sources)).toEqual([[]]);
  });

  it('a pattern whose directory does not exist finds nothing', async () => {
    const c = config('  - { source: "missing/en/*.json", translation: "missing/%lang%/%file%" }\n');
    expect((await discoverSourceFilesOnDisk(root, c)).map((d) => d.sources)).toEqual([[]]);
  });
});
