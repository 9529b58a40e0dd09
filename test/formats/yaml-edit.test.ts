import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { PluralForms } from '../../src/formats/model.ts';
import { targetTranslations } from '../../src/formats/target.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

function edit(
  target: string,
  source: string,
  set: Record<string, string | PluralForms> = {},
  remove: string[] = [],
  targetLang = 'de',
): string {
  const changes = { source: bytes(source), set: new Map(Object.entries(set)), remove: new Set(remove) };
  return text(yamlFormat.edit!(bytes(target), changes, { targetLang }));
}

const EN = `# Storefront strings
en:
  layouts:
    application:
      title: "Acme Store — %{section}"
      # The tagline under the logo
      tagline: 'Everything you need'
      search: Search
  products:
    index:
      heading: Products
      empty: "No products yet."
      count:
        one: "%{count} product"
        other: "%{count} products"
    show:
      price: "Price: %{amount}"
      stock:
        zero: Out of stock
        one: Only one left
        other: "%{count} in stock"
`;

// The German file a translator keeps: its own comments, products before layouts, some keys missing.
const DE = `# Deutsche Texte — bitte "Sie" verwenden
de:
  products:
    index:
      # Überschrift der Liste
      heading: Produkte
      count:
        one: "%{count} Produkt"
        other: "%{count} Produkte"
  layouts:
    application:
      title: "Acme-Laden — %{section}"
      search: Suchen
`;

describe('yaml edit: in place', () => {
  it('patches a held unit and keeps the de: root, comments and order', () => {
    expect(edit(DE, EN, { 'layouts.application.search': 'Suche' })).toBe(DE.replace('Suchen', 'Suche'));
  });

  it('keeps a target plural form the translation does not give (Rails zero:, Russian few/many)', () => {
    const en = 'en:\n  files:\n    zero: No files\n    one: "%{count} file"\n    other: "%{count} files"\n';
    const ru =
      'ru:\n  files:\n    zero: Нет файлов\n    one: "%{count} файл"\n    few: "%{count} файла"\n    many: "%{count} файлов"\n    other: "%{count} файла"\n';
    const out = edit(ru, en, { files: { one: '%{count} файл!', other: '%{count} файла' } }, [], 'ru');
    expect(out).toBe(ru.replace('"%{count} файл"', '"%{count} файл!"'));
  });
});

describe('yaml edit: insertions', () => {
  it('inserts after the preceding source sibling, in the quoting of the neighbour', () => {
    // tagline comes after title in the source: it goes after title, double-quoted like title.
    expect(edit(DE, EN, { 'layouts.application.tagline': 'Alles, was Sie brauchen' })).toBe(
      DE.replace('%{section}"\n', '%{section}"\n      tagline: "Alles, was Sie brauchen"\n'),
    );
  });

  it('inserts before the following sibling (above its comment) when no preceding one is held', () => {
    const de = 'de:\n  products:\n    index:\n      # Leer\n      empty: Noch keine Produkte.\n';
    expect(edit(de, EN, { 'products.index.heading': 'Produkte' })).toBe(
      'de:\n  products:\n    index:\n      heading: Produkte\n      # Leer\n      empty: Noch keine Produkte.\n',
    );
  });

  it('inserts after a sibling with nested lines, not inside it', () => {
    expect(edit(DE, EN, { 'products.index.empty': 'Noch keine Produkte.' })).toBe(
      DE.replace('      heading: Produkte\n', '      heading: Produkte\n      empty: Noch keine Produkte.\n'),
    );
  });

  it('creates a missing map nested as in the source, with Rails zero: kept for German', () => {
    const out = edit(DE, EN, {
      'products.show.price': 'Preis: %{amount}',
      'products.show.stock': { zero: 'Ausverkauft', one: 'Nur noch eins', other: '%{count} auf Lager' },
    });
    expect(out).toBe(
      DE.replace(
        '        other: "%{count} Produkte"\n',
        '        other: "%{count} Produkte"\n    show:\n      price: "Preis: %{amount}"\n      stock:\n        zero: Ausverkauft\n        one: Nur noch eins\n        other: "%{count} auf Lager"\n',
      ),
    );
  });

  it('inserts a Russian plural with the categories Russian needs', () => {
    const ru = 'ru:\n  products:\n    index:\n      heading: Товары\n';
    const out = edit(
      ru,
      EN,
      {
        'products.index.count': {
          one: '%{count} товар',
          few: '%{count} товара',
          many: '%{count} товаров',
          other: '%{count} товара',
        },
      },
      [],
      'ru',
    );
    expect(out).toBe(
      'ru:\n  products:\n    index:\n      heading: Товары\n      count:\n        one: "%{count} товар"\n        few: "%{count} товара"\n        many: "%{count} товаров"\n        other: "%{count} товара"\n',
    );
  });

  it('keeps CRLF, the BOM and four-space indentation; works at a last line without a line break', () => {
    const en = 'en:\r\n    a: A\r\n    b: B\r\n';
    const de = '\ufeffde:\r\n    a: Ah';
    expect(edit(de, en, { b: 'Be' })).toBe('\ufeffde:\r\n    a: Ah\r\n    b: Be');
  });

  it('writes multi-line text as a block scalar where the source writes one', () => {
    const en = 'en:\n  title: Hi\n  footer: |\n    Acme Inc.\n    Main Street\n';
    expect(edit('de:\n  title: Hallo\n', en, { footer: 'Acme GmbH\nHauptstraße\n' })).toBe(
      'de:\n  title: Hallo\n  footer: |\n    Acme GmbH\n    Hauptstraße\n',
    );
  });
});

