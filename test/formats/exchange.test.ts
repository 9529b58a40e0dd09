import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import { extractXliff, mergeXliff } from '../../src/formats/exchange.ts';
import { applyEdits, decodeText, TextPositions } from '../../src/formats/file-text.ts';
import { decodeXliffId, encodeXliffId } from '../../src/formats/kit/xml/xliff-ids.ts';
import type { FormatModule, PluralCategory, PluralForms, Unit } from '../../src/formats/model.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';

/**
 * A tiny line format for the exchange: `key = value`, `key[one] = …` plural lines, `# note` lines,
 * `key! = …` not translatable, `key => target` marks a bilingual target. Values use `\n` escapes.
 */
const lines: FormatModule = {
  name: 'lines',
  extensions: ['lines'],
  parse(bytes) {
    const decoded = decodeText(bytes);
    const positions = new TextPositions(decoded);
    const units: Unit[] = [];
    let notes: string[] = [];
    const re = /^(.*?)(!?)(?:\[(\w+)\])? = (.*?)(?: => (.*))?$/gm;
    for (const note of decoded.text.matchAll(/^# (.*)$/gm)) notes.push(note[1]!);
    for (const m of decoded.text.matchAll(re)) {
      const [, key = '', locked, category, value = '', target] = m;
      const text = value.replace(/\\n/g, '\n');
      const valueAt = m.index + m[0].indexOf(' = ') + 3;
      const location = positions.location(valueAt, valueAt + value.length);
      const unescapedKey = key.replace(/\\u0004/g, '\u0004');
      const last = units[units.length - 1];
      if (category && last?.id === unescapedKey && last.sourcePlural) {
        last.sourcePlural[category as PluralCategory] = text;
        if (category === 'other') last.source = text;
        continue;
      }
      units.push({
        id: unescapedKey,
        source: text,
        ...(category ? { sourcePlural: { other: text, [category]: text } } : {}),
        ...(target !== undefined ? { target } : {}),
        notes,
        flags: [],
        translatable: !locked,
        location,
      });
      notes = [];
    }
    return units;
  },
  render(original, translations, { targetLang }) {
    const { text } = decodeText(original);
    const edits: { start: number; end: number; replacement: string }[] = [];
    const categories = new Intl.PluralRules(targetLang).resolvedOptions()
      .pluralCategories as PluralCategory[];
    for (const unit of this.parse(original)) {
      const t = translations.get(unit.id);
      if (t === undefined || !unit.translatable) continue;
      const escapeValue = (s: string) => s.replace(/\n/g, '\\n');
      if (typeof t === 'string') {
        if (t === unit.source || t === unit.target) continue;
        edits.push({
          start: unit.location.offset,
          end: unit.location.offset + unit.location.length,
          replacement: escapeValue(t),
        });
      } else if (JSON.stringify(t) !== JSON.stringify(unit.sourcePlural)) {
        const start = text.lastIndexOf('\n', unit.location.offset) + 1;
        const block = new RegExp(`^${unit.id}\\[\\w+\\] = .*\\n?`, 'gm');
        let end = start;
        for (const m of text.slice(start).matchAll(block)) if (m.index === end - start) end += m[0].length;
        const body = categories.map((c) => `${unit.id}[${c}] = ${escapeValue(t[c] ?? t.other)}\n`).join('');
        edits.push({ start, end, replacement: body });
      }
    }
    return new TextEncoder().encode(applyEdits(text, edits));
  },
};

const file = [
  '# Shown on the home screen',
  'greeting = Hello & <b>welcome</b>',
  'items[one] = {n} item',
  'items[other] = {n} items',
  'build! = 1.0.3',
  '',
].join('\n');
const bytes = new TextEncoder().encode(file);
const str = (b: Uint8Array) => new TextDecoder().decode(b);

describe('extractXliff', () => {
  it('writes translatable units as XLIFF 1.2 trans-units, plurals as one group per unit', () => {
    const xliff = str(
      extractXliff(lines, bytes, { fileName: 'app.lines', sourceLang: 'en', targetLang: 'de' }),
    );
    expect(xliff).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
        '  <file original="app.lines" datatype="x-lines" source-language="en" target-language="de">',
        '    <body>',
        '      <trans-unit id="greeting" resname="greeting" xml:space="preserve">',
        '        <source>Hello &amp; &lt;b&gt;welcome&lt;/b&gt;</source>',
        '        <note>Shown on the home screen</note>',
        '      </trans-unit>',
        '      <group id="items" restype="x-gettext-plurals">',
        '        <trans-unit id="items[one]" resname="items" xml:space="preserve">',
        '          <source>{n} item</source>',
        '        </trans-unit>',
        '        <trans-unit id="items[other]" resname="items" xml:space="preserve">',
        '          <source>{n} items</source>',
        '        </trans-unit>',
        '      </group>',
        '    </body>',
        '  </file>',
        '</xliff>',
        '',
      ].join('\n'),
    );
  });

  it('writes one plural trans-unit per category of the target language, source falling back to other', () => {
    const xliff = str(
      extractXliff(lines, bytes, { fileName: 'a', sourceLang: 'en', targetLang: 'ru', copySource: true }),
    );
    expect([...xliff.matchAll(/id="items\[(\w+)\]"/g)].map((m) => m[1])).toEqual([
      'one',
      'few',
      'many',
      'other',
    ]);
    expect(xliff).toContain(
      '<source>{n} items</source>\n          <target state="needs-translation">{n} items</target>',
    );
  });

  it('keeps source plural categories the target language lacks as translate="no" trans-units', () => {
    const xliff = str(extractXliff(lines, bytes, { fileName: 'a', sourceLang: 'en', targetLang: 'ja' }));
    expect(xliff).toContain(
      '<trans-unit id="items[one]" resname="items" translate="no" xml:space="preserve">',
    );
    expect(xliff).toContain('<trans-unit id="items[other]" resname="items" xml:space="preserve">');
  });

  it('carries existing targets of bilingual files, maxwidth and context', () => {
    const bilingual: FormatModule = {
      ...lines,
      parse: (b) => lines.parse(b).map((u) => ({ ...u, maxLength: 20, context: 'menu' })),
    };
    const src = new TextEncoder().encode('open = Open => Öffnen\n');
    const xliff = str(extractXliff(bilingual, src, { fileName: 'a', sourceLang: 'en', targetLang: 'de' }));
    expect(xliff).toContain(
      '<trans-unit id="open" resname="open" xml:space="preserve" maxwidth="20" size-unit="char">',
    );
    expect(xliff).toContain('<target>Öffnen</target>');
    expect(xliff).toContain('<context context-type="x-context">menu</context>');
  });

  it('refuses text XML cannot carry, naming the unit and its line', () => {
    const src = new TextEncoder().encode('a = x\nbell = ring \u0007\n');
    const error = (() => {
      try {
        extractXliff(lines, src, { fileName: 'a.lines', sourceLang: 'en', targetLang: 'de' });
      } catch (e) {
        return e as FormatError;
      }
    })();
    expect(error).toBeInstanceOf(FormatError);
    expect(error!.format()).toBe(
      'a.lines:2:8: unit "bell" contains U+0007, which XML 1.0 (XLIFF 1.2) cannot carry',
    );
  });
});

