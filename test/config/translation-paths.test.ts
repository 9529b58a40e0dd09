import { describe, expect, it } from 'vitest';
import {
  entryForSource,
  isTranslationPath,
  loadConfig,
  type SvcConfig,
  sourceForTranslationPath,
  targetPathsFor,
  translationPath,
  UnsafePathError,
} from '../../src/config/index.ts';

/** A config with the given targets and one files entry; `extra` is appended YAML. */
function config(source: string, translation: string, targets = '[de, fr-CA, pt-BR]', extra = ''): SvcConfig {
  return loadConfig(
    `source: en\ntargets: ${targets}\nfiles:\n  - source: ${JSON.stringify(source)}\n    translation: ${JSON.stringify(translation)}\n${extra}`,
  );
}
const pathFor = (c: SvcConfig, source: string, lang: string) => translationPath(c.files[0]!, source, lang, c);
const unsafe = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof UnsafePathError) return error.message;
    throw error;
  }
  return 'no error';
};

describe('translationPath: placeholders', () => {
  it('%lang%, %locale%, %lang_underscore%, %android_code%, %two_letters_code%', () => {
    const c = config(
      'l/en/x.json',
      'l/%lang%/%locale%/%lang_underscore%/%android_code%/%two_letters_code%/x.json',
    );
    expect(pathFor(c, 'l/en/x.json', 'fr-CA')).toBe('l/fr-CA/fr-CA/fr_CA/fr-rCA/fr/x.json');
    expect(pathFor(c, 'l/en/x.json', 'de')).toBe('l/de/de/de/de/de/x.json');
  });

  it('%file%, %name%, %ext% and %original_path%', () => {
    const c = config('src/**/en/*.json', '%original_path%/%lang%/%file%');
    expect(pathFor(c, 'src/app/en/messages.en.json', 'de')).toBe('src/app/en/de/messages.en.json');
    const d = config('res/**/*.xml', 'out/%lang%/%name%-copy.%ext%');
    expect(pathFor(d, 'res/a/strings.xml', 'de')).toBe('out/de/strings-copy.xml');
  });

  it('** in the translation is what ** matched in the source', () => {
    const c = config('locales/en/**/*.json', 'locales/%lang%/**/%file%');
    expect(pathFor(c, 'locales/en/a/b/x.json', 'de')).toBe('locales/de/a/b/x.json');
    expect(pathFor(c, 'locales/en/x.json', 'de')).toBe('locales/de/x.json');
    const p = config('locales/en/**/*.json', 'locales/%lang%/%path%/%file%');
    expect(pathFor(p, 'locales/en/a/x.json', 'de')).toBe('locales/de/a/x.json');
    expect(pathFor(p, 'locales/en/x.json', 'de')).toBe('locales/de/x.json');
  });

  it('an empty %original_path% at the repository root vanishes', () => {
    const c = config('*.pot', '%original_path%/po/%lang%.po');
    expect(pathFor(c, 'messages.pot', 'de')).toBe('po/de.po');
  });

  it('Rails: config/locales/en.yml → config/locales/%lang%.yml', () => {
    const c = config('config/locales/en.yml', 'config/locales/%lang%.yml');
    expect(targetPathsFor(c, 'config/locales/en.yml')).toEqual([
      { lang: 'de', path: 'config/locales/de.yml' },
      { lang: 'fr-CA', path: 'config/locales/fr-CA.yml' },
      { lang: 'pt-BR', path: 'config/locales/pt-BR.yml' },
    ]);
  });

  it('Android: values/ → values-%android_code%/', () => {
    const c = config(
      'app/src/main/res/values/strings.xml',
      'app/src/main/res/values-%android_code%/%file%',
      '[de, fr-CA, zh-Hans]',
    );
    expect(targetPathsFor(c, 'app/src/main/res/values/strings.xml').map((t) => t.path)).toEqual([
      'app/src/main/res/values-de/strings.xml',
      'app/src/main/res/values-fr-rCA/strings.xml',
      'app/src/main/res/values-b+zh+Hans/strings.xml',
    ]);
  });

  it('brace alternatives pick up their own ** part', () => {
    const c = config('{web,app}/i18n/en/**/*.json', 'i18n/%lang%/**/%file%');
    expect(pathFor(c, 'app/i18n/en/x/y.json', 'de')).toBe('i18n/de/x/y.json');
  });
});

