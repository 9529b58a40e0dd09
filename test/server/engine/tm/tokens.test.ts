import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizedKey, normalizeText } from '../../../../server/engine/tm/normalize.ts';
import { TokenKind, variableTokens } from '../../../../server/engine/tm/tokens.ts';

const raws = (text: string) => variableTokens(text).map((t) => t.raw);
const kinds = (text: string) => variableTokens(text).map((t) => t.kind);

describe('variableTokens', () => {
  it('finds printf placeholders, positional and Objective-C ones included', () => {
    expect(raws('%s of %1$d, %@ and %.2f or %-5s, %lld')).toEqual([
      '%s',
      '%1$d',
      '%@',
      '%.2f',
      '%-5s',
      '%lld',
    ]);
  });

  it('treats %% and a percent sign followed by a space as prose', () => {
    expect(raws('100%% done')).toEqual(['100']);
    expect(raws('50% off')).toEqual(['50']);
  });

  it('finds ICU arguments and i18next interpolations as one token each', () => {
    expect(raws('Hi {name}, {0} of {count, number} and {{user}}')).toEqual([
      '{name}',
      '{0}',
      '{count, number}',
      '{{user}}',
    ]);
    expect(kinds('{name} {{x}}')).toEqual([TokenKind.placeholder, TokenKind.placeholder]);
  });

  it('tells opening, closing and empty tags apart', () => {
    expect(variableTokens('<b>Bold</b> <x id="1"/> <br>').map((t) => [t.raw, t.kind])).toEqual([
      ['<b>', TokenKind.openTag],
      ['</b>', TokenKind.closeTag],
      ['<x id="1"/>', TokenKind.emptyTag],
      ['<br>', TokenKind.openTag],
    ]);
  });

  it('finds standalone numbers with separators but not digits inside words', () => {
    expect(raws('Copy 1,000 files (2.5 GB) to mp3 folder h264')).toEqual(['1,000', '2.5']);
  });

  it('does not take a lone comparison sign for a tag', () => {
    expect(raws('a < b and c > d')).toEqual([]);
  });
});

describe('normalizeText', () => {
  it('replaces each variable token by one mark of its kind', () => {
    const a = normalizeText('Delete 3 files');
    const b = normalizeText('Delete 5 files');
    expect(a.key).toBe(b.key);
    expect(a.key).toBe('Delete \u0005 files');
  });

  it('collapses and trims whitespace but remembers what it dropped', () => {
    const n = normalizeText('  Save\tall  files ');
    expect(n.key).toBe('Save all files');
    expect(n.ws).not.toBe(normalizeText('Save all files').ws);
    expect(normalizeText('Save all files').ws).toBe('');
  });

  it('composes Unicode so that precomposed and combining accents match', () => {
    expect(normalizeText('Cafe\u0301').key).toBe(normalizeText('Caf\u00e9').key);
  });

  it('turns control characters into spaces so they cannot pose as token marks', () => {
    expect(normalizeText('a\u0005b').key).toBe('a b');
  });

  it('gives the same key through normalizedKey, whatever the text', () => {
    const pieces = [
      'Save',
      'file',
      'é',
      'e\u0301',
      ' ',
      '  ',
      '\t',
      '\n',
      '\u00a0',
      '\u0005',
      '3',
      '1,000',
      '2.5',
      'mp3',
      '%s',
      '%1$d',
      '%%',
      '50% off',
      '{name}',
      '{{count}}',
      '{0, number}',
      '<b>',
      '</b>',
      '<br/>',
      '<x id="1"/>',
      'a < b',
      'İ',
      '日本',
      '🎉',
    ];
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (raw) => {
        expect(normalizedKey(raw)).toBe(normalizeText(raw).key);
      }),
      { numRuns: 3000 },
    );
    for (const raw of ['<b> Save </b>', 'Save <b>all</b> 3 files', ' %s ', 'plain text']) {
      expect(normalizedKey(raw)).toBe(normalizeText(raw).key);
    }
  });
});
