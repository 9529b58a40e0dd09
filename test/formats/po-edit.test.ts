import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { PluralForms } from '../../src/formats/model.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import { targetTranslations } from '../../src/formats/target.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

function edit(
  target: string,
  set: Record<string, string | PluralForms> = {},
  remove: string[] = [],
  lang = 'de',
) {
  const changes = { source: bytes(POT), set: new Map(Object.entries(set)), remove: new Set(remove) };
  return text(poFormat.edit!(bytes(target), changes, { targetLang: lang }));
}

const POT = `# SOME DESCRIPTIVE TITLE.
#, fuzzy
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

#: templates/cart.html:4
msgid "Your cart"
msgstr ""

#: templates/cart.html:9
#, python-format
msgid "%(count)s item"
msgid_plural "%(count)s items"
msgstr[0] ""
msgstr[1] ""

#. Button label, keep it short
#: templates/cart.html:22
msgctxt "button"
msgid "Checkout"
msgstr ""

#: templates/footer.html:2
msgid "Imprint"
msgstr ""
`;

const HEADER = `# German translation.
# Jana Schmidt <jana@example.com>, 2024.
msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
`;

const DE = `${HEADER}
# Jana: bewusst "Warenkorb", nicht "Korb"
#: templates/cart.html:4
msgid "Your cart"
msgstr "Ihr Warenkorb"

#: templates/footer.html:2
msgid "Imprint"
msgstr "Impressum"

#~ msgid "Old label"
#~ msgstr "Altes Etikett"
`;

describe('po edit', () => {
  it('inserts a new entry where the POT puts it, with its comments and msgctxt, one blank line apart', () => {
    expect(edit(DE, { 'button\u0004Checkout': 'Zur Kasse' })).toBe(
      DE.replace(
        '#: templates/footer.html:2',
        '#. Button label, keep it short\n#: templates/cart.html:22\nmsgctxt "button"\nmsgid "Checkout"\nmsgstr "Zur Kasse"\n\n#: templates/footer.html:2',
      ),
    );
  });

  it('writes a new plural entry with the msgstr[n] of the target header (Russian: three)', () => {
    const ru =
      'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\nmsgid "Your cart"\nmsgstr "Корзина"\n';
    const out = edit(
      ru,
      {
        '%(count)s item': {
          one: '%(count)s товар',
          few: '%(count)s товара',
          many: '%(count)s товаров',
          other: '%(count)s товара',
        },
      },
      [],
      'ru',
    );
    expect(out).toBe(
      `${ru}\n#: templates/cart.html:9\n#, python-format\nmsgid "%(count)s item"\nmsgid_plural "%(count)s items"\nmsgstr[0] "%(count)s товар"\nmsgstr[1] "%(count)s товара"\nmsgstr[2] "%(count)s товаров"\n`,
    );
  });

  it('removes an entry with its comments and the blank line before it; obsolete entries stay', () => {
    expect(edit(DE, {}, ['Your cart'])).toBe(
      `${HEADER}\n#: templates/footer.html:2\nmsgid "Imprint"\nmsgstr "Impressum"\n\n#~ msgid "Old label"\n#~ msgstr "Altes Etikett"\n`,
    );
  });

  it('patches a held msgstr in place and keeps the translator comment', () => {
    expect(edit(DE, { Imprint: 'Anbieterkennzeichnung' })).toBe(
      DE.replace('"Impressum"', '"Anbieterkennzeichnung"'),
    );
  });

  it('keeps every translation when entries come and go in one call', () => {
    const out = poFormat.edit!(
      bytes(DE),
      { source: bytes(POT), set: new Map([['button\u0004Checkout', 'Kasse']]), remove: new Set(['Imprint']) },
      { targetLang: 'de' },
    );
    expect(targetTranslations(poFormat, out, 'de')).toEqual(
      new Map([
        ['Your cart', 'Ihr Warenkorb'],
        ['button\u0004Checkout', 'Kasse'],
      ]),
    );
  });

  it('throws a FormatError with line and column for a target that does not parse', () => {
    try {
      edit(`${HEADER}\nmsgid "a"\nmsgstr "b\n`, { Imprint: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).line).toBeGreaterThan(7);
    }
  });
});
