import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { PluralForms } from '../../src/formats/model.ts';
import { xcstringsFor, xcstringsFormat } from '../../src/formats/xcstrings/index.ts';
import { xcodeCompare } from '../../src/formats/xcstrings/xcode-json.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/xcstrings';
const fixtures = readdirSync(dir).map((f) => join(dir, f));

describeFormat(xcstringsFor('ru'), { fixtures, bilingual: true, targetLang: 'ru' });
describeFormat(xcstringsFor('fr'), { fixtures, bilingual: true, targetLang: 'fr' });

const fixture = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const byId = (bytes: Uint8Array, targetLang?: string) =>
  new Map(xcstringsFormat.parse(bytes, { targetLang } as never).map((u) => [u.id, u]));
const render = (bytes: Uint8Array, translations: Record<string, string | PluralForms>, targetLang: string) =>
  xcstringsFormat.render(bytes, new Map(Object.entries(translations)), { targetLang });

describe('xcstrings: units', () => {
  it('reads source units, key-only strings, plurals, comments, states and shouldTranslate', () => {
    const units = byId(fixture('Localizable.xcstrings'), 'de');
    expect([...units.keys()]).toEqual([
      '',
      '%@ liked your photo',
      '%lld photos|plural',
      'Albums',
      'Cancel',
      'com.acme.build',
      'Delete “%@”?',
      'Welcome to Photos',
    ]);
    expect(units.get('')?.translatable).toBe(false);
    expect(units.get('%@ liked your photo')).toMatchObject({
      source: '%@ liked your photo',
      target: '%@ gefällt dein Foto',
      notes: ['Notification text; the argument is a user name.'],
    });
    expect(units.get('%lld photos|plural')?.sourcePlural).toEqual({
      zero: 'No photos',
      one: '%lld photo',
      other: '%lld photos',
    });
    expect(units.get('Albums')).toMatchObject({ source: 'Albums', translatable: true });
    expect(units.get('Delete “%@”?')?.flags).toEqual(['extractionState=stale']);
  });

  it('names device variations and substitutions in ids', () => {
    expect([...byId(fixture('Devices.xcstrings')).keys()]).toEqual([
      'Pinch to zoom|device=applevision',
      'Pinch to zoom|device=ipad',
      'Pinch to zoom|device=mac',
      'Pinch to zoom|device=other',
      'Sync %lld items|device=iphone|plural',
      'Sync %lld items|device=other|plural',
      'Settings',
    ]);
    const units = byId(fixture('Substitutions.xcstrings'), 'fr');
    expect(units.get('Found %#@files@ in %#@folders@|substitution=files')).toMatchObject({
      sourcePlural: { one: '%arg file', other: '%arg files' },
      targetPlural: { one: '%arg fichier', many: '%arg de fichiers', other: '%arg fichiers' },
    });
  });

  it('escapes | and \\ in keys', () => {
    const catalog =
      '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "a|b\\\\c" : {\n\n    }\n  },\n  "version" : "1.0"\n}\n';
    expect([...byId(new TextEncoder().encode(catalog)).keys()]).toEqual(['a\\|b\\\\c']);
  });
});

