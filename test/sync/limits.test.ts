import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const FILES = 2000;
const TARGETS = ['de', 'fr', 'es', 'it', 'ja', 'pt-BR', 'nl', 'pl'];
let p: TestPlatform;
let root: string;

beforeAll(async () => {
  p = await startPlatform({ limits: { windowMs: 1000 } });
  root = await mkdtemp(join(tmpdir(), 'svc-limits-'));
  for (let d = 0; d < FILES / 100; d++) {
    await mkdir(join(root, 'locales/en', `area${d}`), { recursive: true });
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const messages = Object.fromEntries(
          Array.from({ length: 6 }, (_, k) => [
            `m${k}`,
            `Message ${k} of screen ${d}-${i}, with a little more text to translate.`,
          ]),
        );
        return writeFile(
          join(root, 'locales/en', `area${d}`, `s${i}.json`),
          JSON.stringify(messages, null, 2),
        );
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await p.close();
  await rm(root, { recursive: true, force: true });
});

describe('the Action within the limits', () => {
  it(`${FILES} source files × ${TARGETS.length} targets in instant mode finish with zero 429 (1 s windows)`, async () => {
    const client = createClient({ baseUrl: p.url, apiKey: p.key, limits: { windowMs: 1000 } });
    const settings = settingsFrom(
      `source: en\ntargets: [${TARGETS.join(', ')}]\nmode: instant\nfiles:\n  - source: locales/en/**/*.json\n    translation: locales/%lang%/**/%file%\n`,
      '.svc.yml',
      { base: 'main' },
    );
    const result = await runSync({
      client,
      workspace: root,
      settings,
      origin: { owner: 'acme', repo: 'big', ref: 'main' },
    });
    expect(result.uploaded).toHaveLength(FILES);
    expect(result.translations).toHaveLength(FILES * TARGETS.length);
    // More characters than one window allows: the run had to wait for later windows.
    expect(result.sources.reduce((n, f) => n + f.characters, 0) * TARGETS.length).toBeGreaterThan(2_500_000);
    expect(client.transport.counters.rateLimited).toBe(0);
    await client.close();
  }, 300_000);
});
