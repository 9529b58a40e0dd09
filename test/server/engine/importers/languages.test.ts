import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pairSides,
  parseLanguageTag,
  pickPair,
  tagRank,
} from '../../../../server/engine/importers/languages.ts';
import { parseSdlDate, parseTmxDate } from '../../../../server/engine/importers/metadata.ts';

describe('language tags', () => {
  it('reads the spellings files use', () => {
    expect(parseLanguageTag('en-US')).toEqual({ lang: 'en', region: 'US' });
    expect(parseLanguageTag('EN_us')).toEqual({ lang: 'en', region: 'US' });
    expect(parseLanguageTag('zh-Hant-TW')).toEqual({ lang: 'zh', region: 'TW' });
    expect(parseLanguageTag('es-419')).toEqual({ lang: 'es', region: '419' });
    expect(parseLanguageTag('de')).toEqual({ lang: 'de', region: undefined });
    expect(parseLanguageTag('*all*')).toBeUndefined();
    expect(parseLanguageTag('')).toBeUndefined();
  });

  it('ranks exact locale over plain language and refuses another region', () => {
    const { source } = pairSides({ srclang: 'en', srclocale: 'US', trglang: 'de' });
    expect(tagRank(parseLanguageTag('en-US'), source)).toBe(2);
    expect(tagRank(parseLanguageTag('en'), source)).toBe(1);
    expect(tagRank(parseLanguageTag('en-GB'), source)).toBe(0);
    expect(tagRank(parseLanguageTag('fr-US'), source)).toBe(0);
  });

  it('never picks the same item for both sides', () => {
    const sides = pairSides({ srclang: 'en', trglang: 'en' });
    const tag = fc.constantFrom('en', 'en-US', 'en-GB', 'de', 'en_gb');
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 6 }), (tags) => {
        const picked = pickPair(
          tags.map((raw, i) => ({ raw, i })),
          (item) => parseLanguageTag(item.raw),
          sides,
        );
        if (picked) expect(picked.source).not.toBe(picked.target);
        const english = tags.filter((raw) => raw.startsWith('en')).length;
        expect(picked !== undefined).toBe(english >= 2);
      }),
    );
  });
});

describe('dates', () => {
  it('reads TMX dates as UTC and rejects impossible ones', () => {
    expect(parseTmxDate('20230412T081503Z')).toBe(Date.UTC(2023, 3, 12, 8, 15, 3));
    expect(parseTmxDate('20230231T000000Z')).toBeUndefined();
    expect(parseTmxDate('2023-04-12')).toBeUndefined();
  });

  it('reads Trados dates with and without AM/PM', () => {
    expect(parseSdlDate('02/01/2024 09:30:12')).toBe(Date.UTC(2024, 1, 1, 9, 30, 12));
    expect(parseSdlDate('2/1/2024 9:30:12 PM')).toBe(Date.UTC(2024, 1, 1, 21, 30, 12));
    expect(parseSdlDate('2/1/2024 12:00:00 AM')).toBe(Date.UTC(2024, 1, 1, 0, 0, 0));
    expect(parseSdlDate('13/01/2024 09:30:12')).toBeUndefined();
  });
});
