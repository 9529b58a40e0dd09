import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPlaceholders, protect, restore } from '../../src/formats/placeholders.ts';

const found = (text: string, options?: Parameters<typeof findPlaceholders>[1]) =>
  findPlaceholders(text, options).map((p) => [p.kind, p.text, p.name]);

describe('findPlaceholders', () => {
  it.each([
    ['Hello %s', [['printf', '%s']]],
    [
      '%d files, %.2f MB, %lld bytes, %-5i',
      [
        ['printf', '%d'],
        ['printf', '%.2f'],
        ['printf', '%lld'],
        ['printf', '%-5i'],
      ],
    ],
    ['Hello %@', [['printf', '%@']]],
    ['100%% done', []],
    ['100% sure, 5 % off', []],
    ['%%s is literal', []],
    ['Hi %(name)s', [['printf', '%(name)s']]],
  ])('printf: %s', (text, expected) => {
    expect(found(text).map((p) => p.slice(0, 2))).toEqual(expected);
  });

  it("reads Symfony's %name% whole, but never across printf's escaped %% (fast-check found %%Aa%s)", () => {
    const texts = (t: string) => findPlaceholders(t).map((p) => p.text);
    expect(texts('Please %action% again')).toEqual(['%action%']);
    expect(texts('%%Aa%sà')).toEqual(['%s']);
    expect(texts('%Aa%%')).toEqual(['%A']);
  });

  it('names Python conversions by their key', () => {
    expect(found('Hi %(name)s')).toEqual([['printf', '%(name)s', 'name']]);
  });

  it('finds Android and Apple positional conversions with their position as name', () => {
    expect(found('%2$s sent %1$d files to %3$@ (%1$.1f%%)')).toEqual([
      ['positional', '%2$s', '2'],
      ['positional', '%1$d', '1'],
      ['positional', '%3$@', '3'],
      ['positional', '%1$.1f', '1'],
    ]);
  });

  it("finds a .stringsdict format key's variable references whole, name included (%#@name@, %1$#@name@)", () => {
    // Foundation looks the name up as a key of the entry's dict: a translated name finds no rule.
    expect(found('Input limit exceeds %#@character_count@')).toEqual([
      ['printf', '%#@character_count@', 'character_count'],
    ]);
    expect(found('%1$#@files@ in %2$#@folders@, %@')).toEqual([
      ['positional', '%1$#@files@', '1'],
      ['positional', '%2$#@folders@', '2'],
      ['printf', '%@', undefined],
    ]);
    expect(protect('%#@names@%#@count_mutual@ left').text).toBe('<x id="1"/><x id="2"/> left');
  });

  it('finds simple and formatted ICU arguments', () => {
    expect(found('Hi {name}, you owe {amount, number, ::currency/EUR} since {d, date, short} ({0})')).toEqual(
      [
        ['icu', '{name}', 'name'],
        ['icu', '{amount, number, ::currency/EUR}', 'amount'],
        ['icu', '{d, date, short}', 'd'],
        ['icu', '{0}', '0'],
      ],
    );
  });

  it('splits an ICU plural into its syntax pieces and leaves the branch texts translatable', () => {
    const text = '{count, plural, =0 {No items} one {# item for {name}} other {# items}}';
    expect(found(text)).toEqual([
      ['icu-plural', '{count, plural, =0 {', 'count'],
      ['icu-branch', '} one {', undefined],
      ['icu-pound', '#', undefined],
      ['icu', '{name}', 'name'],
      ['icu-branch', '} other {', undefined],
      ['icu-pound', '#', undefined],
      ['icu-branch', '}}', undefined],
    ]);
  });

  it('handles select, selectordinal, offsets and nesting', () => {
    const text =
      '{gender, select, female {{n, selectordinal, one {#st} other {#th}}} other {x}} {c, plural, offset:1 other {#}}';
    const kinds = found(text).map(([kind, t]) => `${kind}:${t}`);
    expect(kinds).toEqual([
      'icu-plural:{gender, select, female {',
      'icu-plural:{n, selectordinal, one {',
      'icu-pound:#',
      'icu-branch:} other {',
      'icu-pound:#',
      'icu-branch:}}',
      'icu-branch:} other {',
      'icu-branch:}}',
      'icu-plural:{c, plural, offset:1 other {',
      'icu-pound:#',
      'icu-branch:}}',
    ]);
  });

  it('respects ICU apostrophe quoting', () => {
    expect(found("'{literal}' and {real}")).toEqual([['icu', '{real}', 'real']]);
  });

  it("reads apostrophes as plain characters with icuQuoting false (l'{name}, href='…')", () => {
    expect(found("l'{name} and '{x}'", { icuQuoting: false })).toEqual([
      ['icu', '{name}', 'name'],
      ['icu', '{x}', 'x'],
    ]);
    expect(found("<a href='x'>post</a> {link}", { icuQuoting: false }).map((p) => p[1])).toEqual([
      "<a href='x'>",
      '</a>',
      '{link}',
    ]);
    // With quoting (the default) `'>` opens a quote, as @formatjs reads it, and {link} is literal.
    expect(found("<a href='x'>post</a> {link}").map((p) => p[1])).toEqual(["<a href='x'>", '</a>']);
  });

  it("finds Ruby's named references %{name} and %<name>s, named", () => {
    expect(found("See <a href='%{x}'>post</a> %{post_link}, %<count>05d")).toEqual([
      ['tag', "<a href='%{x}'>", 'a'],
      ['tag', '</a>', 'a'],
      ['printf', '%{post_link}', 'post_link'],
      ['printf', '%<count>05d', 'count'],
    ]);
  });

  it('still finds simple ICU arguments when the text has a stray brace', () => {
    expect(found('Use { to open, {name}')).toEqual([['icu', '{name}', 'name']]);
  });

  it('finds i18next interpolation, formats, unescaped values and nesting', () => {
    expect(
      found('{{count}} of {{- html}} at {{date, datetime}} $t(common.ok) $t(items, {"count": 2})'),
    ).toEqual([
      ['i18next', '{{count}}', 'count'],
      ['i18next', '{{- html}}', 'html'],
      ['i18next', '{{date, datetime}}', 'date'],
      ['i18next-nesting', '$t(common.ok)', 'common.ok'],
      ['i18next-nesting', '$t(items, {"count": 2})', 'items'],
    ]);
  });

  it('finds HTML/XML tags, and an attribute holding a placeholder stays inside its tag', () => {
    expect(found('<b>Bold</b><br/><br /><a href="{url}" class=x>link</a> a < b > c')).toEqual([
      ['tag', '<b>', 'b'],
      ['tag', '</b>', 'b'],
      ['tag', '<br/>', 'br'],
      ['tag', '<br />', 'br'],
      ['tag', '<a href="{url}" class=x>', 'a'],
      ['tag', '</a>', 'a'],
    ]);
  });

  it('reports offsets into the original text', () => {
    const text = 'Ab {{x}} <i>%1$s</i>';
    for (const p of findPlaceholders(text)) expect(text.slice(p.start, p.end)).toBe(p.text);
  });

  it('limits detection to the syntaxes asked for', () => {
    expect(found('{name} %s <b>', { syntaxes: ['printf'] })).toEqual([['printf', '%s', undefined]]);
    expect(found('{name} %s <b>', { syntaxes: ['icu', 'tags'] }).map((p) => p[1])).toEqual(['{name}', '<b>']);
  });
});

