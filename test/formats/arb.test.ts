import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbFormat } from '../../src/formats/arb/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import { describeFormat } from './store-suite.ts';

const dir = 'test/fixtures/arb';
const fixtures = readdirSync(dir).map((f) => join(dir, f));

describeFormat(arbFormat, { fixtures, bilingual: false, targetLang: 'pt-BR' });

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => arbFormat.parse(bytes(text));
const render = (text: string, translations: Record<string, string>, targetLang = 'de') =>
  Buffer.from(
    arbFormat.render(bytes(text), new Map(Object.entries(translations)), { targetLang }),
  ).toString();

describe('arb: units', () => {
  it('makes units of messages only, with description, placeholders and context as notes', () => {
    const units = parse(`{
      "@@locale": "en", "@@x-tool": "y",
      "hi": "Hi {name}", "@hi": {"description": "Greeting", "context": "home",
        "placeholders": {"name": {"type": "String", "example": "Ada"}, "n": {}}},
      "count": 3
    }`);
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({
      id: 'hi',
      source: 'Hi {name}',
      context: 'home',
      notes: ['Greeting', 'Placeholders: {name}: String, e.g. Ada; {n}'],
      translatable: true,
    });
  });

  it('finds @key metadata wherever it stands in the file', () => {
    const units = parse(
      '{"@b": {"description": "before"}, "a": "x", "b": "y", "@a": {"description": "after"}}',
    );
    expect(units.map((u) => [u.id, u.notes])).toEqual([
      ['a', ['after']],
      ['b', ['before']],
    ]);
  });

  it('keeps an ICU plural message as one unit', () => {
    const [unit] = parse('{"n": "{count, plural, one{# item} other{# items}}"}');
    expect(unit?.source).toBe('{count, plural, one{# item} other{# items}}');
    expect(unit?.sourcePlural).toBeUndefined();
  });

  it('reads a message whose @key says "type": "String" (or any type but image and css), as gen-l10n does', () => {
    const units = parse(`{
      "title": "Settings", "@title": {"type": "String", "description": "Screen title"},
      "save": "Save", "@save": {"type": "text"},
      "odd": "Odd", "@odd": {"type": 3},
      "other": "Other", "@other": {"type": "Widget"}
    }`);
    expect(units.map((u) => [u.id, u.translatable, u.leftOut])).toEqual([
      ['title', true, undefined],
      ['save', true, undefined],
      ['odd', true, undefined],
      ['other', true, undefined],
    ]);
    expect(units[0]?.notes).toEqual(['Screen title']);
    expect(render('{"title": "Settings", "@title": {"type": "String"}}', { title: 'Einstellungen' })).toBe(
      '{"title": "Einstellungen", "@title": {"type": "String"}}',
    );
  });

  it('leaves out image and css resources with their reason, and never renders them', () => {
    const text =
      '{"logo": "a.png", "@logo": {"type": "image"}, "theme": "a.css", "@theme": {"type": "CSS"}, "t": "x"}';
    expect(parse(text).map((u) => [u.id, u.translatable, u.leftOut])).toEqual([
      ['logo', false, 'ARB type "image" (not text)'],
      ['theme', false, 'ARB type "CSS" (not text)'],
      ['t', true, undefined],
    ]);
    expect(render(text, { logo: 'b.png', theme: 'b.css', t: 'y' })).toBe(text.replace('"x"', '"y"'));
  });

  it('warns of a message whose value is not a string (gen-l10n refuses the file)', () => {
    const warnings: string[] = [];
    const units = arbFormat.parse(bytes('{\n  "a": "x",\n  "count": 3\n}'), {
      onWarning: (w) => warnings.push(`${w.line}:${w.column}: ${w.message}`),
    });
    expect(units.map((u) => u.id)).toEqual(['a']);
    expect(warnings).toEqual([
      `3:3: the value of "count" is not a string: Flutter's gen-l10n refuses it, so it is no message`,
    ]);
  });
});