describe('xcstrings: render', () => {
  it('inserts a new language in sorted position, written like Xcode', () => {
    const out = text(render(fixture('Localizable.xcstrings'), { Cancel: 'Отмена' }, 'ru'));
    expect(out).toContain(`        "fr" : {
          "stringUnit" : {
            "state" : "needs_review",
            "value" : "Annuler"
          }
        },
        "ru" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Отмена"
          }
        }
      }
    },
    "com.acme.build"`);
  });

  it('sorts language codes as Foundation does (case-insensitive, numeric)', () => {
    expect(['zh-HK', 'zh-Hans', 'en', 'de', 'en-GB', 'a10', 'a2'].sort(xcodeCompare)).toEqual([
      'a2',
      'a10',
      'de',
      'en',
      'en-GB',
      'zh-Hans',
      'zh-HK',
    ]);
    const out = text(render(fixture('Devices.xcstrings'), { Settings: 'Ajustes' }, 'es'));
    expect(out.indexOf('"en" : {')).toBeLessThan(out.indexOf('"es" : {'));
    expect(out.indexOf('"es" : {')).toBeLessThan(out.indexOf('"zh-HK" : {'));
  });

  it('replaces an existing target localization and adds localizations to key-only strings', () => {
    const out = text(render(fixture('Localizable.xcstrings'), { Cancel: 'Abbruch', Albums: 'Alben' }, 'de'));
    expect(out).toContain('"value" : "Abbruch"');
    expect(out).not.toContain('"value" : "Abbrechen"');
    expect(out).toContain(`    "Albums" : {
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Alben"
          }
        }
      }
    },`);
    const welcome = text(
      render(fixture('Localizable.xcstrings'), { 'Welcome to Photos': 'Willkommen' }, 'de'),
    );
    expect(welcome).toContain(`    "Welcome to Photos" : {
      "comment" : "Onboarding title",
      "localizations" : {
        "de" : {`);
  });

  it('writes plural variations with the target language categories, keeping zero from the source', () => {
    const forms = {
      zero: 'Нет фото',
      one: '%lld фото',
      few: '%lld фото',
      many: '%lld фото',
      other: '%lld фото',
    };
    const out = render(fixture('Localizable.xcstrings'), { '%lld photos|plural': forms }, 'ru');
    expect(byId(out, 'ru').get('%lld photos|plural')?.targetPlural).toEqual(forms);
    const ja = render(
      fixture('Localizable.xcstrings'),
      { '%lld photos|plural': { other: '%lld 枚の写真' } },
      'ja',
    );
    expect(byId(ja, 'ja').get('%lld photos|plural')?.targetPlural).toEqual({ other: '%lld 枚の写真' });
  });

  it('mirrors substitutions with argNum and formatSpecifier; untranslated parts become "new" source text', () => {
    const out = render(
      fixture('Substitutions.xcstrings'),
      { 'Found %#@files@ in %#@folders@': '%#@files@ in %#@folders@ gefunden' },
      'de',
    );
    const units = byId(out, 'de');
    expect(units.get('Found %#@files@ in %#@folders@')?.target).toBe('%#@files@ in %#@folders@ gefunden');
    expect(units.get('Found %#@files@ in %#@folders@|substitution=files')?.targetPlural).toEqual({
      one: '%arg file',
      other: '%arg files',
    });
    expect(text(out)).toMatch(
      /"de" : \{\n {10}"stringUnit" : \{\n {12}"state" : "translated",[\s\S]*?"argNum" : 1,\n {14}"formatSpecifier" : "lld",/,
    );
    expect(text(out)).toContain('"state" : "new",\n                      "value" : "%arg files"');
  });

  it('never renders shouldTranslate: false', () => {
    const bytes = fixture('Localizable.xcstrings');
    const out = render(bytes, { 'com.acme.build': 'x', '': 'y' }, 'de');
    expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
  });

  it('writes a translation equal to its source, as a translation (issue 34, finding 4: German "Browser")', () => {
    const bytes = fixture('Localizable.xcstrings');
    const out = render(bytes, { 'Welcome to Photos': 'Welcome to Photos' }, 'de');
    expect(byId(out, 'de').get('Welcome to Photos')?.target).toBe('Welcome to Photos');
    // What the target already says is no news: the bytes stay.
    expect(
      Buffer.from(render(out, { 'Welcome to Photos': 'Welcome to Photos' }, 'de')).equals(Buffer.from(out)),
    ).toBe(true);
  });

  it('keeps CRLF line endings for inserted text', () => {
    const catalog =
      '{\r\n  "sourceLanguage" : "en",\r\n  "strings" : {\r\n    "Hi" : {\r\n\r\n    }\r\n  },\r\n  "version" : "1.0"\r\n}\r\n';
    const out = text(render(new TextEncoder().encode(catalog), { Hi: 'Hallo' }, 'de'));
    expect(out).toBe(
      '{\r\n  "sourceLanguage" : "en",\r\n  "strings" : {\r\n    "Hi" : {\r\n      "localizations" : {\r\n        "de" : {\r\n          "stringUnit" : {\r\n            "state" : "translated",\r\n            "value" : "Hallo"\r\n          }\r\n        }\r\n      }\r\n    }\r\n  },\r\n  "version" : "1.0"\r\n}\r\n',
    );
  });
});

describe('xcstrings: bad input', () => {
  const errorOf = (catalog: string) => {
    try {
      xcstringsFormat.parse(new TextEncoder().encode(catalog));
    } catch (error) {
      if (error instanceof FormatError) return error;
      throw error;
    }
    throw new Error('no error');
  };

  it.each([
    ['{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "a" : {\n', 5, 1, /end of file/],
    ['{\n  "strings" : {}\n}', 1, 1, /sourceLanguage/],
    ['{\n  "sourceLanguage" : "en"\n}', 1, 1, /strings/],
    ['{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "a" : "b"\n  }\n}', 4, 11, /must be an object/],
  ])('%j is a FormatError at %i:%i', (catalog, line, column, message) => {
    const error = errorOf(catalog);
    expect(error.message).toMatch(message);
    expect([error.line, error.column]).toEqual([line, column]);
  });

  it('sniffs catalogs', () => {
    expect(xcstringsFormat.sniff!(fixture('Devices.xcstrings'))).toBe(true);
    expect(xcstringsFormat.sniff!(new TextEncoder().encode('{"a": "b"}'))).toBe(false);
  });
});

describe('xcstrings: reading the same bytes again', () => {
  it('render after parse reads bytes changed in place since the parse', () => {
    const catalog = (key: string) =>
      `{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "${key}" : {\n\n    }\n  },\n  "version" : "1.0"\n}\n`;
    const data = new TextEncoder().encode(catalog('Hello'));
    expect(xcstringsFormat.parse(data).map((u) => u.id)).toEqual(['Hello']);
    data.set(new TextEncoder().encode(catalog('Howdy')));
    expect(text(render(data, { Howdy: 'Tach' }, 'de'))).toContain('"value" : "Tach"');
    expect(text(render(data, { Hello: 'Hallo' }, 'de'))).toBe(catalog('Howdy'));
  });
});
