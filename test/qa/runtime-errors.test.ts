/**
 * Issue 34, build item 1: a qa error means "this breaks at run time". A hand-read sample of qa
 * errors over untouched real files found these to be no problem; each test is the real shape cut
 * down (repository named), and says which runtime rule decides.
 */
import { describe, expect, it } from 'vitest';
import { formatByName } from '../../src/formats/registry.ts';
import { checkFile } from '../../src/qa/check-file.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Findings of one target file against its source, as `severity rule key: message`. */
function qa(formatName: string, paths: [string, string], source: string, target: string, lang: string) {
  const format = formatByName(formatName)!;
  const { findings } = checkFile({
    format,
    sourcePath: paths[0],
    targetPath: paths[1],
    source: bytes(source),
    target: bytes(target),
    sourceLang: 'en',
    lang,
  });
  return findings.map((f) => `${f.severity} ${f.rule} ${f.key}: ${f.message}`);
}

const errors = (findings: string[]) => findings.filter((f) => f.startsWith('error'));

describe("String Catalogs: substitutions are the catalog's own (Dimillian/IceCubesApp)", () => {
  const plural = (name: string, one: string, other: string) =>
    `"${name}":{"formatSpecifier":"lld","variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"${one}"}},"other":{"stringUnit":{"state":"translated","value":"${other}"}}}}}`;
  const catalog = (de: string) =>
    `{"sourceLanguage":"en","version":"1.0","strings":{
"notifications.label.favorite %lld":{"localizations":{
 "en":{"stringUnit":{"state":"translated","value":"starred"}},
 "de":{"stringUnit":{"state":"translated","value":"%#@count@"},"substitutions":{${plural('count', 'hat favorisiert', 'haben favorisiert')}}}}},
"timeline.n-recent-from-n-participants %lld %lld":{"localizations":{
 "en":{"stringUnit":{"state":"translated","value":"%#@arg1@ from %#@arg2@"},"substitutions":{${plural('arg1', '%arg recent post', '%arg recent posts')},${plural('arg2', '%arg participant', '%arg participants')}}},
 "de":{"stringUnit":{"state":"translated","value":"${de}"},"substitutions":{${plural('count_posts', '%arg aktueller Beitrag', '%arg aktuelle Beiträge')},${plural('count_participants', '%arg Teilnehmendem', '%arg Teilnehmenden')}}}}}
}}`;
  const check = (de: string) => {
    const file = catalog(de);
    return errors(qa('xcstrings', ['Localizable.xcstrings', 'Localizable.xcstrings'], file, file, 'de'));
  };

  it('a substitution named by the translation, or taking an argument the key passes, is no error', () => {
    expect(check('%#@count_posts@ von %#@count_participants@')).toEqual([]);
  });

  it('a substitution the translation drops is still an error', () => {
    expect(check('%#@count_posts@')).toEqual([
      'error placeholder-missing timeline.n-recent-from-n-participants %lld %lld: missing placeholder %#@arg2@',
    ]);
  });
});

describe('Markdown has no placeholders a runtime fills (jlevy/the-art-of-command-line, jwasham/coding-interview-university)', () => {
  it('URL escapes and braces in inline code are text; a dropped HTML tag is a warning', () => {
    const en = [
      'Read [the guide](https://example.org/a%20b?q=%3f) and `{name:?error message}`.',
      '',
      'Use <kbd>ctrl</kbd>-r and `find . -exec ls {} +`.',
      '',
    ].join('\n');
    const de = [
      'Lies [die Anleitung](https://example.org/de/a%20c%3f) und `{name:?Fehlermeldung}`.',
      '',
      'Nutze Strg-r und `find . -exec ls {} \\;`.',
      '',
    ].join('\n');
    expect(qa('markdown', ['README.md', 'README-de.md'], en, de, 'de')).toEqual([
      'warning placeholder-missing p2: missing placeholder <kbd>',
      'warning placeholder-missing p2: missing placeholder </kbd>',
    ]);
  });
});

