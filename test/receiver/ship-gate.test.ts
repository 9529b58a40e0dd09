import { describe, expect, it } from 'vitest';
import { emptyBatch } from '../../receiver/pull-request-batch/merge-base.ts';
import { gateBatch } from '../../receiver/pull-request-batch/ship-gate.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import type { SyncState, TargetRecord } from '../../src/contracts/sync-state.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';

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

describe('language gates at delivery (issue 37)', () => {
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