describe('translationPath: languages_mapping', () => {
  const extra =
    'languages_mapping:\n  locale: { pt-BR: pt_BR }\n  android_code: { fr-CA: fr-rQC }\n  lang: { de: german }\n';
  const c = config('l/en.json', 'l/%locale%/%android_code%/%lang%.json', '[de, fr-CA, pt-BR]', extra);

  it('overrides one placeholder for one language and leaves the rest', () => {
    expect(pathFor(c, 'l/en.json', 'pt-BR')).toBe('l/pt_BR/pt-rBR/pt-BR.json');
    expect(pathFor(c, 'l/en.json', 'fr-CA')).toBe('l/fr-CA/fr-rQC/fr-CA.json');
    expect(pathFor(c, 'l/en.json', 'de')).toBe('l/de/de/german.json');
  });

  it('mapped paths are found again in reverse', () => {
    expect(sourceForTranslationPath(c, 'l/pt_BR/pt-rBR/pt-BR.json')).toMatchObject({
      source: 'l/en.json',
      lang: 'pt-BR',
    });
    expect(sourceForTranslationPath(c, 'l/pt-BR/pt-rBR/pt-BR.json')).toBeUndefined();
  });
});

describe('translationPath: refusals', () => {
  const c = config('locales/en/**/*.json', 'locales/%lang%/**/%file%');

  it('a language that is not a target', () => {
    expect(unsafe(() => pathFor(c, 'locales/en/x.json', 'es'))).toBe(
      '"locales/en/x.json": "es" is not a target language',
    );
  });

  it('a source the entry does not take, or an unsafe one', () => {
    expect(unsafe(() => pathFor(c, 'other/x.json', 'de'))).toBe(
      '"other/x.json": is not matched by the source pattern "locales/en/**/*.json"',
    );
    expect(unsafe(() => pathFor(c, 'locales/en/../../.github/workflows/x.json', 'de'))).toBe(
      '"locales/en/../../.github/workflows/x.json": must stay inside the repository (no .. segments)',
    );
    expect(unsafe(() => pathFor(c, '/locales/en/x.json', 'de'))).toContain('must be relative');
  });

  it('a result under .github or .git, from placeholder values', () => {
    const o = config('**/en/*.yml', '%original_path%/%lang%.yml');
    expect(unsafe(() => pathFor(o, '.github/en/x.yml', 'de'))).toBe(
      '".github/en/de.yml": must not be under .github/',
    );
    expect(entryForSource(o, '.git/en/x.yml')).toBeUndefined();
  });

  it('a result equal to the source', () => {
    const m = config(
      'l/en.json',
      'l/%two_letters_code%.json',
      '[de]',
      'languages_mapping: { two_letters_code: { de: en } }\n',
    );
    expect(unsafe(() => pathFor(m, 'l/en.json', 'de'))).toBe(
      '"l/en.json": is the source file itself (for de)',
    );
  });

  it('targetPathsFor refuses a path no entry takes', () => {
    expect(unsafe(() => targetPathsFor(c, 'README.md'))).toBe(
      '"README.md": is not matched by any files[].source pattern',
    );
  });
});

