import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatWarning, PluralForms, Unit } from '../../src/formats/model.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { describeFormat } from './store-suite.ts';

const fixtures = ['rails-en.yml', 'app-strings.yaml', 'devise-de-crlf.yml'].map(
  (f) => `test/fixtures/yaml/${f}`,
);
describe('yaml with Russian plurals', () => {
  describeFormat(yamlFormat, { fixtures, bilingual: false, targetLang: 'ru' });
});

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const parse = (s: string) => yamlFormat.parse(enc(s));
const render = (s: string, t: Record<string, string | PluralForms>, targetLang = 'de') =>
  dec(yamlFormat.render(enc(s), new Map(Object.entries(t)), { targetLang }));
const byId = (units: Unit[]) => new Map(units.map((u) => [u.id, u]));

describe('yaml: units', () => {
  it('omits a Rails root-locale key from ids and keeps other root keys', () => {
    expect(parse('en:\n  a:\n    b: Hi\n').map((u) => u.id)).toEqual(['a.b']);
    expect(parse('app:\n  a: Hi\n').map((u) => u.id)).toEqual(['app.a']);
    expect(parse('pt-BR:\n  a: Oi\n').map((u) => u.id)).toEqual(['a']);
  });

  it('makes only string scalars units, never numbers, booleans, nulls or Ruby symbols', () => {
    const units = parse('a: 1\nb: true\nc:\nd: ~\ne: "1"\nf: text\ng: :year\n');
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['e', '1'],
      ['f', 'text'],
    ]);
  });

  it('counts an anchored scalar once, at its anchor, and skips aliases and merges', () => {
    const src = 'base: &b\n  ok: OK\nform:\n  <<: *b\n  extra: More\nhi: &h Hello\nagain: *h\n';
    expect(parse(src).map((u) => u.id)).toEqual(['base.ok', 'form.extra', 'hi']);
  });

  it('takes the keys of an inline merged map as keys of the map it merges into', () => {
    expect(parse('form:\n  <<: {ok: OK}\n  more: More\n').map((u) => u.id)).toEqual(['form.ok', 'form.more']);
  });

  it('turns comments above a key into notes, including the first key of a map', () => {
    const units = byId(
      parse('en:\n  # first note\n  a: A\n  # second\n  # note\n  b: B\n  c: C # trailing\n'),
    );
    expect(units.get('a')!.notes).toEqual(['first note']);
    expect(units.get('b')!.notes).toEqual(['second\nnote']);
    expect(units.get('c')!.notes).toEqual([]);
  });

  it('escapes dots and brackets inside keys so ids stay unique', () => {
    expect(parse('"a.b": X\na:\n  b: Y\n"c[0]": Z\nc: [W]\n').map((u) => u.id)).toEqual([
      'a\\.b',
      'a.b',
      'c\\[0]',
      'c[0]',
    ]);
  });

  it('reads a Rails plural hash as one plural unit whose source is the other form', () => {
    const [unit] = parse('en:\n  items:\n    one: "%{count} item"\n    other: "%{count} items"\n');
    expect(unit).toMatchObject({
      id: 'items',
      source: '%{count} items',
      sourcePlural: { one: '%{count} item', other: '%{count} items' },
    });
  });

  it('does not take a map with only an `other` key without %{count} for a plural', () => {
    expect(parse('gender:\n  other: Other\n').map((u) => u.id)).toEqual(['gender.other']);
    expect(parse('n:\n  other: "%{count} things"\n')[0]!.sourcePlural).toEqual({ other: '%{count} things' });
  });

  it('points locations at the text inside quotes', () => {
    const [unit] = parse('key: "héllo"\n');
    expect(unit!.location).toEqual({ line: 1, column: 7, offset: 6, length: 6 });
  });

  it('refuses invalid YAML with a FormatError carrying line and column', () => {
    try {
      parse('a: ok\nb: "unterminated\nc: x\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).line).toBeGreaterThanOrEqual(2);
      expect((error as FormatError).column).toBeGreaterThanOrEqual(1);
    }
    expect(() => parse('a: [1, 2\n')).toThrow(FormatError);
  });

  it('reads a quoted scalar whose lines stand at its key column as Psych does, and refuses what Psych refuses', () => {
    expect(parse('a:\n  b: "x\n  y"\n  c: \'p\n\n  q\'\n').map((u) => [u.id, u.source])).toEqual([
      ['a.b', 'x y'],
      ['a.c', 'p\nq'],
    ]);
    // libyaml: "found unexpected document indicator", "found unknown escape character", end of stream.
    for (const bad of ['a:\n  b: "x\n---\n  y"\n', 'a:\n  b: "x\n  \\q"\n', 'a:\n  b: "x\n  y\n'])
      expect(() => parse(bad), bad).toThrow(/Missing closing "quote/);
  });

  it('reads a repeated key as Psych and PyYAML do: one unit, the last copy its value, with a warning naming its lines', () => {
    const yaml =
      'en:\n  title: Inbox\n  save: Save\n  title: Messages\n  title: Mail\n  nav:\n    a: A\n  nav:\n    b: B\n';
    const warnings: FormatWarning[] = [];
    const units = yamlFormat.parse(enc(yaml), { onWarning: (w) => warnings.push(w) });
    // Psych: {"title" => "Mail", "save" => "Save", "nav" => {"b" => "B"}}.
    expect(units.map((u) => [u.id, u.source])).toEqual([
      ['save', 'Save'],
      ['title', 'Mail'],
      ['nav.b', 'B'],
    ]);
    const why = 'Psych (and PyYAML) keeps the last one, so the earlier';
    expect(warnings).toEqual([
      {
        line: 5,
        column: 3,
        message: `duplicate key "title" on lines 2, 4 and 5: ${why} copies are never read`,
      },
      { line: 8, column: 3, message: `duplicate key "nav" on lines 6 and 8: ${why} copy is never read` },
    ]);
    expect(dec(yamlFormat.render(enc(yaml), new Map(), { targetLang: 'de' }))).toBe(yaml);
    // Only the copy Psych reads is written; the earlier ones keep their bytes.
    expect(render(yaml, { save: 'Sichern', title: 'Post' })).toBe(
      'de:\n  title: Inbox\n  save: Sichern\n  title: Messages\n  title: Post\n  nav:\n    a: A\n  nav:\n    b: B\n',
    );
  });

  it('refuses files over maxBytes', () => {
    expect(() => yamlFormat.parse(enc('a: b\n'), { maxBytes: 2 })).toThrow(/over the limit/);
  });
});

