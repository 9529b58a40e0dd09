import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatModule } from '../../src/formats/model.ts';
import { propertiesFormat } from '../../src/formats/properties/index.ts';
import { stringsFormat } from '../../src/formats/strings/index.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

function edit(
  format: FormatModule,
  target: string | Uint8Array,
  source: string,
  set: Record<string, string> = {},
  remove: string[] = [],
) {
  const changes = { source: bytes(source), set: new Map(Object.entries(set)), remove: new Set(remove) };
  return format.edit!(typeof target === 'string' ? bytes(target) : target, changes, { targetLang: 'de' });
}

const EN_PROPS = `# Storefront bundle
page.home.title = Welcome to Acme
page.cart.title = Your cart

# {0} is the number of products
catalog.count = Showing {0} products
catalog.empty = No products match your filters.
checkout.terms = By placing your order you agree to our \\
                 terms of service.
checkout.button = Place order
`;

// A German bundle in ASCII with \\u escapes (native2ascii), its own order and its own comments.
const DE_PROPS = `# Deutsche Texte, bitte mit "Sie"
page.cart.title = Ihr Warenkorb
page.home.title = Willkommen bei Acme

# Anzahl der Produkte
catalog.count = {0} Produkte werden angezeigt
checkout.terms = Mit Ihrer Bestellung stimmen Sie unseren \\
                 Gesch\\u00e4ftsbedingungen zu.
checkout.button = Bestellung aufgeben
`;

describe('properties edit', () => {
  it('inserts after the preceding source key, escaping non-ASCII as the ASCII file does', () => {
    const out = text(
      edit(propertiesFormat, DE_PROPS, EN_PROPS, { 'catalog.empty': 'Keine Produkte für Ihre Filter.' }),
    );
    expect(out).toBe(
      DE_PROPS.replace(
        'catalog.count = {0} Produkte werden angezeigt\n',
        'catalog.count = {0} Produkte werden angezeigt\ncatalog.empty = Keine Produkte f\\u00fcr Ihre Filter.\n',
      ),
    );
  });

  it('inserts the first source key before the first one the target holds, below the header comment', () => {
    const de = 'page.cart.title=Ihr Warenkorb\n';
    expect(text(edit(propertiesFormat, de, EN_PROPS, { 'page.home.title': 'Willkommen' }))).toBe(
      'page.home.title=Willkommen\npage.cart.title=Ihr Warenkorb\n',
    );
  });

  it('removes an entry with its continuation lines, and one with its comment', () => {
    expect(text(edit(propertiesFormat, DE_PROPS, EN_PROPS, {}, ['checkout.terms']))).toBe(
      DE_PROPS.replace(/checkout\.terms[\s\S]*?zu\.\n/, ''),
    );
    expect(text(edit(propertiesFormat, DE_PROPS, EN_PROPS, {}, ['catalog.count']))).toBe(
      DE_PROPS.replace('# Anzahl der Produkte\ncatalog.count = {0} Produkte werden angezeigt\n', ''),
    );
  });

  it('keeps ISO-8859-1 bytes and CRLF, and appends at the end of a file without a final line break', () => {
    const de = Buffer.from('gruss=Gr\u00fc\u00dfe\r\nende=Ende', 'latin1');
    const en = 'gruss=Hello\nende=End\nneu=New\n';
    const out = edit(propertiesFormat, de, en, { neu: 'Gr\u00f6\u00dfer' });
    expect(Buffer.from(out).toString('latin1')).toBe(
      'gruss=Gr\u00fc\u00dfe\r\nende=Ende\r\nneu=Gr\u00f6\u00dfer',
    );
    expect(out[out.length - 1]).toBe('r'.charCodeAt(0));
  });

  it('fills a target that holds only a comment without a final line break', () => {
    expect(
      text(
        edit(propertiesFormat, '# leer', EN_PROPS, { 'catalog.empty': 'Nichts', 'page.home.title': 'Start' }),
      ),
    ).toBe('# leer\npage.home.title = Start\ncatalog.empty = Nichts');
  });

  it('returns the target itself when there is nothing to do, and patches the copy Java reads of a repeated key', () => {
    const de = bytes(DE_PROPS);
    expect(edit(propertiesFormat, de, EN_PROPS)).toBe(de);
    // java.util.Properties keeps the last of a repeated key: that copy is the unit `a`.
    expect(new TextDecoder().decode(edit(propertiesFormat, 'a=1\na=2\n', 'a=x\n', { a: 'y' }))).toBe(
      'a=1\na=y\n',
    );
  });
});

const EN_STRINGS = `/* Title of the notes list */
"notes.title" = "Notes";

/* Button to create a new note */
"notes.new" = "New note";

// Tab bar
"tab.folders" = "Folders";

/* Multi-line
   alert text */
"offline.message" = "You are offline.";
`;

const DE_STRINGS = `/* Localizable.strings (German) */

/* Multi-line
   alert text */
"offline.message" = "Sie sind offline.";

/* Title of the notes list */
"notes.title" = "Notizen";

// Tab bar
"tab.folders" = "Ordner";
`;

describe('strings edit', () => {
  it('edits a file that starts with a blank line above a comment (the comment scan once never ended)', () => {
    const target =
      '\n/* Title of the notes list */\n"notes.title" = "Notizen";\n"notes.delete" = "Löschen";\n';
    const source = '/* Title of the notes list */\n"notes.title" = "Notes";\n"notes.trash" = "Delete";\n';
    const out = text(edit(stringsFormat, target, source, { 'notes.trash': 'Papierkorb' }, ['notes.delete']));
    expect(out).toBe(
      '\n/* Title of the notes list */\n"notes.title" = "Notizen";\n"notes.trash" = "Papierkorb";\n',
    );
  });
  it('inserts with the source comment and the blank line the target puts between entries', () => {
    const out = text(edit(stringsFormat, DE_STRINGS, EN_STRINGS, { 'notes.new': 'Neue Notiz "1"' }));
    expect(out).toBe(
      DE_STRINGS.replace(
        '"notes.title" = "Notizen";\n',
        '"notes.title" = "Notizen";\n\n/* Button to create a new note */\n"notes.new" = "Neue Notiz \\"1\\"";\n',
      ),
    );
  });

  it('removes an entry with its block comment and one blank line', () => {
    expect(text(edit(stringsFormat, DE_STRINGS, EN_STRINGS, {}, ['offline.message']))).toBe(
      '/* Localizable.strings (German) */\n\n/* Title of the notes list */\n"notes.title" = "Notizen";\n\n// Tab bar\n"tab.folders" = "Ordner";\n',
    );
    expect(text(edit(stringsFormat, DE_STRINGS, EN_STRINGS, {}, ['tab.folders']))).toBe(
      DE_STRINGS.replace('\n// Tab bar\n"tab.folders" = "Ordner";\n', ''),
    );
  });

  it('keeps UTF-16 with its BOM, and the compact layout of a file without comments', () => {
    const de = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('"a"="A";\r\n"c"="C";\r\n', 'utf16le')]);
    const out = edit(stringsFormat, de, '"a" = "x";\n"b" = "y";\n"c" = "z";\n', { b: 'Bé' });
    expect([...out.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(Buffer.from(out.subarray(2)).toString('utf16le')).toBe('"a"="A";\r\n"b"="Bé";\r\n"c"="C";\r\n');
  });

  it('throws a FormatError with line and column for a target that does not parse', () => {
    try {
      edit(stringsFormat, '"a" = "A";\n"b" = "B"\n"c" = "C";\n', EN_STRINGS, { 'notes.new': 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).line).toBeGreaterThan(1);
    }
  });
});
