/** The run's summary names every unit left out on purpose, per file and reason (DESIGN §10). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../../src/sync/run.ts';
import { syncSummary } from '../../src/sync/summary.ts';
import { analyseSourceFile, isProblem, type SourceFile } from '../../src/translations/source-file.ts';

function source(path: string, fixture: string): SourceFile {
  const file = analyseSourceFile(path, new Uint8Array(readFileSync(fixture)), { lang: 'en' });
  if (isProblem(file)) throw new Error(file.message);
  return file;
}

const sources = [
  source('app/src/main/res/values/strings.xml', 'test/fixtures/android/newpipe_strings.xml'),
  source('app/src/main/res/values/donottranslate.xml', 'test/fixtures/android/donottranslate.xml'),
  source('assets/l10n/intl_en.arb', 'test/fixtures/arb/typed_en.arb'),
];
const result: SyncResult = {
  mode: 'instant',
  sources,
  problems: [],
  uploaded: [],
  skipped: sources,
  wouldUpload: [],
  translations: [],
  written: [],
  failures: [],
};

describe('syncSummary: units left out on purpose', () => {
  it('counts them per file and reason, and leaves them out of the unit counts', () => {
    expect(sources.map((f) => [f.units, f.leftOut.map((l) => [l.reason, l.count])])).toEqual([
      [10, [['translatable="false"', 5]]],
      [
        1,
        [
          ['in a donottranslate file (every string in it is untranslatable)', 7],
          ['translatable="false"', 1],
        ],
      ],
      [13, [['ARB type "image" (not text)', 1]]],
    ]);
  });

  it('lists them in the step summary (Markdown) and in the terminal', () => {
    const markdown = syncSummary(result, { targets: ['de', 'ru'] });
    expect(markdown).toContain(
      [
        '**Left out on purpose (never sent, never written to a target)**',
        '',
        '- `app/src/main/res/values/strings.xml:18`: 5 units left out: translatable="false" (app_name, build_flavor, service_names[0], …)',
        '- `app/src/main/res/values/donottranslate.xml:6`: 7 units left out: in a donottranslate file (every string in it is untranslatable) (fdroid_vlc_url, rss_button_title, guru_meditation, …)',
        '- `app/src/main/res/values/donottranslate.xml:8`: 1 unit left out: translatable="false" (streams_notification_channel_id)',
        '- `assets/l10n/intl_en.arb:83`: 1 unit left out: ARB type "image" (not text) (appLogo)',
      ].join('\n'),
    );
    const text = syncSummary(result, { targets: ['de'], format: 'text' });
    expect(text).toContain(
      'Left out on purpose (never sent, never written to a target):\n  - app/src/main/res/values/strings.xml:18: 5 units left out',
    );
  });

  it('says nothing when no unit is left out', () => {
    const plain = { ...result, sources: [sources[0]!].map((f) => ({ ...f, leftOut: [] })) };
    expect(syncSummary(plain, { targets: ['de'] })).not.toContain('Left out');
  });
});