describe('entryForSource', () => {
  const c = loadConfig(`source: en
targets: [de]
files:
  - { source: "locales/en/**/*.json", translation: "locales/%lang%/**/%file%", ignore: ["locales/en/legacy/", "**/*.draft.json"] }
  - { source: "docs/en/*.md", translation: "docs/%lang%/%file%" }
`);

  it('finds the entry taking a path', () => {
    expect(entryForSource(c, 'locales/en/a/b.json')).toBe(c.files[0]);
    expect(entryForSource(c, 'docs/en/intro.md')).toBe(c.files[1]);
  });

  it('is undefined for unmatched, ignored and unsafe names', () => {
    expect(entryForSource(c, 'docs/en/a/intro.md')).toBeUndefined();
    expect(entryForSource(c, 'locales/en/legacy/old.json')).toBeUndefined();
    expect(entryForSource(c, 'locales/en/legacy/deep/old.json')).toBeUndefined();
    expect(entryForSource(c, 'locales/en/x.draft.json')).toBeUndefined();
    expect(entryForSource(c, '../../.github/workflows/x.yml')).toBeUndefined();
    expect(entryForSource(c, 'locales/en/../../../etc/x.json')).toBeUndefined();
    expect(entryForSource(c, 'locales/en/./x.json')).toBeUndefined();
    expect(entryForSource(c, 'locales\\en\\x.json')).toBeUndefined();
    expect(entryForSource(c, 'locales/en//x.json')).toBeUndefined();
    expect(entryForSource(c, 'locales/en/.git/x.json')).toBeUndefined();
  });
});

describe('sourceForTranslationPath / isTranslationPath', () => {
  it('maps a translation path back to its source and language', () => {
    const c = config('locales/en/**/*.json', 'locales/%lang%/**/%file%');
    expect(sourceForTranslationPath(c, 'locales/fr-CA/a/b/x.json')).toEqual({
      index: 0,
      entry: c.files[0],
      source: 'locales/en/a/b/x.json',
      lang: 'fr-CA',
    });
    expect(sourceForTranslationPath(c, 'locales/de/x.json')?.source).toBe('locales/en/x.json');
    expect(isTranslationPath(c, 'locales/es/x.json')).toBe(false);
    expect(isTranslationPath(c, 'locales/en/x.json')).toBe(false);
    expect(isTranslationPath(c, 'locales/de/../../.github/x.json')).toBe(false);
  });

  it('works for literal sources, %original_path%, %name% and brace sets', () => {
    const rails = config('config/locales/en.yml', 'config/locales/%lang%.yml');
    expect(sourceForTranslationPath(rails, 'config/locales/pt-BR.yml')?.source).toBe('config/locales/en.yml');
    expect(isTranslationPath(rails, 'config/locales/other.yml')).toBe(false);

    const nested = config('src/**/en/*.json', '%original_path%/%lang%.%file%');
    expect(sourceForTranslationPath(nested, 'src/a/b/en/de.x.json')?.source).toBe('src/a/b/en/x.json');

    const po = config('po/*.pot', 'po/%lang%/%name%.po');
    expect(sourceForTranslationPath(po, 'po/de/app.po')?.source).toBe('po/app.pot');

    const both = config('{web,app}/en/*.json', '%original_path%-%lang%/%file%');
    expect(sourceForTranslationPath(both, 'app/en-de/x.json')?.source).toBe('app/en/x.json');
    expect(sourceForTranslationPath(both, 'web/en-de/x.json')?.source).toBe('web/en/x.json');
  });

  it('names the first possible source when a template cannot tell two apart', () => {
    // Discovery refuses such a config once both files exist; with one of them this is the answer.
    const braces = config('{web,app}/en/*.json', 'i18n/%lang%/%file%');
    expect(sourceForTranslationPath(braces, 'i18n/de/x.json')?.source).toBe('web/en/x.json');
  });

  it('respects ignores: an ignored source has no translation', () => {
    const c = config('locales/en/**/*.json', 'locales/%lang%/**/%file%', '[de]');
    const ignored = { ...c, files: [{ ...c.files[0]!, ignore: ['locales/en/legacy/**'] }] };
    expect(isTranslationPath(ignored, 'locales/de/legacy/x.json')).toBe(false);
    expect(isTranslationPath(ignored, 'locales/de/current/x.json')).toBe(true);
  });
});
