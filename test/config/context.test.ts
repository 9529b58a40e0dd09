import { describe, expect, it } from 'vitest';
import { keyMatches } from '../../src/config/context.ts';
import { contextFileFor, loadContextFile } from '../../src/config/context-file.ts';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import type { Unit } from '../../src/formats/model.ts';
import { formatByName } from '../../src/formats/registry.ts';
import { repositoryContext, rulesFor, withContext } from '../../src/translations/unit-context.ts';

const base = `source: en
targets: [de]
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;

const unit = (id: string, extra: Partial<Unit> = {}): Unit => ({
  id,
  source: id,
  notes: [],
  flags: [],
  translatable: true,
  location: { line: 1, column: 1, offset: 0, length: 1 },
  ...extra,
});

describe('context rules', () => {
  it('reads context: from .svc.yml with every field', () => {
    const config = loadConfig(`${base}context:
  - keys: 'settings.*'
    files: 'locales/en/*.json'
    description: Labels on the settings screen's tabs
    max_length: 16
    max_width: { px: 120, font: Roboto-14 }
    do_not_translate: false
    placeholders: { count: number of unread messages, name: { example: Ada } }
`);
    expect(config.context).toEqual([
      {
        origin: '.svc.yml',
        keys: ['settings.*'],
        files: 'locales/en/*.json',
        fields: {
          description: "Labels on the settings screen's tabs",
          maxLength: 16,
          maxWidth: { px: 120, font: 'Roboto-14' },
          doNotTranslate: false,
          placeholders: { count: { description: 'number of unread messages' }, name: { example: 'Ada' } },
        },
      },
    ]);
  });

  it('refuses a bad entry in .svc.yml naming the key path and line', () => {
    const bad = `${base}context:
  - keys: 'a.*'
    max_length: -3
  - keys: 'b'
  - keys: 'c'
    descripton: typo
`;
    const error = (() => {
      try {
        loadConfig(bad);
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toContain('context[0].max_length: must be a positive whole number of characters');
    expect(error!.message).toContain('context[1]: says nothing about its keys');
    expect(error!.message).toContain('unknown key "descripton" (did you mean "description"?)');
    expect(error!.issues.find((i) => i.keyPath === 'context[0].max_length')?.line).toBe(8);
  });

  it('reads a *.context.yml beside its source and refuses bad entries at their line', () => {
    expect(contextFileFor('locales/en/common.json')).toBe('locales/en/common.context.yml');
    const rules = loadContextFile(
      "context:\n  - keys: ['title', 'tabs.*']\n    max_length: 12\n",
      'locales/en/common.context.yml',
      'locales/en/common.json',
    );
    expect(rules).toEqual([
      {
        origin: 'locales/en/common.context.yml',
        keys: ['title', 'tabs.*'],
        sourcePath: 'locales/en/common.json',
        fields: { maxLength: 12 },
      },
    ]);
    expect(() =>
      loadContextFile(
        'context:\n  - keys: title\n    max_length: twelve\n',
        'locales/en/common.context.yml',
        'locales/en/common.json',
      ),
    ).toThrow(
      /^locales\/en\/common\.context\.yml:3:17: context\[0\]\.max_length: must be a positive whole number/,
    );
  });

  it('matches keys: * across dots, ? one character, {a,b} either', () => {
    expect(keyMatches('settings.*', 'settings.tabs.general')).toBe(true);
    expect(keyMatches('settings.*', 'settingsX')).toBe(false);
    expect(keyMatches('tab?', 'tab1')).toBe(true);
    expect(keyMatches('{a,b}.title', 'b.title')).toBe(true);
    expect(keyMatches('a.(b)', 'a.(b)')).toBe(true);
  });

  it('merges file < config < context file, and do_not_translate leaves a unit out', () => {
    const config = loadConfig(`${base}context:
  - keys: '*'
    description: from config
    max_length: 30
  - keys: 'brand'
    do_not_translate: true
  - keys: '*'
    files: 'other/*.json'
    description: not about this file
`);
    const fileRules = loadContextFile(
      'context:\n  - keys: title\n    max_length: 10\n',
      'locales/en/common.context.yml',
      'locales/en/common.json',
    );
    const rules = rulesFor([...(config.context ?? []), ...fileRules], 'locales/en/common.json');
    const units = withContext(
      [unit('title', { description: 'from the file', maxLength: 50 }), unit('brand'), unit('body')],
      rules,
    );
    expect(units[0]).toMatchObject({ description: 'from config', maxLength: 10 });
    expect(units[1]).toMatchObject({ translatable: false, leftOut: 'do_not_translate (.svc.yml)' });
    expect(units[2]).toMatchObject({ description: 'from config', maxLength: 30 });
    const owned = repositoryContext(units, rules);
    expect(owned[0]).toMatchObject({
      id: 'title',
      origins: { description: '.svc.yml', maxLength: 'locales/en/common.context.yml' },
    });
  });

  it('keeps the location of lazily located units (JSON) it puts context over', () => {
    const units = formatByName('json')!.parse(new TextEncoder().encode('{\n  "a": "A",\n  "b": "B"\n}\n'));
    const rules = loadContextFile('context:\n  - keys: b\n    max_length: 3\n', 'x.context.yml', 'x.json');
    const [, b] = withContext(units, rules);
    expect(b).toMatchObject({ id: 'b', maxLength: 3, location: { line: 3, column: 9 } });
  });
});

describe('sending context in requests the platform takes', () => {
  it('splits by bytes, a file going on with append, every unit sent once in order', async () => {
    const { contextRequests } = await import('../../src/sync/context.ts');
    const unitsOf = (name: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `${name}.${i}`, description: 'x'.repeat(80), origins: {} }));
    const payload = [
      { name: 'a.json', units: unitsOf('a', 5) },
      { name: 'empty.json', units: [] },
      { name: 'b.json', units: unitsOf('b', 30) },
    ];
    const requests = contextRequests(payload, 1200);
    expect(requests.length).toBeGreaterThan(2);
    for (const r of requests) {
      const bytes = Buffer.byteLength(JSON.stringify(r));
      expect(bytes).toBeLessThan(1200 + 200);
    }
    const flat = requests.flat();
    expect(flat.filter((f) => f.name === 'b.json')[0]!.append).toBeUndefined();
    expect(
      flat
        .filter((f) => f.name === 'b.json')
        .slice(1)
        .every((f) => f.append === true),
    ).toBe(true);
    expect(flat.flatMap((f) => f.units.map((u) => u.id))).toEqual([
      ...payload.flatMap((f) => f.units.map((u) => u.id)),
    ]);
    expect(flat.some((f) => f.name === 'empty.json' && f.units.length === 0 && !f.append)).toBe(true);
  });
});
