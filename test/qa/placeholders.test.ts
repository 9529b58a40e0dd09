import { describe, expect, it } from 'vitest';
import { XLIFF12_INLINE } from '../../src/formats/xliff12/read.ts';
import { placeholderIssues } from '../../src/qa/placeholders.ts';

const check = (source: string, target: string, xliff = false) =>
  placeholderIssues([source], [target], xliff ? { inlineCodes: XLIFF12_INLINE } : {}).map(
    (i) => `${i.rule} ${i.severity}: ${i.message}`,
  );

/** One row per placeholder style the formats library knows: a source, and the same with it renamed. */
const STYLES: [style: string, placeholder: string, renamed: string][] = [
  ['printf', '%s', '%d'],
  ['printf with flags', '%.2f', '%.2s'],
  ['Apple object', '%@', '%s'],
  ['Apple long', '%lld', '%@'],
  ['positional (Android, Apple)', '%1$s', '%2$s'],
  ['Apple stringsdict variable', '%#@files@', '%#@fichiers@'],
  ['Apple stringsdict variable, positional', '%1$#@files@', '%1$#@fichiers@'],
  ['Python named', '%(name)s', '%(nom)s'],
  ['Ruby / Rails named', '%{name}', '%{nom}'],
  ['Ruby format', '%<name>s', '%<nom>s'],
  ['ICU argument', '{name}', '{nom}'],
  ['ICU numbered (Java MessageFormat)', '{0}', '{1}'],
  ['ICU formatted', '{n, number}', '{m, number}'],
  ['i18next', '{{name}}', '{{nom}}'],
  ['i18next unescaped', '{{- html}}', '{{- text}}'],
  ['i18next nesting', '$t(common.ok)', '$t(common.yes)'],
  ['HTML empty tag', '<br/>', '<hr/>'],
];

describe('placeholders of every style', () => {
  for (const [style, p, renamed] of STYLES) {
    const source = `Total: ${p} today`;
    it(`${style} ${p}: dropped, added and renamed are found`, () => {
      const severity = p.startsWith('<') ? 'warning' : 'error';
      expect(check(source, 'Heute insgesamt')).toEqual([
        `placeholder-missing ${severity}: missing placeholder ${p}`,
      ]);
      expect(check('Total today', `Heute ${p} insgesamt`)).toEqual([
        `placeholder-extra ${severity}: extra placeholder ${p} (not in the source)`,
      ]);
      expect(check(source, `Heute insgesamt ${renamed}`)).toEqual([
        `placeholder-renamed ${severity}: placeholder ${p} is written ${renamed} in the translation`,
      ]);
      expect(check(source, `Heute insgesamt ${p}`)).toEqual([]);
    });
  }

  it('compares by meaning: ICU spacing and tag attributes may differ', () => {
    expect(check('{n, number} items', '{ n, number } Artikel')).toEqual([]);
    expect(check('<a href="/terms">terms</a>', '<a href="/de/agb">AGB</a>')).toEqual([]);
  });

  it('a renamed tag pair is two renames; HTML tags are warnings', () => {
    expect(check('<b>Save</b> now', '<strong>Jetzt</strong> sichern')).toEqual([
      'placeholder-renamed warning: placeholder <b> is written <strong> in the translation',
      'placeholder-renamed warning: placeholder </b> is written </strong> in the translation',
    ]);
  });

  it('unnumbered printf conversions must keep their order; positional ones may move', () => {
    expect(check('Uploaded %d files to %s', 'Nach %s wurden %d Dateien hochgeladen')).toEqual([
      'placeholder-order error: placeholders %d %s are reordered as %s %d: unnumbered printf placeholders are filled in order; write %1$… positions to reorder them',
    ]);
    expect(check('Uploaded %1$d files to %2$s', 'Nach %2$s wurden %1$d Dateien hochgeladen')).toEqual([]);
  });

  it('more placeholders lost than added: reported one by one, not as renames', () => {
    expect(check('%1$s sent %2$d photos to %3$s', '%1$s hat Fotos gesendet an %4$s')).toEqual([
      'placeholder-missing error: missing placeholder %2$d',
      'placeholder-missing error: missing placeholder %3$s',
      'placeholder-extra error: extra placeholder %4$s (not in the source)',
    ]);
  });

  it('an apostrophe is text, not ICU quoting: French elision keeps the argument', () => {
    expect(check("Open {name}'s profile", "Ouvrir le profil d'{name}")).toEqual([]);
  });

  it('ICU: `#` in a plural is its count, the same as the argument; select branches may differ', () => {
    const source = '{count, plural, =0{No messages} other{{count} messages}}';
    expect(check(source, '{count, plural, =0{Keine Nachrichten} other{# Nachrichten}}')).toEqual([]);
    expect(check('{n, plural, one {# item} other {# items}}', '{n, plural, other {{n} Artikel}}')).toEqual(
      [],
    );
    expect(check(source, '{count, plural, =0{Keine Nachrichten} other{{total} Nachrichten}}')).toEqual([
      'placeholder-renamed error: placeholder {count} is written {total} in the translation',
    ]);
    expect(
      check(
        '{g, select, female {She} other {They}} left',
        '{g, select, male {Er} female {Sie} other {Sie}} ging',
      ),
    ).toEqual([]);
  });

  it('percent signs in prose are not placeholders', () => {
    expect(check('100% sure, 50%% off', 'Zu 100 % sicher, 50%% Rabatt')).toEqual([]);
  });

  it('XLIFF: inline codes are compared with their ids and are errors; escaped markup is text', () => {
    const source = 'Hi <x id="INTERPOLATION"/>, read the <terms>';
    expect(check(source, 'Hallo <x id="INTERPOLATION"/>, lies die <AGB>', true)).toEqual([]);
    expect(check(source, 'Hallo <x id="INTERPOLATION_1"/>, lies die <AGB>', true)).toEqual([
      'placeholder-renamed error: placeholder <x id="INTERPOLATION"/> is written <x id="INTERPOLATION_1"/> in the translation',
    ]);
  });

  it('plural forms: the union is compared, so a form may leave the number out', () => {
    const one = placeholderIssues(['%d song', '%d songs'], ['Ein Lied', '%d Lieder']);
    expect(one).toEqual([]);
    const lost = placeholderIssues(['%d song', '%d songs'], ['Ein Lied', 'Lieder']);
    expect(lost.map((i) => i.message)).toEqual(['missing placeholder %d']);
  });

  it('printf by argument: %1$d is the first %d (duckduckgo/iOS, lwouis/alt-tab-macos); %2$@ %1$@ may reorder', () => {
    expect(check('%d trackers blocked', '%1$d Tracker blockiert')).toEqual([]);
    expect(check('%@ — last seen %@', '%1$@ — zuletzt gesehen %2$@')).toEqual([]);
    expect(check('%@ — last seen %@', 'Zuletzt %2$@ gesehen: %1$@')).toEqual([]);
    expect(check('%.1f MB', '%.2f MB')).toEqual([]);
    expect(check('%lld posts', '%ld Beiträge')).toEqual([]);
    // The argument an Int is passed as is read as an object: a crash at run time.
    expect(check('%d trackers blocked', '%1$@ Tracker blockiert')).toEqual([
      'placeholder-renamed error: placeholder %d is written %1$@ in the translation',
    ]);
    expect(check('%@ of %d', '%1$@ von %3$d')).toEqual([
      'placeholder-renamed error: placeholder %d is written %3$d in the translation',
    ]);
  });

  it('a placeholder used twice, or once per Symfony pipe alternative, is not extra (symfony/validator)', () => {
    const source =
      'This value is too long. It should have {{ limit }} character or less.|This value is too long. It should have {{ limit }} characters or less.';
    const ru =
      'Значение слишком длинное. Должно быть равно {{ limit }} символу или меньше.|Значение слишком длинное. Должно быть равно {{ limit }} символам или меньше.|Значение слишком длинное. Должно быть равно {{ limit }} символам или меньше.';
    expect(check(source, ru)).toEqual([]);
    expect(check('{1} one item|]1,Inf[ %count% items', '{1} ein Element|]1,Inf[ %count% Elemente')).toEqual(
      [],
    );
    expect(check('Hello {name}', 'Hallo {name}, {name}!')).toEqual([]);
    // A second unnumbered conversion is a second argument the caller never passes.
    expect(check('Hello %s', 'Hallo %s, %s!')).toEqual([
      'placeholder-extra error: extra placeholder %s (not in the source)',
    ]);
  });
});

