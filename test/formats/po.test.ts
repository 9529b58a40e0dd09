import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as gettextParser from 'gettext-parser';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { PluralCategory, PluralForms, Unit } from '../../src/formats/model.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import { describeFormat } from './store-suite.ts';

const fixtures = ['de.po', 'messages.pot', 'ru.po', 'ja-crlf.po'].map((f) => `test/fixtures/po/${f}`);
describe('po into Russian', () => describeFormat(poFormat, { fixtures, bilingual: true, targetLang: 'ru' }));
describe('po into Arabic', () => describeFormat(poFormat, { fixtures, bilingual: true, targetLang: 'ar' }));

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const parse = (s: string) => poFormat.parse(enc(s));
const render = (s: string, t: Record<string, string | PluralForms>, targetLang = 'de') =>
  dec(poFormat.render(enc(s), new Map(Object.entries(t)), { targetLang }));
const byId = (units: Unit[]) => new Map(units.map((u) => [u.id, u]));
const HEADER = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n';

describe('po: units', () => {
  const units = byId(poFormat.parse(readFileSync('test/fixtures/po/de.po')));

  it('keys entries by msgctxt\\u0004msgid, skipping the header and obsolete entries', () => {
    expect([...units.keys()]).toContain('menu\u0004Open');
    expect([...units.keys()]).toContain('file state\u0004Open');
    expect(units.get('menu\u0004Open')).toMatchObject({ source: 'Open', target: 'Öffnen', context: 'menu' });
    expect([...units.keys()]).not.toContain('');
    expect([...units.keys()]).not.toContain('Sync now');
    expect(units.size).toBe(10);
  });

  it('reads comments as notes and flags as flags', () => {
    expect(units.get('Acme Notes')!.notes).toEqual([
      'Title of the main window',
      'References: src/window.c:42',
    ]);
    expect(units.get('Synced %d of %d notes')!.notes[0]).toBe('Translators: keep the placeholder order.');
    expect(units.get('Sync every %d minutes')).toMatchObject({
      flags: ['fuzzy'],
      notes: ['References: src/prefs.c:230', 'Previous: msgid "Sync every %d minute"'],
    });
  });

  it('joins multi-line strings and unescapes them', () => {
    expect(units.get('Path: C:\\Users\\%s\\Notes\tTab')!.source).toBe('Path: C:\\Users\\%s\\Notes\tTab');
    const help = [...units.values()].find((u) => u.source.startsWith('Notes are stored'))!;
    expect(help.source).toContain('Use "Export" to save');
    expect(help.target).toMatch(/Text\.\nMit Strg\+S speichern\.$/);
  });

  it('reads plural entries as one/other sources and maps msgstr[n] through Plural-Forms', () => {
    expect(units.get('%d note')).toMatchObject({
      source: '%d notes',
      sourcePlural: { one: '%d note', other: '%d notes' },
      targetPlural: { one: '%d Notiz', other: '%d Notizen' },
    });
    expect(units.get('One folder selected')!.targetPlural).toBeUndefined();
    const ru = byId(poFormat.parse(readFileSync('test/fixtures/po/ru.po')));
    expect(ru.get('%d task')!.targetPlural).toEqual({
      one: '%d задача',
      few: '%d задачи',
      many: '%d задач',
      other: '%d задач',
    });
  });

  it('reads the same messages as gettext-parser', () => {
    for (const name of ['de.po', 'ru.po', 'messages.pot']) {
      const bytes = readFileSync(`test/fixtures/po/${name}`);
      const theirs = new Map<string, string[]>();
      for (const [ctx, messages] of Object.entries(gettextParser.po.parse(bytes).translations)) {
        for (const [msgid, m] of Object.entries(messages)) {
          if (msgid !== '' || ctx !== '') theirs.set(ctx ? `${ctx}\u0004${msgid}` : msgid, m.msgstr);
        }
      }
      const ours = poFormat.parse(bytes);
      expect(ours.map((u) => u.id).sort()).toEqual([...theirs.keys()].sort());
      for (const unit of ours) {
        const msgstr = theirs.get(unit.id)!;
        if (unit.sourcePlural)
          expect(unit.targetPlural === undefined, unit.id).toBe(msgstr.every((m) => m === ''));
        else expect(unit.target ?? '', unit.id).toBe(msgstr[0]);
      }
    }
  });

  it('refuses malformed files with line and column', () => {
    const cases: [string, RegExp, number, number][] = [
      ['msgid "a\nmsgstr ""\n', /unterminated/, 1, 7],
      ['msgid "a"\n', /before the msgstr/, 1, 1],
      ['msgid "a"\nmsgstr "b\\q"\n', /invalid escape/, 2, 10],
      ['msgid "a"\nmsgstr "b"\nbogus "c"\n', /unexpected text/, 3, 1],
      ['msgid "a"\nmsgstr[0] "b"\n', /without msgid_plural/, 2, 1],
      ['msgid "a"\nmsgid_plural "as"\nmsgstr[1] "b"\n', /msgstr\[0\]/, 3, 1],
      ['msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', /duplicate/, 4, 1],
      ['msgid "a" x\nmsgstr ""\n', /after a string/, 1, 11],
    ];
    for (const [src, message, line, column] of cases) {
      try {
        parse(src);
        expect.unreachable(src);
      } catch (error) {
        expect(error, src).toBeInstanceOf(FormatError);
        expect((error as FormatError).message).toMatch(message);
        expect([(error as FormatError).line, (error as FormatError).column], src).toEqual([line, column]);
      }
    }
  });
});