describe('Symfony parameters are %name%, not printf (symfony/security-core shape)', () => {
  const xliff = (target: string) =>
    `<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="de" datatype="plaintext" original="file.ext">
    <body>
      <trans-unit id="1">
        <source>Please %action% again in %count% minutes.</source>
        <target>${target}</target>
      </trans-unit>
    </body>
  </file>
</xliff>
`;
  const check = (target: string) => {
    const file = xliff(target);
    return qa('xliff12', ['security.de.xlf', 'security.de.xlf'], file, file, 'de');
  };

  it('%action% and %count% in another word order are no finding (not %a and %c reordered)', () => {
    expect(check('Bitte in %count% Minuten erneut %action%.')).toEqual([]);
  });

  it('a renamed parameter is an error (strtr leaves it on screen)', () => {
    expect(check('Bitte in %anzahl% Minuten erneut %action%.')).toEqual([
      'error placeholder-renamed 1: placeholder %count% is written %anzahl% in the translation',
    ]);
  });
});

describe('.properties are java.text.MessageFormat patterns, not ICU (jenkinsci/jenkins, apache/jmeter, JabRef/jabref)', () => {
  const check = (en: string, de: string) =>
    qa('properties', ['Messages.properties', 'Messages_de.properties'], en, de, 'de');

  it('choice formats and typed arguments follow MessageFormat: no finding', () => {
    const en = [
      'Util.second={0} sec',
      'Util.day   ={0} {0,choice,0#days|1#day|1<days}',
      'PluginManager.PortNotInRange=Port doesn\u2019t range from {0} to {1}',
      'PluginWrapper.missing=Plugin is missing: {0} ({1})',
      '',
    ].join('\n');
    const de = [
      'Util.second={0} {0,choice,0#Sekunden|1#Sekunde|1<Sekunden}',
      'Util.day={0} {0,choice,0#Tage|1#Tag|1<Tage}',
      'PluginManager.PortNotInRange=Port ist keine Zahl zwischen {0} und {1,number,#}',
      'PluginWrapper.missing={0} v. {1} ist nicht vorhanden. Installieren Sie Version {1} oder neuer.',
      '',
    ].join('\n');
    expect(check(en, de)).toEqual([]);
  });

  it('what MessageFormat.format would throw on is an error, with its reason', () => {
    expect(
      check('Util.day={0} {0,choice,0#days|1#day|1<days}\n', 'Util.day={0} {0,choice,1#Tag|0#Tage}\n'),
    ).toEqual([
      'error messageformat-syntax Util.day: translation is not a valid java.text.MessageFormat pattern: choice: incorrect order of intervals, must be in ascending order',
    ]);
    expect(check('a=Copied {0} files\n', 'a={0} Dateien kopiert}{\n')).toEqual([
      'error messageformat-syntax a: translation is not a valid java.text.MessageFormat pattern: unmatched braces in the pattern',
    ]);
  });

  it("an apostrophe quotes: l'{0} shows {0} as text, a lost argument", () => {
    expect(check("a=Can''t open {0}\n", "a=Impossible d'ouvrir {0}\n")).toEqual([
      'error placeholder-missing a: missing placeholder {0}',
    ]);
    expect(check("a=Can''t open {0}\n", "a=Impossible d''ouvrir {0}\n")).toEqual([]);
  });

  it('{name} is no MessageFormat argument: a string holding it is text (jmeter)', () => {
    expect(check('a=Placeholders: #{counter}, #{method}\n', 'a=Platzhalter: #{counter}\n')).toEqual([]);
  });

  it("JabRef's %0 is its placeholder, %0-Format is not printf %0-F", () => {
    const en =
      'Names\\ are\\ not\\ in\\ the\\ standard\\ %0\\ format.=Names are not in the standard %0 format.\n';
    expect(
      check(
        en,
        'Names\\ are\\ not\\ in\\ the\\ standard\\ %0\\ format.=Namen entsprechen nicht dem Standard %0-Format\n',
      ),
    ).toEqual([]);
    expect(
      check(
        en,
        'Names\\ are\\ not\\ in\\ the\\ standard\\ %0\\ format.=Namen entsprechen nicht dem Standardformat\n',
      ),
    ).toEqual(['error placeholder-missing Names are not in the standard %0 format.: missing placeholder %0']);
  });
});

