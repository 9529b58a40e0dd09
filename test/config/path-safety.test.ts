import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  entryForSource,
  loadConfig,
  type SvcConfig,
  sourceForTranslationPath,
  translationPath,
  UnsafePathError,
} from '../../src/config/index.ts';

/** Independent of src/config/paths.ts: what a path the receiver may write must look like. */
function assertWritable(path: string, source: string): void {
  expect(path).not.toBe(source);
  expect(path.startsWith('/')).toBe(false);
  expect(path).not.toMatch(/[\\\u0000-\u001f]/);
  const segments = path.split('/');
  for (const segment of segments) {
    expect(['', '.', '..']).not.toContain(segment);
    expect(segment.toLowerCase().replace(/[. ]+$/, '')).not.toBe('.git');
  }
  expect(segments[0]!.toLowerCase().replace(/[. ]+$/, '')).not.toBe('.github');
}

/** Segments chosen to hit every refusal: climbing, dot names, git dirs, separators, control characters. */
const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '.git',
    '.GIT',
    '.git.',
    'git~1',
    '.github',
    '.GitHub',
    'en',
    'de',
    'locales',
  ),
  fc.constantFrom('a.json', 'x.en.json', '.env', 'a\\b', 'c\u0000d', 'é.json', '%lang%', ' ', 'con'),
  fc.stringMatching(/^[a-zA-Z0-9._\\-]{1,8}$/),
);
const anyPath = fc
  .tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 6 }))
  .map(([absolute, parts]) => (absolute ? '/' : '') + parts.join('/'));

const CONFIGS: SvcConfig[] = [
  ['**/*.json', '%original_path%/%lang%/%file%'],
  ['**/*', '**/%lang%/%name%.%ext%'],
  ['**/en/**/*.json', '%original_path%/%lang_underscore%.%file%'],
  ['locales/en/**/*.json', 'locales/%locale%/**/%file%'],
  ['{a,b}/**/*.*', '%path%/%android_code%-%two_letters_code%/%file%'],
  ['*', '%lang%.%file%'],
].map(([source, translation]) =>
  loadConfig(`source: en
targets: [de, fr-CA, zh-Hans]
languages_mapping: { locale: { de: de_DE }, lang_underscore: { fr-CA: fr.ca } }
files: [{ source: ${JSON.stringify(source)}, translation: ${JSON.stringify(translation)} }]
`),
);

describe('translationPath never leaves the repository (property)', () => {
  it('for arbitrary source paths, every result is writable or an UnsafePathError', () => {
    fc.assert(
      fc.property(
        anyPath,
        fc.constantFrom(...CONFIGS),
        fc.constantFrom('de', 'fr-CA', 'zh-Hans', 'es'),
        (path, c, lang) => {
          try {
            assertWritable(translationPath(c.files[0]!, path, lang, c), path);
          } catch (error) {
            if (!(error instanceof UnsafePathError)) throw error;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('for arbitrary translation templates, a config that loads only produces writable paths', () => {
    const piece = fc.constantFrom(
      '%lang%',
      '%locale%',
      '%android_code%',
      '%file%',
      '%name%',
      '%ext%',
      '%path%',
      '%original_path%',
      '**',
      '..',
      '.',
      '.git',
      '.github',
      'out',
      'x-',
      '',
      '/',
    );
    const template = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
    fc.assert(
      fc.property(template, anyPath, (translation, path) => {
        let c: SvcConfig;
        try {
          c = loadConfig(
            `source: en\ntargets: [de, pt-BR]\nfiles: [{ source: "**/*", translation: ${JSON.stringify(translation)} }]\n`,
          );
        } catch (error) {
          if (error instanceof ConfigError) return;
          throw error;
        }
        for (const lang of c.targets) {
          try {
            assertWritable(translationPath(c.files[0]!, path, lang, c), path);
          } catch (error) {
            if (!(error instanceof UnsafePathError)) throw error;
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('unsafe names are never sources', () => {
    fc.assert(
      fc.property(anyPath, fc.constantFrom(...CONFIGS), (path, c) => {
        const unsafe =
          path.startsWith('/') ||
          path.split('/').some((s) => ['', '.', '..'].includes(s) || /[\\\u0000]/.test(s));
        if (unsafe) expect(entryForSource(c, path)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('every translation path maps back to a source that gives the same path', () => {
    const safeSegment = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,6}$/).filter((s) => !s.endsWith('.'));
    const safePath = fc.array(safeSegment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));
    fc.assert(
      fc.property(
        safePath,
        fc.constantFrom(...CONFIGS),
        fc.constantFrom('de', 'fr-CA', 'zh-Hans'),
        (path, c, lang) => {
          const entry = entryForSource(c, path);
          if (!entry) return;
          let target: string;
          try {
            target = translationPath(entry, path, lang, c);
          } catch (error) {
            if (error instanceof UnsafePathError) return;
            throw error;
          }
          const origin = sourceForTranslationPath(c, target);
          expect(origin).toBeDefined();
          expect(translationPath(origin!.entry, origin!.source, origin!.lang, c)).toBe(target);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