describe('the rule set every reader shares (the workbench, machine translation, the pull request body)', () => {
  it('passes a faithful translation', () => {
    expect(
      check('Hello {name}, %d <b>new</b> {{x}} $t(a)', 'Hallo {name}, %d <b>neue</b> {{x}} $t(a)'),
    ).toEqual([]);
  });

  it('reports a lost argument, and one written as another of its family as renamed', () => {
    expect(check('Hello {name}, you have %d', 'Hallo {nom}')).toEqual([
      'placeholder-renamed error: placeholder {name} is written {nom} in the translation',
      'placeholder-missing error: missing placeholder %d',
    ]);
  });

  it('counts tags and unnumbered printf arguments; other placeholders by presence', () => {
    expect(check('%s and %s', '%s')).toEqual(['placeholder-missing error: missing placeholder %s']);
    expect(check('<br/>', '<br/><br/>')).toEqual([
      'placeholder-extra warning: extra placeholder <br/> (not in the source)',
    ]);
    expect(check('{name} or {name}', '{name}')).toEqual([]);
  });

  it('flags reordered unnumbered printf but lets positional and named ones move', () => {
    expect(check('%s has %d', '%d hat %s')).toEqual([
      'placeholder-order error: placeholders %s %d are reordered as %d %s: unnumbered printf placeholders are filled in order; write %1$… positions to reorder them',
    ]);
    expect(check('%1$s has %2$d', '%2$d hat %1$s')).toEqual([]);
    expect(check('{a} {b}', '{b} {a}')).toEqual([]);
    expect(check('%(a)s %(b)s', '%(b)s %(a)s')).toEqual([]);
  });

  it('compares ICU and i18next arguments by meaning, tags by name', () => {
    expect(check('{n, number}', '{ n,number }')).toEqual([]);
    expect(check('{{ x }}', '{{x}}')).toEqual([]);
    expect(check('<a href="/help">help</a>', '<a href="/hilfe">Hilfe</a>')).toEqual([]);
    expect(check('<b>x</b>', '<i>x</i>')).toEqual([
      'placeholder-renamed warning: placeholder <b> is written <i> in the translation',
      'placeholder-renamed warning: placeholder </b> is written </i> in the translation',
    ]);
  });

  it('accepts other plural branches in the target and still checks the argument', () => {
    const source = '{count, plural, one {# file by {user}} other {# files by {user}}}';
    const ru =
      '{count, plural, one {# файл от {user}} few {# файла от {user}} many {# файлов от {user}} other {# файла от {user}}}';
    expect(check(source, ru)).toEqual([]);
    expect(check(source, '{count, plural, other {# ファイル}}')).toEqual([
      'placeholder-missing error: missing placeholder {user}',
    ]);
    expect(check(source, '{n, plural, other {# files by {user}}}')).toEqual([
      'placeholder-renamed error: placeholder {count, plural, one { is written {n, plural, other { in the translation',
    ]);
  });
});
