import { describe, expect, it } from 'vitest';
import {
  androidCode,
  languageProblem,
  languageValues,
  matchTarget,
  parseLanguage,
} from '../../src/config/languages.ts';

describe('languageProblem', () => {
  it('accepts ISO 639-1 languages with an optional script and region', () => {
    for (const code of [
      'en',
      'de',
      'fr-CA',
      'pt-BR',
      'zh-Hans',
      'zh-Hant-TW',
      'es-419',
      'sr-Latn',
      'no',
      'bh',
    ]) {
      expect(languageProblem(code), code).toBeUndefined();
    }
  });

  it('refuses unknown languages, scripts and regions', () => {
    expect(languageProblem('xx-YY')).toBe('unknown language "xx-YY"');
    expect(languageProblem('xx')).toBe('unknown language "xx"');
    expect(languageProblem('fil')).toBe('unknown language "fil"');
    expect(languageProblem('fr-YY')).toBe('unknown region "YY" in "fr-YY"');
    expect(languageProblem('sr-Abcd')).toBe('unknown script "Abcd" in "sr-Abcd"');
  });

  it('asks for the canonical spelling, since %lang% writes the code into paths', () => {
    expect(languageProblem('fr-ca')).toBe('write "fr-ca" as "fr-CA"');
    expect(languageProblem('zh-hans')).toBe('write "zh-hans" as "zh-Hans"');
    expect(languageProblem('iw')).toBe('write "iw" as "he"');
    expect(languageProblem('pt_BR')).toBe(
      '"pt_BR" is not a language tag: use - between its parts (did you mean "pt-BR"?)',
    );
    expect(languageProblem('xx_YY')).toBe('"xx_YY" is not a language tag: use - between its parts');
  });

  it('refuses what is not a tag or not of the supported shape', () => {
    expect(languageProblem('')).toBe('"" is not a language tag');
    expect(languageProblem('en US')).toBe('"en US" is not a language tag');
    expect(languageProblem('de-DE-1996')).toBe(
      'unsupported language tag "de-DE-1996": use a language with an optional script and region, like "fr-CA" or "zh-Hans"',
    );
  });
});

describe('placeholder values of a language', () => {
  it('fills every language placeholder', () => {
    expect(languageValues('fr-CA')).toEqual({
      lang: 'fr-CA',
      locale: 'fr-CA',
      lang_underscore: 'fr_CA',
      android_code: 'fr-rCA',
      two_letters_code: 'fr',
    });
    expect(languageValues('de')).toEqual({
      lang: 'de',
      locale: 'de',
      lang_underscore: 'de',
      android_code: 'de',
      two_letters_code: 'de',
    });
  });

  it('uses the b+ form for Android when there is a script or a numeric region', () => {
    const android = (code: string) => androidCode(parseLanguage(code)!);
    expect(android('pt-BR')).toBe('pt-rBR');
    expect(android('zh-Hans')).toBe('b+zh+Hans');
    expect(android('zh-Hant-TW')).toBe('b+zh+Hant+TW');
    expect(android('es-419')).toBe('b+es+419');
  });

  it('throws a TypeError for a code the schema would have refused', () => {
    expect(() => languageValues('pt_BR')).toThrow(TypeError);
  });
});

describe('matchTarget', () => {
  const targets = ['de', 'pt-BR', 'zh-Hans'];
  it('finds the target a platform language and locale name, whatever the case or separator', () => {
    expect(matchTarget(targets, 'pt', 'BR')).toBe('pt-BR');
    expect(matchTarget(targets, 'pt_br')).toBe('pt-BR');
    expect(matchTarget(targets, 'de', null)).toBe('de');
    expect(matchTarget(targets, 'zh', 'HANS')).toBe('zh-Hans');
  });

  it('is undefined for a language that is not a target', () => {
    expect(matchTarget(targets, 'pt')).toBeUndefined();
    expect(matchTarget(targets, 'de', 'AT')).toBeUndefined();
  });
});
