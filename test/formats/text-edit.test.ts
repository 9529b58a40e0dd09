import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import { textFormat } from '../../src/formats/text-lines/index.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

function edit(target: string | Uint8Array, set: Record<string, string> = {}, remove: string[] = []) {
  const changes = { source: bytes(''), set: new Map(Object.entries(set)), remove: new Set(remove) };
  const out = textFormat.edit!(typeof target === 'string' ? bytes(target) : target, changes, {
    targetLang: 'ru',
  });
  return new TextDecoder().decode(out);
}

describe('text edit: a target’s lines are people’s work', () => {
  it('appends new lines in the target’s CRLF, after its last line, in id order', () => {
    expect(edit('Один\r\nДва\r\n', { l4: 'Четыре', l3: 'Три' })).toBe('Один\r\nДва\r\nТри\r\nЧетыре\r\n');
  });

  it('keeps a missing final break missing', () => {
    expect(edit('Один\r\nДва', { l3: 'Три' })).toBe('Один\r\nДва\r\nТри');
    expect(edit('One\nTwo', { l3: 'Three' })).toBe('One\nTwo\nThree');
  });

  it('patches a held line in place, keeping its indentation and the blank lines', () => {
    expect(edit('  Eins\n\nZwei\n', { l2: 'Zwei!' })).toBe('  Eins\n\nZwei!\n');
  });

  it('takes a removed line out with its break (ids name the target’s lines as they were)', () => {
    expect(edit('Eins\r\nZwei\r\nDrei\r\n', { l3: 'Drei!' }, ['l2'])).toBe('Eins\r\nDrei!\r\n');
  });

  it('changes no byte when nothing is to be written', () => {
    const target = bytes('Eins\r\nZwei');
    expect(
      textFormat.edit!(
        target,
        { source: bytes(''), set: new Map(), remove: new Set() },
        { targetLang: 'de' },
      ),
    ).toBe(target);
  });

  it('fills an empty target', () => {
    expect(edit('', { l1: 'Eins', l2: 'Zwei' })).toBe('Eins\nZwei');
  });

  it('refuses a new line a Latin-1 target cannot hold', () => {
    expect(() => edit(latin1('Gr\u00fc\u00dfe\n'), { l2: 'Привет' })).toThrow(FormatError);
  });
});