describe('po: render', () => {
  it('writes msgstr, clears fuzzy with its #| lines, keeps other flags', () => {
    const src = `${HEADER}#, fuzzy, c-format\n#| msgid "old %d"\nmsgid "new %d"\nmsgstr "alt %d"\n`;
    expect(render(src, { 'new %d': 'neu %d' })).toBe(
      `${HEADER}#, c-format\nmsgid "new %d"\nmsgstr "neu %d"\n`,
    );
    const onlyFuzzy = `${HEADER}#, fuzzy\nmsgid "a"\nmsgstr "x"\n`;
    expect(render(onlyFuzzy, { a: 'b' })).toBe(`${HEADER}msgid "a"\nmsgstr "b"\n`);
  });

  it('does not write a translation equal to the existing msgstr', () => {
    const src = `${HEADER}msgid "OK"\nmsgstr "D’accord"\n\nmsgid "Yes"\nmsgstr "Ja"\n`;
    expect(render(src, { OK: 'D’accord', Yes: 'Ja' }, 'fr')).toBe(src);
  });

  it('writes a translation equal to the source: German "Browser" is a translation of "Browser"', () => {
    const src = `${HEADER}msgid "Browser"\nmsgstr ""\n\nmsgid "Icon"\nmsgid_plural "Icons"\nmsgstr[0] ""\nmsgstr[1] ""\n`;
    const out = render(src, { Browser: 'Browser', Icon: { one: 'Icon', other: 'Icons' } }, 'de');
    expect(out).toContain('msgid "Browser"\nmsgstr "Browser"\n');
    expect(out).toContain('msgstr[0] "Icon"\nmsgstr[1] "Icons"\n');
  });

  it('updates Language and Plural-Forms only when a translation is written', () => {
    const pot = readFileSync('test/fixtures/po/messages.pot', 'utf8');
    expect(render(pot, {}, 'ru')).toBe(pot);
    const out = render(pot, { 'Your cart': 'Ваша корзина' }, 'ru');
    expect(out).toContain('"Language: ru\\n"');
    expect(out).toContain(
      '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"',
    );
    // Untranslated plural entries get the target language's number of msgstr[i].
    expect(out).toContain(
      'msgid_plural "You have %(n)d unread messages"\nmsgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n',
    );
    // The template's fuzzy header flag goes: msgfmt would ignore a fuzzy header's Plural-Forms.
    expect(pot).toContain('#, fuzzy\nmsgid ""');
    expect(out).not.toContain('#, fuzzy\nmsgid ""');
    // Nothing else changes: the other header lines and entries keep their bytes.
    const rest = (s: string) =>
      s.split('\n').filter((l) => !/^"(Language|Plural-Forms):|msgstr|^#, fuzzy$/.test(l));
    expect(rest(out)).toEqual(rest(pot));
  });

  it('writes pt-BR as pt_BR and adds a missing Language after Language-Team', () => {
    const src =
      'msgid ""\nmsgstr ""\n"Language-Team: x\\n"\n"MIME-Version: 1.0\\n"\n\nmsgid "a"\nmsgstr ""\n';
    expect(render(src, { a: 'b' }, 'pt-BR')).toBe(
      'msgid ""\nmsgstr ""\n"Language-Team: x\\n"\n"Language: pt_BR\\n"\n"MIME-Version: 1.0\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\nmsgid "a"\nmsgstr "b"\n',
    );
  });

  it('writes plurals for the target language through its gettext formula', () => {
    const src = `${HEADER}msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""\n`;
    const ar = render(
      src,
      { '%d file': { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' } },
      'ar',
    );
    expect(ar).toContain(
      'msgstr[0] "z"\nmsgstr[1] "o"\nmsgstr[2] "t"\nmsgstr[3] "f"\nmsgstr[4] "m"\nmsgstr[5] "x"\n',
    );
    const ja = render(src, { '%d file': { other: '%d 個' } }, 'ja');
    expect(ja).toContain('msgid_plural "%d files"\nmsgstr[0] "%d 個"\n');
    expect(ja).toContain('"Plural-Forms: nplurals=1; plural=0;\\n"');
    const fr = render(
      src,
      { '%d file': { one: '%d fichier', many: '%d de fichiers', other: '%d fichiers' } },
      'fr',
    );
    expect(fr).toContain('msgstr[0] "%d fichier"\nmsgstr[1] "%d fichiers"\n');
  });

  it('keeps the wrapping of an existing msgstr and follows the msgid for a new one', () => {
    const long =
      'Dies ist eine ziemlich lange Übersetzung, die gettext auf mehrere Zeilen umbrechen würde, weil sie lang ist.';
    const wrapped = `${HEADER}msgid ""\n"Short\\n"\n"text"\nmsgstr ""\n\nmsgid "x"\nmsgstr "y"\n`;
    expect(render(wrapped, { 'Short\ntext': 'Kurz\nText', x: long })).toBe(
      `${HEADER}msgid ""\n"Short\\n"\n"text"\nmsgstr ""\n"Kurz\\n"\n"Text"\n\nmsgid "x"\nmsgstr ""\n"Dies ist eine ziemlich lange Übersetzung, die gettext auf mehrere Zeilen "\n"umbrechen würde, weil sie lang ist."\n`,
    );
    // A file written with --no-wrap (no multi-line strings at all) keeps long text on one line.
    // Its header is the German catalog's own and, without plural entries, needs no Plural-Forms.
    const noWrap = `msgid ""\nmsgstr "Language: de\\n"\n\nmsgid "x"\nmsgstr ""\n`;
    expect(render(noWrap, { x: long })).toBe(
      `msgid ""\nmsgstr "Language: de\\n"\n\nmsgid "x"\nmsgstr "${long}"\n`,
    );
  });

  it('escapes quotes, backslashes, tabs and newlines', () => {
    const out = render(`${HEADER}msgid "a"\nmsgstr ""\n`, { a: 'say "hi"\\\t\u0001' });
    expect(out).toContain('msgstr "say \\"hi\\"\\\\\\t\\001"');
    expect(byId(parse(out)).get('a')!.target).toBe('say "hi"\\\t\u0001');
  });

  it('produces files gettext-parser reads back with the same translations', () => {
    const bytes = readFileSync('test/fixtures/po/de.po');
    const out = poFormat.render(bytes, new Map([['menu\u0004Open', 'Ö "ffnen"\n2']]), { targetLang: 'de' });
    const theirs = gettextParser.po.parse(Buffer.from(out));
    expect(theirs.translations['menu']!['Open']!.msgstr).toEqual(['Ö "ffnen"\n2']);
  });
});

// GNU gettext's own checker, where it is installed: our output must be a catalog msgfmt compiles.
const hasMsgfmt = spawnSync('msgfmt', ['--version']).status === 0;

describe('po: output accepted by GNU msgfmt --check', () => {
  /** A translation that keeps format directives and trailing newlines (msgfmt checks both). */
  const wrap = (s: string) => s.replace(/^([\s\S]*?)(\n*)$/, '«$1»$2');
  for (const lang of ['de', 'ru', 'ar', 'ja', 'fr']) {
    it.skipIf(!hasMsgfmt)(`fixtures rendered into ${lang} compile`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'po-msgfmt-'));
      try {
        const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as PluralCategory[];
        for (const name of ['de.po', 'messages.pot', 'ru.po', 'ja-crlf.po']) {
          const bytes = readFileSync(`test/fixtures/po/${name}`);
          const translations = new Map<string, string | PluralForms>();
          for (const u of poFormat.parse(bytes)) {
            if (!u.sourcePlural) translations.set(u.id, wrap(u.source));
            else {
              // Every form from msgid_plural: msgfmt wants its directives in every msgstr[i] but the singular.
              const forms: PluralForms = { other: wrap(u.sourcePlural.other) };
              for (const c of categories) forms[c] = wrap(u.sourcePlural.other);
              translations.set(u.id, forms);
            }
          }
          const file = join(dir, `${lang}-${name}`);
          writeFileSync(file, poFormat.render(bytes, translations, { targetLang: lang }));
          const result = spawnSync('msgfmt', ['--check', '-o', '/dev/null', file], { encoding: 'utf8' });
          expect(result.status, `${name}: ${result.stderr}`).toBe(0);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