describe('protect and restore', () => {
  it('replaces placeholders with XLIFF-style inline codes', () => {
    const result = protect('Hi {name}, <b>%d</b> new');
    expect(result.text).toBe('Hi <x id="1"/>, <x id="2"/><x id="3"/><x id="4"/> new');
    expect(result.codes.map((c) => c.text)).toEqual(['{name}', '<b>', '%d', '</b>']);
  });

  it('restores codes moved by the engine and spelled loosely', () => {
    const { codes } = protect('%1$s sent %2$s');
    const back = restore(`<x id='2' /> wurde von <x id="1"></x> gesendet`, codes);
    expect(back).toEqual({ text: '%2$s wurde von %1$s gesendet', missing: [], extra: [] });
  });

  it('reports missing and extra tokens', () => {
    const { codes } = protect('{a} and {b}');
    const back = restore('<x id="1"/> und <x id="7"/> <x id="1"/>', codes);
    expect(back.text).toBe('{a} und  {a}');
    expect(back.missing.map((c) => c.text)).toEqual(['{b}']);
    expect(back.extra).toEqual(['<x id="7"/>', '<x id="1"/>']);
  });

  it('protects text that looks like a token, even when tags are not detected', () => {
    const text = 'literal <x id="1"/> and </x> with %s';
    const result = protect(text, { syntaxes: ['printf'] });
    expect(result.codes.map((c) => c.text)).toEqual(['<x id="1"/>', '</x>', '%s']);
    expect(restore(result.text, result.codes).text).toBe(text);
  });

  const piece = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom(
      '%s',
      '%d',
      '%1$s',
      '%2$@',
      '%%',
      '%.2f',
      '%(name)s',
      '{name}',
      '{n, number}',
      '{count, plural, one {# item} other {# items}}',
      '{g, select, male {he} other {they}}',
      '{{x}}',
      '{{x, format}}',
      '$t(key)',
      '<b>',
      '</b>',
      '<br/>',
      '<x id="1"/>',
      '</x>',
      '{',
      '}',
      "'",
      '<',
      '#',
    ),
  );

  it('protect → restore is the identity for texts mixing every syntax', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const { text: hidden, codes } = protect(text);
        const back = restore(hidden, codes);
        expect(back).toEqual({ text, missing: [], extra: [] });
      }),
      { numRuns: 400 },
    );
  });
});

