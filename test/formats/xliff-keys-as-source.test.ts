/**
 * Issue 34, finding 11: XLIFF with keys as source (Symfony's `translation:extract`). Symfony's
 * XliffFileLoader shows `target ?? source` under the key `resname ?? source`; in the source
 * language's file (`target-language` = `source-language`) the text is therefore the `<target>`.
 * Fixtures: test/fixtures/xliff12/symfony-messages+intl-icu.*.xlf (cut down from symfony/demo).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editTarget, newTarget, targetTranslations } from '../../src/formats/target.ts';
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';

const dir = 'test/fixtures/xliff12';
const en = new Uint8Array(readFileSync(`${dir}/symfony-messages+intl-icu.en.xlf`));
const de = new Uint8Array(readFileSync(`${dir}/symfony-messages+intl-icu.de.xlf`));
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (s: string) => new TextEncoder().encode(s);

describe('XLIFF 1.2 with keys as source (Symfony)', () => {
  it('the source language file gives the text people read, never the key', () => {
    const units = xliff12Format.parse(en);
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['note', 'NOTE'],
      ['tip', 'TIP'],
      ['http_error.name', 'Error {status_code, number}'],
      [
        'http_error.suggestion',
        'Try loading this page again in some minutes or <a href="{url}">go back to the homepage</a>.',
      ],
      ['menu.admin', 'Backend'],
      ['post.num_comments', '{count, plural, one {# comment} other {# comments}}'],
    ]);
    // Where the text stands: qa and extract point at the <target>, line 8 for `note`.
    expect(units[0]!.location.line).toBe(8);
  });

  it("another language's file keeps the key as its source and its translations as targets", () => {
    const units = xliff12Format.parse(de);
    expect(units[0]).toMatchObject({ id: 'note', source: 'note', target: 'HINWEIS' });
    expect(targetTranslations(xliff12Format, de, 'de').get('note')).toBe('HINWEIS');
  });

  it('a new language is written as Symfony writes it: the <source> key, the translated <target>', () => {
    const translations = new Map([
      ['note', 'REMARQUE'],
      ['http_error.name', 'Erreur {status_code, number}'],
    ]);
    const fr = text(newTarget(xliff12Format, en, translations, { targetLang: 'fr' }));
    expect(fr).toContain('source-language="en" target-language="fr"');
    expect(fr).toContain(
      '<source>note</source>\n                <target state="translated">REMARQUE</target>',
    );
    expect(fr).toContain(
      '<source>http_error.name</source>\n                <target state="translated">Erreur {status_code, number}</target>',
    );
    const read = xliff12Format.parse(bytes(fr));
    expect(read.find((u) => u.id === 'note')).toMatchObject({ source: 'note', target: 'REMARQUE' });
  });

  it("a unit the German file lacks is added with its key; people's translations keep their bytes", () => {
    const changes = { source: en, set: new Map([['tip', 'TIPP']]), remove: new Set<string>() };
    const out = text(editTarget(xliff12Format, de, changes, { targetLang: 'de' }));
    expect(out).toContain('<source>tip</source>');
    expect(xliff12Format.parse(bytes(out)).find((u) => u.id === 'tip')).toMatchObject({
      source: 'tip',
      target: 'TIPP',
    });
    expect(out.replace(/\s*<trans-unit id="tip">[\s\S]*?<\/trans-unit>/, '')).toBe(text(de));
  });

  it('a file translating English text into another language reads its <source> as before', () => {
    const plain = bytes(
      '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="de" datatype="plaintext" original="x"><body><trans-unit id="a"><source>Save</source><target>Speichern</target></trans-unit></body></file></xliff>',
    );
    expect(xliff12Format.parse(plain)[0]).toMatchObject({ source: 'Save', target: 'Speichern' });
  });
});

describe('XLIFF 2 with keys as source (Symfony)', () => {
  const file = (trg: string, target: string) =>
    bytes(
      `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="${trg}"><file id="messages.en-US"><unit id="LCa0a2j" name="note"><segment><source>note</source><target>${target}</target></segment></unit></file></xliff>`,
    );

  it('trgLang = srcLang: the <target> is the text; another trgLang: the <source>', () => {
    expect(xliff2Format.parse(file('en-US', 'NOTE'))[0]).toMatchObject({ source: 'NOTE' });
    expect(xliff2Format.parse(file('de', 'HINWEIS'))[0]).toMatchObject({ source: 'note', target: 'HINWEIS' });
  });

  it('a German file rendered from the English one keeps the key in <source>', () => {
    const out = text(
      newTarget(xliff2Format, file('en-US', 'NOTE'), new Map([['LCa0a2j', 'HINWEIS']]), { targetLang: 'de' }),
    );
    expect(out).toContain('trgLang="de"');
    expect(out).toContain('<source>note</source><target>HINWEIS</target>');
  });
});
