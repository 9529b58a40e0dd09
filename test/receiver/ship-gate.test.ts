import { describe, expect, it } from 'vitest';
import { emptyBatch } from '../../receiver/pull-request-batch/merge-base.ts';
import { gateBatch } from '../../receiver/pull-request-batch/ship-gate.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import type { SyncState, TargetRecord } from '../../src/contracts/sync-state.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { applyLocaleLists } from '../../src/locale-lists/apply.ts';

const settings = settingsFrom(
  `source: en
targets: [de, ja]
files:
  - source: locales/en/app.json
    translation: locales/%lang%/app.json
ship:
  min_reviewed: { enter: 90, leave: 80 }
`,
  '.svc.yml',
  { base: 'main' },
);

const ids = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);
/** A target of 10 units: `people` translated by people on the base, `delivered` waiting (machine or not). */
function record(people: number, delivered: number, machine: boolean): TargetRecord {
  return {
    size: 10,
    source: 'locales/en/app.json',
    units: Object.fromEntries(ids(people).map((id) => [id, { s: 'x', t: 'y' }])),
    pending: Object.fromEntries(
      ids(10)
        .slice(people, people + delivered)
        .map((id) => [id, { s: 'x', text: 'z', ...(machine ? { m: true as const } : {}) }]),
    ),
  };
}

function batchOf(langs: string[]) {
  const batch = emptyBatch();
  for (const lang of langs) {
    const path = `locales/${lang}/app.json`;
    batch.files.push({ path, content: new TextEncoder().encode('{}\n') });
    batch.described.push({ target: lang, path, sourcePath: 'locales/en/app.json', words: 10 });
    batch.sources.set(path, {
      sourcePath: 'locales/en/app.json',
      source: new TextEncoder().encode('{}\n'),
      format: jsonFormat,
      langs: [lang],
    });
  }
  return batch;
}

/** A target of `size` units, `reviewed` of them delivered by a job (people's work), the rest by MT. */
function delivered(size: number, reviewed: number, machine = 0): TargetRecord {
  return {
    size,
    source: 'locales/en/app.json',
    units: {},
    pending: Object.fromEntries(
      ids(reviewed + machine).map((id, i) => [
        id,
        { s: 'x', text: 'z', ...(i >= reviewed ? { m: true as const } : {}) },
      ]),
    ),
  };
}

describe('language gates at delivery (issue 37)', () => {
  it("the issue's path: 85 % gets no file, 91 % ships and joins the locale list, 89 % after a new string stays, 79 % is held with its files as they were", () => {
    const ja = 'locales/ja/app.json';
    const lists = {
      ...settings,
      localeLists: [
        { path: 'src/i18n/config.json', kind: 'json' as const, at: '/supportedLngs', removeHeldBack: false },
      ],
    };
    const listed = (_state: SyncState, gated: ReturnType<typeof gateBatch>) =>
      applyLocaleLists(
        lists,
        new Map([['src/i18n/config.json', new TextEncoder().encode('{ "supportedLngs": ["en"] }\n')]]),
        gated!.reports,
        () => {},
      ).changes;
    const state: SyncState = {
      version: 1,
      targets: { de: { 'locales/de/app.json': delivered(100, 100) }, ja: { [ja]: delivered(100, 85) } },
    };

    let gated = gateBatch(settings, state, batchOf(['ja']))!;
    expect(gated.held.has(ja)).toBe(true);
    expect(gated.reports.find((r) => r.lang === 'ja')!.missing).toEqual(['5 units left to review']);
    expect(listed(state, gated)).toEqual([{ path: 'src/i18n/config.json', added: ['de'], removed: [] }]);

    state.targets.ja![ja] = delivered(100, 91);
    gated = gateBatch(settings, state, batchOf(['ja']))!;
    expect(gated.held.size).toBe(0);
    expect(listed(state, gated)).toEqual([
      { path: 'src/i18n/config.json', added: ['de', 'ja'], removed: [] },
    ]);

    // A new source string, translated by MT as today: 90 of 101 reviewed (89 %), above leave 80.
    state.targets.ja![ja] = delivered(101, 90, 1);
    gated = gateBatch(settings, state, batchOf(['ja']))!;
    expect(gated.held.size).toBe(0);
    expect(gated.reports.find((r) => r.lang === 'ja')).toMatchObject({ ship: true, was: true });

    state.targets.ja![ja] = delivered(100, 79, 21);
    gated = gateBatch(settings, state, batchOf(['ja']))!;
    expect(gated.held.has(ja)).toBe(true);
    expect(gated.reports.find((r) => r.lang === 'ja')).toMatchObject({
      ship: false,
      was: true,
      missing: ['11 units left to review'],
    });
    // Held after it shipped: the app keeps listing it (its files stay as last shipped).
    expect(listed(state, gated)).toEqual([
      { path: 'src/i18n/config.json', added: ['de', 'ja'], removed: [] },
    ]);
  });

  it('holds back a language whose delivery is machine output, and ships one people reviewed', () => {
    const state: SyncState = {
      version: 1,
      targets: {
        de: { 'locales/de/app.json': record(9, 1, false) },
        ja: { 'locales/ja/app.json': record(0, 10, true) },
      },
    };
    const gated = gateBatch(settings, state, batchOf(['de', 'ja']))!;
    expect([...gated.held]).toEqual(['locales/ja/app.json']);
    expect(gated.reports.map((r) => [r.lang, r.ship, r.figures.reviewed, r.missing])).toEqual([
      ['de', true, 10, []],
      ['ja', false, 0, ['9 units left to review']],
    ]);
    expect(state.shipped).toEqual({ de: [''], ja: [] });
  });

  it('a job delivery of every unit, reviewed by people in the workbench, lets the language in', () => {
    const state: SyncState = {
      version: 1,
      targets: { ja: { 'locales/ja/app.json': record(0, 10, false) } },
      shipped: { de: [''], ja: [] },
    };
    const gated = gateBatch(settings, state, batchOf(['ja']))!;
    expect(gated.held.size).toBe(0);
    expect(gated.reports.find((r) => r.lang === 'ja')).toMatchObject({ ship: true, was: false });
    expect(state.shipped).toEqual({ de: [''], ja: [''] });
  });

  it('does nothing without a ship: policy', () => {
    const plain = settingsFrom(
      'source: en\ntargets: [de]\nfiles:\n  - source: a/en.json\n    translation: a/%lang%.json\n',
      '.svc.yml',
      { base: 'main' },
    );
    expect(gateBatch(plain, { version: 1, targets: {} }, batchOf(['de']))).toBeUndefined();
  });
});