describe('gettext format flags (issue 34, finding 7)', () => {
  it('python-format: %r, %a and %(name)r are conversions; %% is no placeholder', () => {
    expect(found('The value of %r must be a list or tuple, not %a.')).toEqual([
      ['printf', '%r', undefined],
      ['printf', '%a', undefined],
    ]);
    expect(found('%(obj)r, %(percent)d%% done')).toEqual([
      ['printf', '%(obj)r', 'obj'],
      ['printf', '%(percent)d', 'percent'],
    ]);
  });

  it('python-brace-format: fields ICU cannot read are placeholders too', () => {
    expect(found('{} of {total:d} by {user.name!r}, {0[key]:>{width}}')).toEqual([
      ['printf', '{}', undefined],
      ['printf', '{total:d}', 'total'],
      ['printf', '{user.name!r}', 'user'],
      ['printf', '{0[key]:>{width}}', '0'],
    ]);
    expect(found('{name} has {count} unsaved changes')).toEqual([
      ['icu', '{name}', 'name'],
      ['icu', '{count}', 'count'],
    ]);
  });

  it('protect hides %% from the engine and restore gives it back', () => {
    const text = '%(percent)d%% done, %r and 100%% of {}';
    const hidden = protect(text, { icuQuoting: false });
    expect(hidden.text).toBe('<x id="1"/><x id="2"/> done, <x id="3"/> and 100<x id="4"/> of <x id="5"/>');
    expect(restore(hidden.text, hidden.codes).text).toBe(text);
    // Only where printf is read: an ICU-only reading leaves %% as text.
    expect(protect('50%% off', { syntaxes: ['icu'] }).text).toBe('50%% off');
    // A lone percent in prose is text.
    expect(protect('100% sure').text).toBe('100% sure');
  });
});