describe('yaml: render', () => {
  it('renames the root locale key when a translation is written, and only then', () => {
    expect(render('en:\n  a: Hi\n', { a: 'Hallo' })).toBe('de:\n  a: Hallo\n');
    expect(render('en:\n  a: Hi\n', { a: 'Hi' })).toBe('en:\n  a: Hi\n');
    expect(render('"en_US":\n  a: Hi\n', { a: 'Olá' }, 'pt-BR')).toBe('"pt_BR":\n  a: Olá\n');
    expect(render('en:\n  a: Hi\n', { a: 'Hei' }, 'no')).toBe("'no':\n  a: Hei\n");
  });

  it('keeps plain text plain when safe, else uses single quotes', () => {
    expect(render('a: Hi\n', { a: 'Hallo Welt' })).toBe('a: Hallo Welt\n');
    expect(render('a: Hi\n', { a: 'Achtung: heiß' })).toBe("a: 'Achtung: heiß'\n");
    expect(render('a: Hi\n', { a: "it's #1" })).toBe("a: 'it''s #1'\n");
    expect(render('a: Hi\n', { a: "it's 1#" })).toBe("a: it's 1#\n");
    expect(render('a: Hi\n', { a: 'Nr. #1 ' })).toBe("a: 'Nr. #1 '\n");
    expect(render('a: Hi\n', { a: 'yes' })).toBe("a: 'yes'\n");
    expect(render('a: Hi\n', { a: '12.5' })).toBe("a: '12.5'\n");
    expect(render('a: Hi\n', { a: 'zwei\nZeilen' })).toBe('a: "zwei\\nZeilen"\n');
  });

  it('keeps single and double quotes with their own escapes', () => {
    expect(render("a: 'x'\n", { a: "l'eau" })).toBe("a: 'l''eau'\n");
    expect(render('a: "x"\n', { a: 'say "hi"\\\t' })).toBe('a: "say \\"hi\\"\\\\\\t"\n');
    expect(render('a: "caf\\u00e9"\n', { a: 'thé' })).toBe('a: "th\\u00E9"\n');
  });

  it('keeps anchors, tags and trailing comments around a replaced scalar', () => {
    expect(render('a: &x !!str Hi # note\nb: *x\n', { a: 'Hallo' })).toBe(
      'a: &x !!str Hallo # note\nb: *x\n',
    );
  });

  it('fills an empty scalar between a tag and a comment with the spaces YAML needs on both sides', () => {
    // Found by the fuzz test: `!&a # c` rendered as `!&a "x"# c`, which no YAML reader accepts.
    expect(render('a: !x # c\n', { a: 'Hallo' })).toBe('a: !x Hallo # c\n');
    expect(render('!x # c', { '': 'Hallo' })).toBe('!x Hallo # c');
  });

  it('keeps literal and folded block styles and their indentation', () => {
    expect(render('a: |\n    one\n    two\nb: x\n', { a: 'eins\nzwei\n' })).toBe(
      'a: |\n    eins\n    zwei\nb: x\n',
    );
    expect(render('a: |\n  one\n', { a: 'eins' })).toBe('a: |-\n  eins\n');
    expect(render('a: >-\n  one\n  two\n', { a: 'eins zwei\ndrei' })).toBe('a: >-\n  eins zwei\n\n  drei\n');
    expect(render('a: |-\n  x\n', { a: '  indented' })).toBe('a: |2-\n    indented\n');
    expect(render('a: >\n  x\n', { a: 'first\n  code\n' })).toBe('a: |\n  first\n    code\n');
    expect(render('a: | # c\n  x\n\nb: y\n', { a: 'z\n\n' })).toBe('a: |+ # c\n  z\n\nb: y\n');
  });

  it('falls back to double quotes for text a block scalar cannot hold', () => {
    expect(render('a: |\n  x\nb: y\n', { a: 'bell\u0007' })).toBe('a: "bell\\a"\nb: y\n');
  });

  it('keeps flow collections valid', () => {
    expect(render('a: [x, y]\nb: {k: v}\n', { 'a[0]': 'p, q', 'b.k': '[w]' })).toBe(
      "a: ['p, q', y]\nb: {k: '[w]'}\n",
    );
  });

  it('keeps CRLF line endings and a UTF-8 BOM', () => {
    const src = '\ufeffen:\r\n  a: |\r\n    x\r\n  b: y\r\n';
    const out = yamlFormat.render(enc(src), new Map([['a', 'p\nq\n']]), { targetLang: 'de' });
    expect(dec(out)).toBe('\ufeffde:\r\n  a: |\r\n    p\r\n    q\r\n  b: y\r\n');
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('inserts Russian plural categories after the existing keys, with their indentation and quoting', () => {
    const src = 'en:\n  items:\n    one: "%{count} item"\n    other: "%{count} items"\n  next: x\n';
    const out = render(src, { items: { one: 'один', few: 'несколько', many: 'много', other: 'штук' } }, 'ru');
    expect(out).toBe(
      'ru:\n  items:\n    one: "один"\n    other: "штук"\n    few: "несколько"\n    many: "много"\n  next: x\n',
    );
    expect(parse(out)[0]!.sourcePlural).toEqual({
      one: 'один',
      few: 'несколько',
      many: 'много',
      other: 'штук',
    });
  });

  it('removes source categories the target language does not use (Japanese, Rails zero)', () => {
    const src = 'items:\n  zero: none\n  one: one item # singular\n  other: "%{count} items"\nx: y\n';
    expect(render(src, { items: { other: '%{count}個' } }, 'ja')).toBe(
      'items:\n  other: "%{count}個"\nx: y\n',
    );
  });

  it('keeps a Rails zero key when the translation gives it', () => {
    const src = 'items:\n  zero: none\n  one: one\n  other: many\n';
    expect(render(src, { items: { zero: 'keine', one: 'eins', other: 'viele' } })).toBe(
      'items:\n  zero: keine\n  one: eins\n  other: viele\n',
    );
  });

  it('edits plural hashes in flow style and under a sequence dash', () => {
    expect(
      render('n: {one: a, other: b}\n', { n: { one: 'A', few: 'F', many: 'M', other: 'B' } }, 'ru'),
    ).toBe('n: {one: A, other: B, few: F, many: M}\n');
    expect(render('- one: a\n  other: b\n', { '[0]': { other: 'B' } }, 'ja')).toBe('- other: B\n');
  });

  it('inserts after a plural sibling written as a block scalar, and at a file end without newline', () => {
    expect(
      render(
        'n:\n  one: |-\n    a\n  other: |-\n    b',
        { n: { one: 'A', other: 'B', few: 'F', many: 'M' } },
        'ru',
      ),
    ).toBe('n:\n  one: |-\n    A\n  other: |-\n    B\n  few: |-\n    F\n  many: |-\n    M');
    expect(
      render('n:\n  one: a\n  other: b', { n: { one: 'A', other: 'B', few: 'F', many: 'M' } }, 'ru'),
    ).toBe('n:\n  one: A\n  other: B\n  few: F\n  many: M');
  });

  it('leaves a plural unit untouched when its forms equal the source', () => {
    const src = 'n:\n  one: a\n  other: b\n';
    expect(render(src, { n: { one: 'a', other: 'b' } }, 'ru')).toBe(src);
  });
});