describe('arb: render', () => {
  it('patches messages and sets @@locale to the target, with underscores', () => {
    const text = '{\n  "@@locale": "en",\n  "a": "Save",\n  "@a": {"description": "Save"}\n}\n';
    expect(render(text, { a: 'Speichern' }, 'pt-BR')).toBe(
      '{\n  "@@locale": "pt_BR",\n  "a": "Speichern",\n  "@a": {"description": "Save"}\n}\n',
    );
  });

  it('keeps a hyphenated @@locale spelling and leaves files without @@locale alone', () => {
    expect(render('{"@@locale": "en-US", "a": "x"}', { a: 'y' }, 'zh-Hant-TW')).toBe(
      '{"@@locale": "zh-Hant-TW", "a": "y"}',
    );
    expect(render('{"a": "x"}', { a: 'y' })).toBe('{"a": "y"}');
  });

  it('does not touch @@locale when nothing is translated', () => {
    const text = '{"@@locale": "en", "a": "x"}';
    expect(render(text, { a: 'x' })).toBe(text);
  });

  it('escapes the way the file does', () => {
    expect(render('{"a": "\\u00a9", "b": "x"}', { b: '„Zitat“\n' })).toBe(
      '{"a": "\\u00a9", "b": "\\u201eZitat\\u201c\\n"}',
    );
  });
});

describe('arb: a repeated key', () => {
  it('is read as Dart’s json.decode reads it: one message, the last value and the last @key, with a warning naming its lines', () => {
    const warnings: unknown[] = [];
    const text =
      '{\n  "a": "x",\n  "@a": {"description": "old"},\n  "b": "y",\n  "a": "z",\n  "@a": {"description": "new"}\n}\n';
    const units = arbFormat.parse(bytes(text), { onWarning: (w) => warnings.push(w) });
    expect(units.map((u) => [u.id, u.source, u.notes])).toEqual([
      ['b', 'y', []],
      ['a', 'z', ['new']],
    ]);
    expect(units[1]!.location.line).toBe(5);
    const why = "Dart's json.decode keeps the last one, so the earlier copy is never read";
    expect(warnings).toEqual([
      { line: 5, column: 3, message: `duplicate key "a" on lines 2 and 5: ${why}` },
      { line: 6, column: 3, message: `duplicate key "@a" on lines 3 and 6: ${why}` },
    ]);
    // Only the copy the app reads is written; the earlier one keeps its bytes.
    expect(render(text, { a: 'Z' })).toBe(text.replace('"z"', '"Z"'));
  });

  it('takes the last @key even when it stands before the last copy of the message', () => {
    const units = parse('{"a": "x", "@a": {"description": "one"}, "@a": {"description": "two"}, "a": "y"}');
    expect(units.map((u) => [u.id, u.source, u.notes])).toEqual([['a', 'y', ['two']]]);
  });
});

describe('arb: bad input', () => {
  it.each([
    ['{"a": "x",', 1, 11, /end of file/],
    ['["a"]', 1, 1, /JSON object/],
  ])('%j is a FormatError at %i:%i', (text, line, column, message) => {
    let error: unknown;
    try {
      parse(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).message).toMatch(message);
    expect([(error as FormatError).line, (error as FormatError).column]).toEqual([line, column]);
  });

  it('sniffs ARB content', () => {
    expect(arbFormat.sniff!(bytes('{\n  "@@locale": "en"}'))).toBe(true);
    expect(arbFormat.sniff!(bytes('{"a": "b"}'))).toBe(false);
  });
});

describe('arb: reading the same bytes again', () => {
  it('render after parse reads bytes changed in place since the parse', () => {
    const data = bytes('{"@@locale": "en", "a": "Hello", "b": "World"}');
    expect(arbFormat.parse(data).map((u) => u.id)).toEqual(['a', 'b']);
    data.set(bytes('{"@@locale": "en", "a": "Howdy", "c": "World"}'));
    const out = arbFormat.render(data, new Map([['c', 'Welt']]), { targetLang: 'de' });
    expect(Buffer.from(out).toString()).toBe('{"@@locale": "de", "a": "Howdy", "c": "Welt"}');
  });
});
