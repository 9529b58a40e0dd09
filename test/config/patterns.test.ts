import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, translationPath } from '../../src/config/index.ts';

/** The message for a config with one files entry built from the given YAML flow fields. */
function message(entry: string, extra = ''): string {
  try {
    loadConfig(`source: en\ntargets: [de, fr-CA, pt-BR, pt-PT]\nfiles:\n  - ${entry}\n${extra}`);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'ok';
}
const entry = (source: string, translation: string, more = '') =>
  message(`{ source: ${JSON.stringify(source)}, translation: ${JSON.stringify(translation)}${more} }`);

describe('source and ignore patterns', () => {
  it('accept globs with *, **, ?, classes and braces, and a leading ./', () => {
    expect(entry('./src/**/i18n/en/*.{json,yml}', 'src/**/i18n/%lang%/%file%')).toBe('ok');
    expect(entry('res/values/strings?.xml', 'res/values-%android_code%/%file%')).toBe('ok');
    expect(entry('po/[a-z]*.pot', 'po/%lang%/%name%.po')).toBe('ok');
  });

  it('must stay inside the repository', () => {
    expect(entry('/locales/en/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: must be relative to the repository root (remove the leading "/")',
    );
    expect(entry('../other/en/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: must stay inside the repository (no .. segments)',
    );
    expect(entry('locales/../../en/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: must stay inside the repository (no .. segments)',
    );
    expect(entry('C:/en/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: must be relative to the repository root (remove the leading "/")',
    );
    expect(entry('locales\\en\\*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: must use / as the path separator (a backslash is not allowed)',
    );
    expect(entry('.git/en/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: must not point into .git',
    );
  });

  it('refuse malformed globs and placeholders', () => {
    expect(entry('locales/en/**.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: may use ** only as a whole path segment, as in a/**/b',
    );
    expect(entry('locales/{en,de/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: has a { without a matching }',
    );
    expect(entry('locales//en/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: must not contain . or empty path segments',
    );
    expect(entry('locales/%lang%/*.json', 'locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].source: is a glob and takes no placeholders (found %lang%); put them in translation',
    );
  });

  it('an ignore may name a directory with a trailing /, and is checked like a source', () => {
    expect(
      entry('locales/en/**/*.json', 'locales/%lang%/**/%file%', ', ignore: ["locales/en/legacy/"]'),
    ).toBe('ok');
    expect(entry('locales/en/**/*.json', 'locales/%lang%/**/%file%', ', ignore: ["ok/*", "/abs/*"]')).toBe(
      '.svc.yml: files[0].ignore[1]: must be relative to the repository root (remove the leading "/")',
    );
  });
});

describe('translation templates', () => {
  it('must contain a language placeholder', () => {
    expect(entry('locales/en/*.json', 'locales/de/%file%')).toBe(
      '.svc.yml: files[0].translation: must contain %lang%, %locale%, %lang_underscore%, %android_code% or %two_letters_code% so each language gets its own path (only a format that holds every language in one file, like .xcstrings, may name the source file itself)',
    );
  });

  it('may name the source file itself for a format that holds every language (.xcstrings), and only that file', () => {
    expect(entry('App/*.xcstrings', 'App/%file%')).toBe('ok');
    expect(entry('App/Localizable.xcstrings', 'App/Localizable.xcstrings')).toBe('ok');
    expect(entry('App/strings.data', 'App/%file%', ', format: xcstrings')).toBe('ok');
    const config = loadConfig(
      'source: en\ntargets: [de]\nfiles:\n  - source: App/*.xcstrings\n    translation: Shared/All.xcstrings\n',
    );
    expect(() => translationPath(config.files[0]!, 'App/Localizable.xcstrings', 'de', config)).toThrow(
      'is not the source file App/Localizable.xcstrings: a file that holds every language takes its translations itself',
    );
  });

  it('refuse unknown placeholders, with a suggestion', () => {
    expect(entry('locales/en/*.json', 'locales/%lnag%/%file%')).toBe(
      '.svc.yml: files[0].translation: unknown placeholder %lnag% (did you mean %lang%?)',
    );
    expect(entry('locales/en/*.json', 'locales/%lang%/%whatever%')).toBe(
      '.svc.yml: files[0].translation: unknown placeholder %whatever%',
    );
    expect(entry('locales/en/*.json', 'locales/%lang%/%constructor%')).toBe(
      '.svc.yml: files[0].translation: unknown placeholder %constructor%',
    );
    expect(entry('locales/en/*.json', 'locales/%lang%/%__proto__%')).toBe(
      '.svc.yml: files[0].translation: unknown placeholder %__proto__%',
    );
  });

  it("accept Crowdin's placeholder names", () => {
    expect(entry('po/en/*.po', 'po/%locale_with_underscore%/%original_file_name%')).toBe('ok');
    expect(entry('po/en/*.po', 'po/%lang%/%file_name%.%file_extension%')).toBe('ok');
  });

  it('are paths, not globs', () => {
    expect(entry('locales/en/*.json', 'locales/%lang%/*.json')).toBe(
      '.svc.yml: files[0].translation: is a path, not a glob: it may hold placeholders and **, but not * ? [ ] { }',
    );
  });

  it('must stay inside the repository and out of .git and .github', () => {
    expect(entry('locales/en/*.json', '/locales/%lang%/%file%')).toBe(
      '.svc.yml: files[0].translation: must be relative to the repository root (remove the leading "/")',
    );
    expect(entry('locales/en/*.json', 'locales/../../%lang%/%file%')).toBe(
      '.svc.yml: files[0].translation: must stay inside the repository (no .. segments)',
    );
    expect(entry('locales/en/*.json', '.git/hooks/%lang%')).toBe(
      '.svc.yml: files[0].translation: must not point into .git',
    );
    expect(entry('locales/en/*.json', '.github/workflows/%lang%.yml')).toBe(
      '.svc.yml: files[0].translation: must not be under .github/ (translations may not change workflows)',
    );
    expect(entry('locales/en/*.json', '.GitHub/workflows/%lang%.yml')).toContain(
      'must not be under .github/',
    );
  });

  it('** and %path% need exactly one ** in the source', () => {
    expect(entry('locales/en/*.json', 'locales/%lang%/**/%file%')).toBe(
      '.svc.yml: files[0].translation: uses ** (or %path%) but files[0].source has no ** to take it from',
    );
    expect(entry('{a/**/en,b/en}/*.json', '%lang%/%path%/%file%')).toBe(
      '.svc.yml: files[0].translation: uses ** (or %path%) but files[0].source has no ** to take it from',
    );
    expect(entry('src/**/en/**/*.json', 'src/%lang%/**/%file%')).toBe(
      '.svc.yml: files[0].translation: uses ** (or %path%) but files[0].source has more than one **',
    );
    expect(entry('src/**/en/**/*.json', '%original_path%/../%lang%/%file%')).toContain('no .. segments');
    expect(entry('src/**/en/**/*.json', '%original_path%/%lang%.%file%')).toBe('ok');
  });

  it('must give each target its own path', () => {
    expect(entry('locales/en.json', 'locales/%two_letters_code%.json')).toBe(
      '.svc.yml: files[0].translation: targets "pt-BR" and "pt-PT" would share one path (%two_letters_code% is "pt" for both); use %lang% or add a languages_mapping',
    );
    const mapping = 'languages_mapping: { two_letters_code: { pt-BR: pt-br } }\n';
    expect(
      message('{ source: locales/en.json, translation: "locales/%two_letters_code%.json" }', mapping),
    ).toBe('ok');
  });
});