/** Puts targets into an extracted XLIFF, by trans-unit id. */
const translate = (xliff: string, replacements: Record<string, string>) =>
  xliff.replace(
    /<trans-unit id="([^"]+)"[^>]*>\n(\s*)<source>(.*)<\/source>/g,
    (all, id: string, indent: string) =>
      replacements[id] === undefined ? all : `${all}\n${indent}<target>${replacements[id]}</target>`,
  );

describe('mergeXliff', () => {
  it('renders the targets into the original, plurals for the target language', () => {
    const xliff = str(
      extractXliff(lines, bytes, { fileName: 'app.lines', sourceLang: 'en', targetLang: 'ru' }),
    );
    const done = translate(xliff, {
      greeting: 'Привет &amp; &lt;b&gt;добро пожаловать&lt;/b&gt;',
      'items[one]': '{n} штука',
      'items[few]': '{n} штуки',
      'items[many]': '{n} штук',
      'items[other]': '{n} штуки',
    });
    const out = mergeXliff(lines, bytes, new TextEncoder().encode(done), {
      fileName: 'app.lines',
      targetLang: 'ru',
    });
    expect(str(out)).toBe(
      [
        '# Shown on the home screen',
        'greeting = Привет & <b>добро пожаловать</b>',
        'items[one] = {n} штука',
        'items[few] = {n} штуки',
        'items[many] = {n} штук',
        'items[other] = {n} штуки',
        'build! = 1.0.3',
        '',
      ].join('\n'),
    );
  });

  it('with copySource, extract then merge gives back the identical file', () => {
    for (const targetLang of ['de', 'ru', 'ar', 'ja']) {
      const xliff = extractXliff(lines, bytes, {
        fileName: 'a',
        sourceLang: 'en',
        targetLang,
        copySource: true,
      });
      expect(str(mergeXliff(lines, bytes, xliff, { fileName: 'a', targetLang: 'en' }))).toBe(file);
    }
  });

  it('leaves units with empty or missing targets untranslated', () => {
    const xliff = str(extractXliff(lines, bytes, { fileName: 'a', sourceLang: 'en', targetLang: 'de' }));
    const done = translate(xliff, { greeting: '' }).replace('<source>{n} item</source>', '$&<target/>');
    expect(
      str(mergeXliff(lines, bytes, new TextEncoder().encode(done), { fileName: 'a', targetLang: 'de' })),
    ).toBe(file);
  });

  it('keeps ids XML cannot carry (gettext context separator, backslashes) through the round trip', () => {
    for (const id of ['ctx\u0004msg', 'a\\u0004b', '~esc:x', 'tab\there', 'plain']) {
      expect(decodeXliffId(encodeXliffId(id))).toBe(id);
    }
    expect(encodeXliffId('ctx\u0004msg')).toBe('~esc:ctx\\u0004msg');
    const src = new TextEncoder().encode('ctx\\u0004open = Open\n');
    const xliff = str(extractXliff(lines, src, { fileName: 'a', sourceLang: 'en', targetLang: 'de' }));
    const done = xliff.replace('<source>Open</source>', '$&<target>Öffnen</target>');
    expect(
      str(mergeXliff(lines, src, new TextEncoder().encode(done), { fileName: 'a', targetLang: 'de' })),
    ).toBe('ctx\\u0004open = Öffnen\n');
  });

  it('reads inline codes in targets: <g>/<mrk> transparent, <ph>/<bpt>/<ept> give their native data', () => {
    const xliff = str(extractXliff(lines, bytes, { fileName: 'a', sourceLang: 'en', targetLang: 'de' }));
    const done = translate(xliff, {
      greeting:
        '<mrk mtype="seg">Hallo &amp; <bpt id="1">&lt;b&gt;</bpt><g id="2">willkommen</g><ept id="1">&lt;/b&gt;</ept></mrk>',
    });
    const out = str(
      mergeXliff(lines, bytes, new TextEncoder().encode(done), { fileName: 'a', targetLang: 'de' }),
    );
    expect(out.split('\n')[1]).toBe('greeting = Hallo & <b>willkommen</b>');
    const withX = translate(xliff, { greeting: 'Hallo <x id="1"/>' });
    expect(() =>
      mergeXliff(lines, bytes, new TextEncoder().encode(withX), { fileName: 'a', targetLang: 'de' }),
    ).toThrow(/inline <x> carries no original data/);
  });

  it('refuses an id that does not belong to the file, naming it with line and column', () => {
    const xliff = str(
      extractXliff(lines, bytes, { fileName: 'app.lines', sourceLang: 'en', targetLang: 'de' }),
    );
    const foreign = xliff.replace('id="greeting"', 'id="farewell"');
    try {
      mergeXliff(lines, bytes, new TextEncoder().encode(foreign), {
        fileName: 'app.lines',
        targetLang: 'de',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).format()).toBe(
        'app.lines.xlf:5:7: XLIFF id "farewell" does not belong to app.lines',
      );
    }
    const notPlural = xliff.replace('id="items[one]"', 'id="greeting[one]"');
    expect(() =>
      mergeXliff(lines, bytes, new TextEncoder().encode(notPlural), { fileName: 'a', targetLang: 'de' }),
    ).toThrow(/XLIFF id "greeting\[one\]" does not belong/);
  });

  it('refuses a plural group without a target for other', () => {
    const xliff = str(extractXliff(lines, bytes, { fileName: 'a', sourceLang: 'en', targetLang: 'de' }));
    const done = translate(xliff, { 'items[one]': 'ein Ding' });
    expect(() =>
      mergeXliff(lines, bytes, new TextEncoder().encode(done), { fileName: 'a', targetLang: 'de' }),
    ).toThrow(/plural unit "items" has no target for the category other/);
  });

  it('refuses a malicious XLIFF (billion laughs) before reading any target', () => {
    const bomb = `<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><xliff>&b;</xliff>`;
    expect(() =>
      mergeXliff(lines, bytes, new TextEncoder().encode(bomb), { fileName: 'a', targetLang: 'de' }),
    ).toThrow(/entity declarations are refused/);
  });

  it('refuses a document that is not XLIFF', () => {
    expect(() =>
      mergeXliff(lines, bytes, new TextEncoder().encode('<resources/>'), { fileName: 'a', targetLang: 'de' }),
    ).toThrow(/expected an <xliff> document/);
  });
});

