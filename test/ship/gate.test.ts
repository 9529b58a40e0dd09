import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { decide, describeFigures, type Figures } from '../../src/ship/gate.ts';
import { gateOf, gates, groupOf } from '../../src/ship/policy.ts';

const figures = (translated: number, reviewed = translated, qaErrors = 0, units = 100): Figures => ({
  units,
  translated,
  reviewed,
  qaErrors,
});

const config = (ship: string) =>
  loadConfig(
    `source: en\ntargets: [de, ja, fr]\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%two_letters_code%/%original_file_name%\n${ship}`,
  );

describe('language gates (issue 37)', () => {
  const gate = { minReviewed: { enter: 90, leave: 80 } };

  it('enters at enter, stays while it holds leave, leaves below it', () => {
    expect(decide(gate, figures(85), false)).toEqual({ ship: false, missing: ['5 units left to review'] });
    expect(decide(gate, figures(91), false)).toEqual({ ship: true, missing: [] });
    expect(decide(gate, figures(89), true)).toEqual({ ship: true, missing: [] });
    expect(decide(gate, figures(79), true)).toEqual({ ship: false, missing: ['1 unit left to review'] });
  });

  it('counts units left against the units there are, and QA errors', () => {
    const full = { minTranslated: { enter: 100, leave: 100 }, qa: 'errors' as const };
    expect(decide(full, figures(988, 0, 3, 1000), true)).toEqual({
      ship: false,
      missing: ['12 units left to translate', '3 QA errors'],
    });
    expect(decide(full, figures(0, 0, 0, 0), false).ship).toBe(true);
    expect(describeFigures(full, figures(988, 400, 3, 1000), true)).toBe(
      '98 % translated (gate 100), 40 % reviewed, 3 QA errors',
    );
  });

  it('reads ship: from .svc.yml: global, per file pattern, per language (a number alone is enter = leave)', () => {
    const c = config(
      'ship:\n  min_reviewed: { enter: 90, leave: 80 }\n  min_translated: 100\n  qa: errors\n  languages: { ja: { min_reviewed: 0, qa: "off" } }\n  files:\n    - pattern: locales/en/legal.json\n      min_translated: 0\n',
    );
    const policy = c.ship!;
    expect(gates(policy)).toBe(true);
    expect(groupOf(policy, 'locales/en/app.json')).toBe('');
    expect(groupOf(policy, 'locales/en/legal.json')).toBe('locales/en/legal.json');
    expect(gateOf(policy, 'de', '')).toEqual({
      minTranslated: { enter: 100, leave: 100 },
      minReviewed: { enter: 90, leave: 80 },
      qa: 'errors',
    });
    expect(gateOf(policy, 'ja', 'locales/en/legal.json')).toEqual({
      minTranslated: { enter: 0, leave: 0 },
      minReviewed: { enter: 0, leave: 0 },
      qa: 'off',
    });
    expect(decide(gateOf(policy, 'ja', ''), figures(100, 0, 2), false).ship).toBe(true);
    expect(config('').ship).toBeUndefined();
  });

  it('refuses a gate that cannot work, naming it', () => {
    expect(() => config('ship:\n  min_reviewed: { enter: 80, leave: 90 }\n')).toThrow(
      /ship\.min_reviewed.*leave must not be above enter/s,
    );
    expect(() => config('ship:\n  min_translated: 120\n')).toThrow(
      /ship\.min_translated.*percentage from 0 to 100/s,
    );
    expect(() => config('ship:\n  languages: { es: { min_translated: 50 } }\n')).toThrow(
      /ship\.languages\.es.*not a target language/s,
    );
    expect(() => config('ship:\n  min_reviewd: 90\n')).toThrow(/min_reviewd/);
  });
});
