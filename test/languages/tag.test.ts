import { describe, expect, it } from 'vitest';
import { parseLanguageSubtags } from '../../src/languages/tag.ts';

describe('parseLanguageSubtags', () => {
  it('splits language, script and region in BCP 47 order and case, with - or _', () => {
    expect(parseLanguageSubtags('zh-hant-tw')).toEqual({
      language: 'zh',
      extlang: [],
      script: 'Hant',
      region: 'TW',
      rest: [],
    });
    expect(parseLanguageSubtags('PT_br')).toMatchObject({ language: 'pt', region: 'BR', rest: [] });
    expect(parseLanguageSubtags('es-419')).toMatchObject({ language: 'es', region: '419' });
  });

  it('reads an extended language before the region (zh-yue-HK is Cantonese in Hong Kong)', () => {
    expect(parseLanguageSubtags('zh-yue-HK')).toMatchObject({
      language: 'zh',
      extlang: ['yue'],
      region: 'HK',
    });
  });

  it('leaves variants and extensions to the caller, and takes no region from among them', () => {
    expect(parseLanguageSubtags('de-DE-1996')).toMatchObject({ region: 'DE', rest: ['1996'] });
    expect(parseLanguageSubtags('en-x-US')).toMatchObject({ region: undefined, rest: ['x', 'US'] });
  });

  it('refuses a first subtag that is not a two- or three-letter language', () => {
    for (const tag of ['', '*all*', 'english', 'e', '12-US', '-en'])
      expect(parseLanguageSubtags(tag), tag).toBeUndefined();
  });
});
