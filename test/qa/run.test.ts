import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { detectFormat } from '../../src/formats/registry.ts';
import { targetTranslations } from '../../src/formats/target.ts';
import { checkFile } from '../../src/qa/check-file.ts';
import { readTerms, runQa, toGithub, toJson, toText } from '../../src/qa/index.ts';
import { repoRoot } from '../support/processes.ts';

const app = join(repoRoot, 'test/fixtures/qa/app');
const config = loadConfig(readFileSync(join(app, '.svc.yml'), 'utf8'));
const terms = readTerms(readFileSync(join(repoRoot, 'test/fixtures/qa/terms.csv'), 'utf8'), 'terms.csv');
const line = (f: {
  path: string;
  line: number;
  column: number;
  severity: string;
  rule: string;
  lang: string;
  key: string;
}) => `${f.path}:${f.line}:${f.column} ${f.severity} ${f.rule} [${f.lang} ${f.key}]`;

describe('runQa over an app with mistakes in every format', () => {
  it('finds each mistake at the line and column of the translation in the target file', async () => {
    const report = await runQa({ root: app, config, terms });
    expect(report.findings.map(line)).toEqual([
      // YAML (Rails): a renamed %{name}; `zero:` is allowed in German; no Russian file yet.
      'config/locales/de.yml:8:13 error placeholder-renamed [de greeting]',
      'config/locales/ru.yml:1:1 warning untranslated [ru ]',
      // String catalog: the language's own value, found under its localization (the Russian
      // plural without many is every form "%lld фото": many would show that text too).
      'ios/Localizable.xcstrings:69:6 warning untranslated [ru Welcome, %@]',
      'ios/Localizable.xcstrings:74:24 error placeholder-missing [de Welcome, %@]',
      // ARB: a broken ICU message, a renamed argument; `=1` covers German `one` but not Russian
      // (a warning: Russian `one` numbers such as 21 show the other form).
      'l10n/app_de.arb:4:16 error icu-syntax [de greeting]',
      'l10n/app_de.arb:5:16 error placeholder-renamed [de lastSeen]',
      'l10n/app_ru.arb:3:18 warning plural-categories [ru inboxCount]',
      // i18next JSON: renamed interpolation, lost nesting, a term, a copy of the source, a missing plural.
      'locales/de.json:2:16 error placeholder-renamed [de greeting]',
      'locales/de.json:6:18 warning term [de cart.checkout]',
      'locales/de.json:8:14 error placeholder-missing [de nested]',
      'locales/de.json:10:13 warning untranslated [de title]',
      'locales/ru.json:1:1 warning untranslated [ru nested]',
      'locales/ru.json:1:1 warning untranslated [ru legal]',
      'locales/ru.json:1:1 warning untranslated [ru title]',
      'locales/ru.json:4:19 warning plural-categories [ru cart.items]',
      // PO: msgstr positions, a plural form left empty, a multi-line msgstr.
      'po/de.po:11:9 error placeholder-renamed [de Hello, %(name)s!]',
      'po/de.po:17:12 error plural-categories [de %(count)d item in your cart]',
      'po/de.po:26:2 error placeholder-missing [de Your order has shipped. Track it with the link in the e-mail we sent to %(email)s.]',
      'po/ru.po:1:1 warning untranslated [ru ]',
      // Android: renamed position, reordered %d %s, an extra plural quantity.
      'res/values-de/strings.xml:3:28 error placeholder-renamed [de welcome]',
      'res/values-de/strings.xml:4:32 error placeholder-order [de upload_done]',
      'res/values-de/strings.xml:9:32 warning plural-categories [de songs]',
      'res/values-ru/strings.xml:1:1 warning untranslated [ru ]',
      // XLIFF 1.2: maxwidth, a lost inline code, an empty <target/> (pointed at its source).
      'xliff/messages.de.xlf:7:36 error length-limit [de cartTitle]',
      'xliff/messages.de.xlf:11:36 error placeholder-missing [de welcome]',
      'xliff/messages.de.xlf:19:17 warning untranslated [de later]',
      'xliff/messages.ru.xlf:1:1 warning untranslated [ru ]',
    ]);
    expect(report.files).toBe(10);
  });

  it('without a termbase the term rule does not run; langs narrows the targets', async () => {
    const report = await runQa({ root: app, config, langs: ['de'] });
    expect(report.findings.some((f) => f.rule === 'term' || f.lang !== 'de')).toBe(false);
    expect(report.findings.filter((f) => f.severity === 'error')).toHaveLength(13);
  });

  it('prints JSON with exactly the documented fields, GitHub workflow commands and text', async () => {
    const report = await runQa({ root: app, config, langs: ['de'] });
    const json = JSON.parse(toJson(report)) as { findings: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(['findings']);
    expect(json.findings[0]).toEqual({
      path: 'config/locales/de.yml',
      line: 8,
      column: 13,
      key: 'greeting',
      lang: 'de',
      rule: 'placeholder-renamed',
      severity: 'error',
      message: 'placeholder %{name} is written %{username} in the translation',
    });
    const github = toGithub(report).split('\n');
    expect(github[0]).toBe(
      '::error file=config/locales/de.yml,line=8,col=13,title=placeholder-renamed (de)::placeholder %25{name} is written %25{username} in the translation [greeting]',
    );
    const text = toText(report).split('\n');
    expect(text[0]).toBe(
      'config/locales/de.yml:8:13: error placeholder-renamed: placeholder %{name} is written %{username} in the translation [de greeting]',
    );
    expect(text.at(-2)).toBe('13 errors, 3 warnings, 0 notices in 7 target files (25 units checked)');
  });
});

describe('runQa over Apple, Java, XLIFF 2, CSV and Markdown strings', () => {
  it('finds each mistake at the line and column of the translation', async () => {
    const root = join(repoRoot, 'test/fixtures/qa/apple-java');
    const report = await runQa({ root, config: loadConfig(readFileSync(join(root, '.svc.yml'), 'utf8')) });
    expect(report.findings.map((f) => `${line(f)}: ${f.message}`)).toEqual([
      'csv/strings-de.csv:3:11 error icu-syntax [de greeting]: translation is not a valid ICU message: malformed argument',
      'docs/guide.de.md:3:1 warning placeholder-missing [de p1]: missing placeholder <a href="https://acme.example/help">',
      'docs/guide.de.md:3:1 warning placeholder-missing [de p1]: missing placeholder </a>',
      'ios/de.lproj/Localizable.strings:5:22 error placeholder-missing [de photos.received]: missing placeholder %2$lld',
      'ios/de.lproj/Localizable.strings:8:17 error placeholder-renamed [de copy.count]: placeholder %d is written %lld in the translation',
      'ios/de.lproj/Localizable.stringsdict:18:12 error placeholder-missing [de files.count|files]: missing placeholder %d in the "other" form',
      'java/messages_de.properties:3:9 error placeholder-renamed [de welcome]: placeholder {1,number,integer} is written {2,number} in the translation',
      'xliff2/messages.de.xlf:9:17 error placeholder-renamed [de greeting]: placeholder <ph id="1" equiv="{{name}}" disp="{{name}}"/> is written <ph id="2" equiv="{{name}}" disp="{{name}}"/> in the translation',
      'xliff2/messages.de.xlf:15:17 error length-limit [de terms]: translation is 19 characters long; the file allows 18',
      'xliff2/messages.de.xlf:21:17 warning untranslated [de signOut]: not translated',
    ]);
  });
});

describe("runQa over the project's own translations", () => {
  it('test/fixtures/existing (partial but correct): nothing but the units not translated yet', async () => {
    const existing = loadConfig(readFileSync(join(repoRoot, 'test/fixtures/qa/existing.svc.yml'), 'utf8'));
    const report = await runQa({ root: repoRoot, config: existing });
    expect(report.files).toBe(28);
    expect(report.findings.filter((f) => f.rule !== 'untranslated')).toEqual([]);
    // Each of them really has no text in its target, as the sync's own reader sees it.
    for (const f of report.findings) {
      const bytes = readFileSync(join(repoRoot, f.path));
      const held = targetTranslations(detectFormat(f.path, bytes)!, bytes, f.lang);
      expect(held.has(f.key), `${f.path} ${f.lang} ${f.key}`).toBe(false);
    }
    expect(report.findings).toHaveLength(65);
  });

  it('bilingual and multilingual fixtures, read as their own targets: no finding but untranslated units', () => {
    const files: [string, string][] = [
      ['xliff12/angular-messages.xlf', 'de'],
      ['xliff12/okapi-manual.xlf', 'fr'],
      ['xliff12/xcode-export-crlf.xlf', 'de'],
      ['xliff2/angular-messages.xlf', 'de'],
      ['xliff2/multi-file-crlf.xlf', 'de-DE'],
      ['xliff2/oasis-sample.xlf', 'fr'],
      ['po/de.po', 'de'],
      ['po/ru.po', 'ru'],
      ['po/ja-crlf.po', 'ja'],
      ['csv/semicolon-with-target.csv', 'de'],
      ['xcstrings/Localizable.xcstrings', 'de'],
      ['xcstrings/Devices.xcstrings', 'de'],
      ['xcstrings/Substitutions.xcstrings', 'de'],
    ];
    for (const [name, lang] of files) {
      const path = `test/fixtures/${name}`;
      const bytes = readFileSync(join(repoRoot, path));
      const format = detectFormat(path, bytes)!;
      const pair = {
        format,
        sourcePath: path,
        targetPath: path,
        source: bytes,
        target: bytes,
        sourceLang: 'en',
        lang,
      };
      const { findings, units } = checkFile(pair);
      expect(units, path).toBeGreaterThan(0);
      expect(
        findings.filter((f) => f.rule !== 'untranslated'),
        path,
      ).toEqual([]);
    }
  });

  it('examples/app: only the translation files that do not exist yet', async () => {
    const root = join(repoRoot, 'examples/app');
    const report = await runQa({ root, config: loadConfig(readFileSync(join(root, '.svc.yml'), 'utf8')) });
    expect(report.findings.every((f) => f.rule === 'untranslated' && f.key === '' && f.line === 1)).toBe(
      true,
    );
    expect(report.findings).toHaveLength(9);
  });
});

describe('qa over a Russian .stringsdict people translated (Mastodon for iOS shape)', () => {
  const en = readFileSync(join(repoRoot, 'test/fixtures/stringsdict/mastodon-en.stringsdict'));
  const ru = readFileSync(join(repoRoot, 'test/fixtures/stringsdict/mastodon-ru.stringsdict'));
  const check = (target: Uint8Array) =>
    checkFile({
      format: detectFormat('Localizable.stringsdict', en)!,
      sourcePath: 'en.lproj/Localizable.stringsdict',
      targetPath: 'ru.lproj/Localizable.stringsdict',
      source: en,
      target,
      sourceLang: 'en',
      lang: 'ru',
    }).findings.filter((f) => f.severity === 'error');

  // Placeholder findings only: the plural-categories rule's severity on a rule holding one and
  // other (Foundation falls back to other) is the qa branch's to decide (issue 34, finding 8).
  const placeholders = (target: Uint8Array) => check(target).filter((f) => f.rule.startsWith('placeholder'));

  it('finds no placeholder error in the file as people wrote it (a format key kept as %#@character_count@ alone is fine)', () => {
    expect(placeholders(ru)).toEqual([]);
  });

  it('reports a variable name translated in a format key people kept alone (issue 34, finding 3)', () => {
    const renamed = ru
      .toString('utf8')
      .replace(
        '<string>%#@character_count@</string>\n      <key>character_count</key>\n      <dict>\n        <key>NSStringFormatSpecTypeKey</key>\n        <string>NSStringPluralRuleType</string>\n        <key>NSStringFormatValueTypeKey</key>\n        <string>ld</string>\n        <key>one</key>\n        <string>%ld символ остался</string>',
        '<string>%#@количество_символов@</string>\n      <key>character_count</key>\n      <dict>\n        <key>NSStringFormatSpecTypeKey</key>\n        <string>NSStringPluralRuleType</string>\n        <key>NSStringFormatValueTypeKey</key>\n        <string>ld</string>\n        <key>one</key>\n        <string>%ld символ остался</string>',
      );
    expect(renamed).toContain('%#@количество_символов@');
    const errors = placeholders(new TextEncoder().encode(renamed));
    expect(errors.map((f) => [f.key, f.rule])).toEqual([
      ['a11y.plural.count.input_limit_remains', 'placeholder-renamed'],
    ]);
    expect(errors.map((f) => f.message).join('\n')).toContain('%#@character_count@');
  });
});
