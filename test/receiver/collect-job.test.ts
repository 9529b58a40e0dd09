import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { collectJob } from '../../receiver/handlers/job-deliver.ts';
import { Deliveries } from '../../receiver/pull-request-batch/deliveries.ts';
import { type Client, ZipError } from '../../src/api/index.ts';
import { loadConfig } from '../../src/config/index.ts';

const config = loadConfig(
  'source: en\ntargets: [de]\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n',
);
const source = new TextEncoder().encode('{"a": "A"}\n');
const file = {
  id: 7,
  name: 'locales/en/app.json',
  file_hash: '',
  detected_lang: 'en',
  detected_lang_confidence: 1,
  category: 'API' as const,
  labels: ['repo:acme/app', 'ref:main', 'job:3'],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

/** The few platform calls collectJob makes, answering with the zip given. */
function platformServing(zip: Uint8Array): Client {
  const job = { id: 3, isProcessing: 0 };
  return {
    jobs: {
      export: async () => job,
      get: async () => job,
      download: async () => Readable.from([Buffer.from(zip)]),
      stats: async () => ({ exactWords: 0, fuzzyWords: 0, newWords: 1 }),
    },
    files: { download: async () => source },
  } as unknown as Client;
}

const collect = (zip: Uint8Array) => {
  const into = new Deliveries();
  const run = collectJob(
    platformServing(zip),
    config,
    { jobId: 3, files: [file] },
    into,
    new AbortController().signal,
  );
  return { into, run };
};

describe('collectJob with an archive it must not trust', () => {
  it('refuses a zip whose entry climbs out with ../ and places nothing', async () => {
    const { into, run } = collect(
      zipSync({ '../../.github/workflows/x.yml': new TextEncoder().encode('on: push') }),
    );
    await expect(run).rejects.toBeInstanceOf(ZipError);
    expect(into.delivered()).toHaveLength(0);
  });

  it("skips entries that are not the job's files, and places the job's file only at its configured path", async () => {
    const { into, run } = collect(
      zipSync({
        'de/.github/workflows/x.yml': new TextEncoder().encode('on: push'),
        'de/locales/en/app.json': new TextEncoder().encode('{"a": "Ä"}\n'),
      }),
    );
    await run;
    expect(into.delivered().map((d) => d.path)).toEqual(['locales/de/app.json']);
    expect(into.notes).toEqual([
      expect.stringContaining('"de/.github/workflows/x.yml" is not one of the job\'s files'),
    ]);
  });
});