describe('yaml edit: removals', () => {
  const de = 'de:\n  # first\n  a: Eins\n  b: Zwei\n  # about c\n  c: |\n    Drei\n    Vier\n  d: Fünf\n';
  const en = 'en:\n  a: A\n  b: B\n  c: C\n  d: D\n';
  it('removes the first, a middle and the last pair with their comments and block lines', () => {
    expect(edit(de, en, {}, ['a'])).toBe(
      'de:\n  b: Zwei\n  # about c\n  c: |\n    Drei\n    Vier\n  d: Fünf\n',
    );
    expect(edit(de, en, {}, ['c'])).toBe('de:\n  # first\n  a: Eins\n  b: Zwei\n  d: Fünf\n');
    expect(edit(de, en, {}, ['d'])).toBe(
      'de:\n  # first\n  a: Eins\n  b: Zwei\n  # about c\n  c: |\n    Drei\n    Vier\n',
    );
  });

  it('removes a map left empty and a whole plural hash', () => {
    expect(edit(DE, EN, {}, ['products.index.heading', 'products.index.count'])).toBe(
      '# Deutsche Texte — bitte "Sie" verwenden\nde:\n  layouts:\n    application:\n      title: "Acme-Laden — %{section}"\n      search: Suchen\n',
    );
  });
});

describe('yaml edit: the Devise CRLF fixture and bad input', () => {
  const de = readFileSync(new URL('../fixtures/yaml/devise-de-crlf.yml', import.meta.url));
  it('removes a key from a CRLF file without touching another line', () => {
    const source = bytes(
      text(de)
        .replace(/^\ufeff/, '')
        .replace('de:', 'en:'),
    );
    const out = yamlFormat.edit!(
      de,
      { source, set: new Map(), remove: new Set(['devise.failure.locked']) },
      { targetLang: 'de' },
    );
    expect(text(out)).toBe(text(de).replace('      locked: "Ihr Konto ist gesperrt."\r\n', ''));
  });

  it('throws a FormatError with line and column for a target that does not parse', () => {
    const bad = 'de:\n  a: "Eins\n  b: [Zwei\n';
    expect(() => edit(bad, 'en:\n  a: A\n', { a: 'x' })).toThrow(FormatError);
  });

  it('falls back to the source layout for a unit in a sequence, keeping every translation', () => {
    const en = 'en:\n  title: Hi\n  days: [Sun, Mon]\n';
    const out = yamlFormat.edit!(
      bytes('de:\n  title: Hallo\n'),
      {
        source: bytes(en),
        set: new Map([
          ['days[0]', 'So'],
          ['days[1]', 'Mo'],
        ]),
        remove: new Set(),
      },
      { targetLang: 'de' },
    );
    expect(targetTranslations(yamlFormat, out, 'de')).toEqual(
      new Map([
        ['title', 'Hallo'],
        ['days[0]', 'So'],
        ['days[1]', 'Mo'],
      ]),
    );
  });
});