describe('ICU: a plural written as one text (krille-chan/fluffychat)', () => {
  const arb = (text: string) => `{\n  "countParticipants": "${text}"\n}\n`;
  const check = (ru: string) =>
    qa(
      'arb',
      ['intl_en.arb', 'intl_ru.arb'],
      arb('{count, plural, =1{1 participant} other{{count} participants}}'),
      arb(ru),
      'ru',
    );

  it('keeps its argument: gen-l10n formats it for every count, a warning', () => {
    expect(check('{count} участника(ов)')).toEqual([
      'warning placeholder-missing countParticipants: the translation has no plural of {count}: every value reads the same',
    ]);
  });

  it('without the argument it is still an error', () => {
    expect(errors(check('Участники'))).toEqual([
      'error placeholder-missing countParticipants: missing placeholder {count, plural, =1{',
      'error placeholder-missing countParticipants: missing placeholder {count}',
    ]);
  });
});

describe('second sample (after the fixes above)', () => {
  it('Android fills Formatter conversions only: {[(Скобки)]} is text (Kunzisoft/KeePassDX)', () => {
    const xml = (text: string) =>
      `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="brackets">${text}</string>\n</resources>\n`;
    expect(
      qa(
        'android',
        ['values/strings.xml', 'values-ru/strings.xml'],
        xml('Brackets'),
        xml('{[(Скобки)]}'),
        'ru',
      ),
    ).toEqual([]);
  });

  it('stringsdict form: the unnumbered %d beside %2$@ %3$@ is argument 1, as %1$d is (duckduckgo/iOS)', () => {
    expect(
      errors(
        qa(
          'strings',
          ['en.lproj/Localizable.strings', 'de.lproj/Localizable.strings'],
          '"a" = "*%2$@, %3$@* and *%d others* were trying to track you here.";\n',
          '"a" = "*%2$@, %3$@* und *%1$d weitere Tracker-Netzwerke* haben versucht, dich hier zu tracken.";\n',
          'de',
        ),
      ),
    ).toEqual([]);
  });

  it('JabRef: %0-Bild and %0-Treiber are %0 then text (Formatter rejects `-` and `0` without a width)', () => {
    const check = (en: string, de: string) =>
      qa('properties', ['JabRef_en.properties', 'JabRef_de.properties'], en, de, 'de');
    expect(check('%0\\ image=%0 image\n', '%0\\ image=%0-Bild\n')).toEqual([]);
    expect(
      check(
        '%0\\ driver\\ not\\ available.=%0 driver not available.\n',
        '%0\\ driver\\ not\\ available.=%0-Treiber nicht verfügbar.\n',
      ),
    ).toEqual([]);
  });
});

describe('arguments inside a tag attribute are still arguments (jenkinsci/jenkins)', () => {
  it("<a href=''{0}/configure''> keeps {0}: MessageFormat fills it either way", () => {
    const en =
      'Hudson.NoJavaInPath=java is not in your PATH. Maybe you need to <a href="{0}/configure">configure JDKs</a>?\n';
    const ru =
      "Hudson.NoJavaInPath=java не найдена в директориях PATH. Возможно, вам нужно <a href=''{0}/configure''>сконфигурировать JDK</a>?\n";
    expect(errors(qa('properties', ['Messages.properties', 'Messages_ru.properties'], en, ru, 'ru'))).toEqual(
      [],
    );
    const lost = 'Hudson.NoJavaInPath=java не найдена. <a href="/configure">Сконфигурировать JDK</a>?\n';
    expect(
      errors(qa('properties', ['Messages.properties', 'Messages_ru.properties'], en, lost, 'ru')),
    ).toEqual(['error placeholder-missing Hudson.NoJavaInPath: missing placeholder {0}']);
  });
});