describe('the in-test line format is sound', () => {
  it('renders plural forms it is given', () => {
    const t = new Map<string, string | PluralForms>([['items', { one: 'x', other: 'y' }]]);
    expect(str(lines.render(bytes, t, { targetLang: 'ja' }))).toContain('items[other] = y\nbuild!');
  });
});

describe('exchange with the real XML formats', () => {
  it('an extracted XLIFF is a valid XLIFF 1.2 document for our own reader', () => {
    const xliff = extractXliff(lines, bytes, {
      fileName: 'app.lines',
      sourceLang: 'en',
      targetLang: 'ru',
      copySource: true,
    });
    const units = xliff12Format.parse(xliff);
    expect(units.map((u) => u.id)).toEqual([
      'greeting',
      'items[one]',
      'items[few]',
      'items[many]',
      'items[other]',
    ]);
    expect(units[0]).toMatchObject({ source: 'Hello & <b>welcome</b>', notes: ['Shown on the home screen'] });
  });

  it('Android strings go out and come back in Russian, plural items created by the format', () => {
    const android = new TextEncoder().encode(
      '<resources>\n    <string name="hi">Hi &amp; <b>welcome</b></string>\n    <plurals name="n">\n        <item quantity="one">%d file</item>\n        <item quantity="other">%d files</item>\n    </plurals>\n</resources>\n',
    );
    const xliff = str(
      extractXliff(androidFormat, android, { fileName: 'strings.xml', sourceLang: 'en', targetLang: 'ru' }),
    );
    const done = translate(xliff, {
      hi: 'Привет &amp; &lt;b&gt;добро пожаловать&lt;/b&gt;',
      'n[one]': '%d файл',
      'n[few]': '%d файла',
      'n[many]': '%d файлов',
      'n[other]': '%d файла',
    });
    const out = str(
      mergeXliff(androidFormat, android, new TextEncoder().encode(done), {
        fileName: 'strings.xml',
        targetLang: 'ru',
      }),
    );
    expect(out).toBe(
      '<resources>\n    <string name="hi">Привет &amp; <b>добро пожаловать</b></string>\n    <plurals name="n">\n        <item quantity="one">%d файл</item>\n        <item quantity="few">%d файла</item>\n        <item quantity="many">%d файлов</item>\n        <item quantity="other">%d файла</item>\n    </plurals>\n</resources>\n',
    );
  });
});

describe('extractXliff plural sources', () => {
  it("gives a language whose one takes other counts (Russian 21) the source's other form, placeholder and all", async () => {
    const { extractXliff } = await import('../../src/formats/exchange.ts');
    const { formatByName } = await import('../../src/formats/registry.ts');
    const po = formatByName('po')!;
    const pot = new TextEncoder().encode(
      'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n#, python-brace-format\nmsgid "found one page"\nmsgid_plural "found {n} pages"\nmsgstr[0] ""\nmsgstr[1] ""\n',
    );
    const xliff = (lang: string) =>
      new TextDecoder().decode(
        extractXliff(po, pot, { fileName: 'a.pot', sourceLang: 'en', targetLang: lang }),
      );
    expect(xliff('ru')).toMatch(/\[one\]"[^>]*>\s*<source>found \{n\} pages<\/source>/);
    expect(xliff('de')).toMatch(/\[one\]"[^>]*>\s*<source>found one page<\/source>/);
  });
});