describe('yaml edit: quoted scalars over several lines (read as Psych reads them)', () => {
  const SOURCE = readFileSync(
    new URL('../fixtures/yaml/ofn-multiline-quoted-en.yml', import.meta.url),
    'utf8',
  );
  // People's French file: the message over three lines at the key's column, as in the source.
  const FR = `fr:
  errors:
    not_found:
      message_html: "<b>Veuillez essayer à nouveau</b>
      <p>Il s'agit peut-être d'un problème temporaire.</p>
      <b>Contacter notre support</b>"
    internal_server_error:
      title: "Désolé, une erreur s'est produite (500)"
`;

  it('writes a source unit over several lines into a target as one line in our style', () => {
    const target = 'fr:\n  errors:\n    not_found:\n      title: "Introuvable (404)"\n';
    const out = edit(target, SOURCE, {
      'errors.not_found.message_html': '<b>Réessayez</b> <p>Un problème.</p>',
    });
    expect(out).toBe(
      'fr:\n  errors:\n    not_found:\n      title: "Introuvable (404)"\n      message_html: "<b>Réessayez</b> <p>Un problème.</p>"\n',
    );
  });

  it("keeps people's multi-line scalar byte for byte and inserts after its last line", () => {
    const out = edit(FR, SOURCE, { 'errors.not_found.title': 'Introuvable (404)' }, [], 'fr');
    expect(out).toBe(FR.replace('    not_found:\n', '    not_found:\n      title: "Introuvable (404)"\n'));
    const after = edit(FR, SOURCE, {}, [], 'fr');
    expect(after).toBe(FR);
    const read = targetTranslations(yamlFormat, bytes(FR), 'fr').get('errors.not_found.message_html');
    expect(read).toBe(
      "<b>Veuillez essayer à nouveau</b> <p>Il s'agit peut-être d'un problème temporaire.</p> <b>Contacter notre support</b>",
    );
  });

  it('replaces every line of a changed multi-line scalar, and removes every line of a removed one', () => {
    const changed = edit(FR, SOURCE, { 'errors.not_found.message_html': 'Nouveau' }, [], 'fr');
    expect(changed).toBe(FR.replace(/"<b>Veuillez[^"]*"/, '"Nouveau"'));
    const source = 'en:\n  errors:\n    internal_server_error:\n      title: x\n';
    const removed = edit(FR, source, {}, ['errors.not_found.message_html'], 'fr');
    expect(removed).toBe(
      'fr:\n  errors:\n    internal_server_error:\n      title: "Désolé, une erreur s\'est produite (500)"\n',
    );
  });

  it('inserts after a pair whose multi-line value ends left of its key, not inside it', () => {
    const target = 'de:\n  signup_text: "Danke.\n  Bis bald."\n';
    const source = 'en:\n  signup_text: "Thanks.\n  See you."\n  help: "Help"\n';
    expect(edit(target, source, { help: 'Hilfe' })).toBe(`${target}  help: "Hilfe"\n`);
  });

  it('removes every line of a removed pair whose value ends at its key column', () => {
    const target = 'de:\n  signup_text: "Danke.\n  Bis bald."\n  help: "Hilfe"\n';
    expect(edit(target, 'en:\n  help: "Help"\n', {}, ['signup_text'])).toBe('de:\n  help: "Hilfe"\n');
  });
});

describe('yaml edit: a repeated key, read as Psych reads it (the last copy)', () => {
  // openfoodnetwork's en.yml repeats `report_header_shipping_method`: the phantom earlier copy
  // made the edit give up and rewrite people's whole target from the source's layout.
  const SOURCE =
    'en:\n  shipping: Shipping Method\n  save: Save\n  shipping: "Shipping Method"\n  cancel: Cancel\n';

  it('inserts into a target without rewriting it, where the source repeats a key', () => {
    const target = '# Russian\nru:\n  shipping: "Способ Доставки"\n  save: Сохранить\n';
    expect(edit(target, SOURCE, { cancel: 'Отмена' }, [], 'ru')).toBe(`${target}  cancel: Отмена\n`);
  });

  it('patches the last copy of a key the target repeats, and removes every copy of a removed one', () => {
    const target = 'ru:\n  shipping: "Доставка"\n  save: Сохранить\n  shipping: "Способ Доставки"\n';
    expect(edit(target, SOURCE, { shipping: 'Способ доставки' }, [], 'ru')).toBe(
      target.replace('"Способ Доставки"', '"Способ доставки"'),
    );
    expect(edit(target, 'en:\n  save: Save\n', {}, ['shipping'], 'ru')).toBe('ru:\n  save: Сохранить\n');
  });
});
