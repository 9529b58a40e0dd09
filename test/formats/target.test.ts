import { describe, expect, it } from 'vitest';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import { editTarget, sameText, targetTranslations } from '../../src/formats/target.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('targetTranslations', () => {
  it('reads a monolingual target by key, skipping empty texts', () => {
    const de = bytes('{\n  "b": "Zwei",\n  "a": "Eins",\n  "c": ""\n}\n');
    expect(targetTranslations(jsonFormat, de, 'de')).toEqual(
      new Map([
        ['b', 'Zwei'],
        ['a', 'Eins'],
      ]),
    );
  });

  it('reads the msgstr of a bilingual target, not its msgid', () => {
    const de = bytes(
      'msgid ""\nmsgstr ""\n"Language: de\\n"\n\nmsgid "Open"\nmsgstr "Öffnen"\n\nmsgid "Close"\nmsgstr ""\n',
    );
    expect(targetTranslations(poFormat, de, 'de')).toEqual(new Map([['Open', 'Öffnen']]));
  });
});

describe('editTarget', () => {
  it('patches a unit in place and leaves every other byte of the target as it is', () => {
    const en = bytes('{\n  "a": "One",\n  "b": "Two"\n}\n');
    const de = '{\n  "b":"Zwei" ,\n  "a": "Eins"\n}\n';
    const out = editTarget(
      jsonFormat,
      bytes(de),
      { source: en, set: new Map([['a', 'Ein']]), remove: new Set() },
      { targetLang: 'de' },
    );
    expect(text(out)).toBe('{\n  "b":"Zwei" ,\n  "a": "Ein"\n}\n');
  });

  it('returns the target untouched when there is nothing to change', () => {
    const de = bytes('{ "a": "Eins" }');
    const out = editTarget(
      jsonFormat,
      de,
      { source: bytes('{ "a": "One" }'), set: new Map(), remove: new Set() },
      { targetLang: 'de' },
    );
    expect(out).toBe(de);
  });

  it('keeps every translation when a format without edit gains a unit (rendered from the source)', () => {
    const pot = bytes('msgid ""\nmsgstr ""\n\nmsgid "Open"\nmsgstr ""\n\nmsgid "New"\nmsgstr ""\n');
    const de = bytes('msgid ""\nmsgstr ""\n\nmsgid "Open"\nmsgstr "Öffnen"\n\nmsgid "Gone"\nmsgstr "Weg"\n');
    const out = editTarget(
      { ...poFormat, edit: undefined },
      de,
      { source: pot, set: new Map([['New', 'Neu']]), remove: new Set(['Gone']) },
      { targetLang: 'de' },
    );
    expect(targetTranslations(poFormat, out, 'de')).toEqual(
      new Map([
        ['Open', 'Öffnen'],
        ['New', 'Neu'],
      ]),
    );
  });
});

describe('sameText', () => {
  it('compares plural forms category by category', () => {
    expect(sameText({ one: 'a', other: 'b' }, { other: 'b', one: 'a' })).toBe(true);
    expect(sameText({ one: 'a', other: 'b' }, { other: 'b' })).toBe(false);
    expect(sameText('b', { other: 'b' })).toBe(false);
  });
});
