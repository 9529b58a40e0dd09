/**
 * Issue 34, finding 10 (PO): a catalog's own header is the law for that file. Writing into it keeps
 * its Plural-Forms (French nplurals=3, Russian and Belarusian nplurals=4), its `Language: be_BY`
 * and its `#, fuzzy` byte for byte, and plural entries get the file's number of msgstr[i], mapped
 * through the file's own expression; a template's header (xgettext's placeholders) is filled in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { poFormat } from '../../src/formats/po/index.ts';

const bytes = (name: string) => readFileSync(join('test/fixtures/po', name));
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const headerOf = (t: string) => t.slice(0, t.indexOf('\n\n'));
const COUNTER = '%(counter)s result';
const forms: PluralForms = {
  zero: 'Z %(counter)s',
  one: 'O %(counter)s',
  few: 'F %(counter)s',
  many: 'M %(counter)s',
  other: 'X %(counter)s',
};
const msgstrs = (t: string, id: string) => {
  const block = t.split('\n\n').find((b) => b.includes(`msgid "${id}"`))!;
  return [...block.matchAll(/^msgstr\[\d+\] "(.*)"$/gm)].map((m) => m[1]);
};

describe('po: the catalog’s own header', () => {
  it.each([
    ['django-admin-fr.po', 'fr', ['O %(counter)s', 'M %(counter)s', 'X %(counter)s']],
    ['ajenti-be_BY.po', 'be', ['O %(counter)s', 'F %(counter)s', 'M %(counter)s', 'X %(counter)s']],
  ])('%s: header kept byte for byte, msgstr[i] by its own Plural-Forms', (file, lang, expected) => {
    const before = bytes(file);
    const after = text(poFormat.render(before, new Map([[COUNTER, forms]]), { targetLang: lang }));
    expect(headerOf(after)).toBe(headerOf(text(before)));
    expect(msgstrs(after, COUNTER)).toEqual(expected);
    // Read back through the same header: the forms the target language has.
    const unit = poFormat.parse(new TextEncoder().encode(after)).find((u) => u.id === COUNTER)!;
    expect(unit.targetPlural?.one).toBe('O %(counter)s');
    expect(unit.targetPlural?.other).toBe('X %(counter)s');
  });

  it('Russian nplurals=4 (Django): index 3, which no integer reaches, holds other', () => {
    const id = '%(count)s %(name)s was changed successfully.';
    const after = text(
      poFormat.render(bytes('django-admin-ru.po'), new Map([[id, forms]]), { targetLang: 'ru' }),
    );
    expect(headerOf(after)).toBe(headerOf(text(bytes('django-admin-ru.po'))));
    expect(msgstrs(after, id)).toEqual(['O %(counter)s', 'F %(counter)s', 'M %(counter)s', 'X %(counter)s']);
  });

  it('a template’s header gets the target language and its documented Plural-Forms, no longer fuzzy', () => {
    const after = text(
      poFormat.render(bytes('django-admin.pot'), new Map([['Log out', 'Выйти']]), { targetLang: 'ru' }),
    );
    const header = headerOf(after);
    expect(header).toContain('"Language: ru\\n"');
    expect(header).toMatch(/"Plural-Forms: nplurals=3; plural=/);
    expect(header).not.toContain('#, fuzzy');
    expect(msgstrs(after, COUNTER)).toEqual(['', '', '']);
  });

  it('a source catalog in another language, as the shape of a new one, takes the target’s header', () => {
    const fr = text(bytes('django-admin-fr.po'));
    const after = text(
      poFormat.render(new TextEncoder().encode(fr), new Map([[COUNTER, forms]]), { targetLang: 'de' }),
    );
    expect(headerOf(after)).toContain('"Language: de\\n"');
    expect(headerOf(after)).toContain('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"');
    expect(msgstrs(after, COUNTER)).toEqual(['O %(counter)s', 'X %(counter)s']);
  });

  it('a header naming no language keeps its own formula, unless it is a draft (a template’s)', () => {
    const po = (fuzzy: string) =>
      new TextEncoder().encode(
        `${fuzzy}msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n"\n\n#, python-format\nmsgid "%(counter)s result"\nmsgid_plural "%(counter)s results"\nmsgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n`,
      );
    const own = text(poFormat.render(po(''), new Map([[COUNTER, forms]]), { targetLang: 'ru' }));
    expect(headerOf(own)).toBe(headerOf(text(po(''))));
    expect(msgstrs(own, COUNTER)).toHaveLength(3);
    const draft = text(poFormat.render(po('#, fuzzy\n'), new Map([[COUNTER, forms]]), { targetLang: 'de' }));
    expect(headerOf(draft)).toContain('"Language: de\\n"');
    expect(headerOf(draft)).toContain('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"');
    expect(msgstrs(draft, COUNTER)).toEqual(['O %(counter)s', 'X %(counter)s']);
  });
});
