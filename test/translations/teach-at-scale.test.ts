import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { runSync } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;
let root: string;
const LANGS = ['de', 'fr', 'ru'];
const FILES = 50;
const KEYS = 200;

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  root = await mkdtemp(join(tmpdir(), 'svc-teach-'));
  const put = async (path: string, text: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  };
  const json = (_f: number, text: (k: number) => string) =>
    `{\n${Array.from({ length: KEYS }, (_, k) => `  "k${k}": ${JSON.stringify(text(k))}`).join(',\n')}\n}\n`;
  for (let f = 0; f < FILES; f++) {
    await put(
      `locales/en/f${f}.json`,
      json(f, (k) => `String ${k} of file ${f}`),
    );
    for (const lang of LANGS)
      await put(
        `locales/${lang}/f${f}.json`,
        json(f, (k) => `${lang} ${k}/${f}`),
      );
  }
});

afterAll(async () => {
  await client.close();
  await p.close();
  await rm(root, { recursive: true, force: true });
});

describe('teaching the memories a repository’s existing translations', () => {
  it('imports 10,000 translations × 3 languages with one import per memory, and nothing on the next run', async () => {
    const imports: number[] = [];
    const original = client.memories.import;
    client.memories.import = (request, o) => {
      imports.push(request.memoryId);
      return original(request, o);
    };
    try {
      const settings = settingsFrom(
        `source: en\ntargets: [${LANGS.join(', ')}]\nmode: instant\nfiles:\n  - source: locales/en/*.json\n    translation: locales/%lang%/%file%\n`,
        '.svc.yml',
        { base: 'main' },
      );
      const sync = () =>
        runSync({
          client,
          workspace: root,
          settings,
          origin: { owner: 'acme', repo: 'big', ref: 'main' },
          sink: async () => undefined,
        });
      const first = await sync();
      expect(first.targets!.unitsSent).toBe(0);
      expect(Object.fromEntries(first.targets!.taught)).toEqual({ de: 10_000, fr: 10_000, ru: 10_000 });
      expect(imports).toHaveLength(3);
      expect(new Set(imports).size).toBe(3);
      await p.idle();
      for (const id of imports) {
        const [done] = await client.memories.imports(id);
        expect(done).toMatchObject({ status: 'succeeded', added: 10_000 });
      }
      const second = await sync();
      expect(second.targets!.taught.size).toBe(0);
      expect(imports).toHaveLength(3);
    } finally {
      client.memories.import = original;
    }
  });
});
