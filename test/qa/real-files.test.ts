/**
 * Issue 34, finding 8: `qa` over untouched files cried wolf (73 errors, about 11 real). Errors mean
 * "this breaks at run time": an empty Russian `other` (fractions only) and a URL's `%C3%A4` in a
 * Rails file (Rails fills `%{name}` only) are not errors; a bad ICU keyword and renamed or missing
 * placeholders still are. Fixtures: test/fixtures/qa/real/README.md.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../src/formats/model.ts';
import { formatByName } from '../../src/formats/registry.ts';
import { checkFile } from '../../src/qa/check-file.ts';

const dir = 'test/fixtures/qa/real';
const read = (name: string) => new Uint8Array(readFileSync(`${dir}/${name}`));

function qa(formatName: string, source: string, target: string, lang: string, from = dir) {
  const format = formatByName(formatName)!;
  const { findings } = checkFile({
    format,
    sourcePath: `${from}/${source}`,
    targetPath: `${from}/${target}`,
    source: new Uint8Array(readFileSync(`${from}/${source}`)),
    target: new Uint8Array(readFileSync(`${from}/${target}`)),
    sourceLang: 'en',
    lang,
  });
  return findings.map((f) => `${f.severity} ${f.rule} ${f.key}: ${f.message}`);
}

describe('qa over untouched real shapes (issue 34, finding 8)', () => {
  it('Rails Russian: an empty other is a notice, a URL escape is text, renamed %{…} are errors', () => {
    const findings = qa('yaml', 'rails-en.yml', 'rails-ru.yml', 'ru');
    expect(findings).toEqual([
      'notice plural-categories comments.count: no plural form other: ru uses it only for fractions such as 1.5, which integer counts never reach',
      'error placeholder-extra comments.replies: extra placeholder %{количество} (not in the source)',
      'notice plural-categories comments.replies: no plural form other: ru uses it only for fractions such as 1.5, which integer counts never reach',
      'error placeholder-renamed upload.too_big: placeholder %{size} is written %{размер} in the translation',
    ]);
  });

  it('CLDR decides: Russian other is reached by 1.5 and by no integer', () => {
    const ru = new Intl.PluralRules('ru');
    expect(ru.select(1.5)).toBe('other');
    expect([0, 1, 2, 5, 11, 21, 101, 1000000].map((n) => ru.select(n))).not.toContain('other');
  });

  it('an empty Russian few is still an error: integers (2, 3, 4, 22, …) reach it', () => {
    const en = 'en:\n  n:\n    one: "%{count} file"\n    other: "%{count} files"\n';
    const ru =
      'ru:\n  n:\n    one: "%{count} файл"\n    few: ""\n    many: "%{count} файлов"\n    other: "%{count} файла"\n';
    const format = formatByName('yaml')!;
    const enc = (t: string) => new TextEncoder().encode(t);
    const { findings } = checkFile({
      format,
      sourcePath: 'en.yml',
      targetPath: 'ru.yml',
      source: enc(en),
      target: enc(ru),
      sourceLang: 'en',
      lang: 'ru',
    });
    expect(findings.map((f) => `${f.severity} ${f.message}`)).toEqual([
      'error empty plural category few: ru needs one, few, many, other, and numbers in it show nothing',
    ]);
  });

  it('i18next German: a lost {{edit}} is an error', () => {
    expect(qa('json', 'i18next-en.json', 'i18next-de.json', 'de')).toEqual([
      'error placeholder-missing post.hint: missing placeholder {{edit}}',
    ]);
  });

  it('ICU German: {n, Plural, ein {…}} is an ICU syntax error', () => {
    const findings = qa('json', 'icu-en.json', 'icu-de.json', 'de');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(
      /^error icu-syntax cart\\\.items: translation is not a valid ICU message: invalid argument type/,
    );
  });

  it("Symfony's XLIFF with keys as source: the English text is compared, not the key (finding 11)", () => {
    const findings = qa(
      'xliff12',
      'symfony-messages+intl-icu.en.xlf',
      'symfony-messages+intl-icu.de.xlf',
      'de',
      'test/fixtures/xliff12',
    );
    // `http_error.name` against "Fehler {status_code, number}" was an extra placeholder; only the
    // unit the German file lacks is left.
    expect(findings).toEqual(['warning untranslated tip: not translated']);
  });

  it('the syntaxes come from the format module: Rails units fill %{name} only, plain YAML every syntax', () => {
    const yaml = formatByName('yaml')!;
    const [rails] = yaml.parse(read('rails-en.yml'));
    expect(placeholdersOf(yaml, rails!)).toEqual(['ruby', 'tags']);
    const [plain] = yaml.parse(new TextEncoder().encode('title: "Hello {name}"\n'));
    expect(placeholdersOf(yaml, plain!)).toContain('icu');
  });
});
