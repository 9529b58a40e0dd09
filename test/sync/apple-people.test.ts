/**
 * Issue 34, findings 3 and 10 (Apple part), synced end to end (instant mode, writing) against a
 * real platform, on a real app's shape (Mastodon for iOS: test/fixtures/stringsdict/mastodon-*):
 * - the run does not fail: no delta made of wordless units (`%#@character_count@`) is uploaded;
 * - an MT that would rename a variable it sees (`character_count`) never sees one: `%#@…@` is
 *   protected, so every `%#@name@` we write names a variable of its entry;
 * - people's Russian format keys and plural forms (empty ones, and a rule holding `one` and
 *   `other` only) stay byte for byte; only the entry the file lacks is written;
 * - a String Catalog written as `"key": value` keeps its spelling, its French plurals do not gain
 *   `many`, and French "Browser" for "Browser" arrives;
 * - a second sync changes no byte.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

/** MT that renames a variable it is shown (as the did) and marks everything else. */
const mt = {
  name: 'renames-variables',
  async translate(req: { sources: string[] }) {
    return req.sources.map((s) => ({
      target: s === 'Browser' ? s : `RU[${s.replaceAll('character_count', 'количество_символов')}]`,
    }));
  },
};

const fixture = (path: string) => readFileSync(join('test/fixtures', path));

const CONFIG = `source: en
targets: [ru, fr]
mode: instant
files:
  - source: App/en.lproj/Localizable.stringsdict
    translation: App/%lang%.lproj/Localizable.stringsdict
  - source: App/*.xcstrings
    translation: App/%file%
`;

let p: TestPlatform;
let client: Client;
let ws: Awaited<ReturnType<typeof workspaceSync>>;
const put = (path: string, bytes: string | Uint8Array) => ws.put(path, bytes);
const read = (path: string) => ws.read(path);
const sync = () => ws.sync();

const RU_PATH = 'App/ru.lproj/Localizable.stringsdict';
const CATALOG_PATH = 'App/Localizable.xcstrings';
const RU_BEFORE = fixture('stringsdict/mastodon-ru.stringsdict').toString('utf8');
const CATALOG_BEFORE = fixture('xcstrings/fr-colon.xcstrings').toString('utf8');
let first: SyncResult;
const after = new Map<string, string>();

beforeAll(async () => {
  p = await startPlatform({ mt });
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'apple-people' });
  await put('App/en.lproj/Localizable.stringsdict', fixture('stringsdict/mastodon-en.stringsdict'));
  await put(RU_PATH, RU_BEFORE);
  await put(CATALOG_PATH, CATALOG_BEFORE);
  first = await sync();
  for (const path of [RU_PATH, CATALOG_PATH, 'App/fr.lproj/Localizable.stringsdict'])
    after.set(path, await read(path));
});

afterAll(async () => {
  await client.close();
  await p.close();
  await ws?.remove();
});

/** plistlib's reading of a written file, when python3 is here (the oracle test says why it counts). */
function plistlib(text: string): Record<string, Record<string, unknown>> | undefined {
  const script = 'import json, plistlib, sys; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))';
  const run = spawnSync('python3', ['-c', script], { input: text, encoding: 'utf8' });
  if (run.error) {
    if (process.env['CI']) throw new Error('python3 is missing (Debian package python3)');
    console.warn('skipped: the plistlib check needs the Debian package python3');
    return undefined;
  }
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('a Russian .stringsdict people translated', () => {
  it('syncs without failing, and writes the one entry the file lacks', () => {
    expect(first.failures ?? []).toEqual([]);
    const ru = after.get(RU_PATH)!;
    // Every line people wrote is still there, in their order; the new entry comes before the end.
    const end = RU_BEFORE.lastIndexOf('  </dict>\n</plist>');
    expect(ru.startsWith(RU_BEFORE.slice(0, end))).toBe(true);
    expect(ru.endsWith(RU_BEFORE.slice(end))).toBe(true);
    expect(ru.slice(end)).toContain('<key>plural.count.vote</key>');
  });

  it('names only variables its entries have: the MT never saw one to rename', () => {
    for (const path of [RU_PATH, 'App/fr.lproj/Localizable.stringsdict']) {
      const text = after.get(path)!;
      expect(text, path).not.toContain('количество_символов');
      const plist = plistlib(text);
      if (!plist) continue;
      for (const [key, entry] of Object.entries(plist)) {
        const format = entry.NSStringLocalizedFormatKey as string;
        for (const [, name] of format.matchAll(/%(?:\d+\$)?#@([^@]*)@/g))
          expect(entry[name!], `${path} ${key}: %#@${name}@`).toBeTypeOf('object');
      }
    }
  });
});

describe('a French String Catalog written as "key": value', () => {
  it('keeps its spelling and its French plurals; "Browser" arrives as French', () => {
    const catalog = after.get(CATALOG_PATH)!;
    expect(catalog).not.toContain('" : ');
    const json = JSON.parse(catalog);
    expect(json.strings.Browser.localizations.fr.stringUnit.value).toBe('Browser');
    // French plurals people wrote with one and other: as they were (no `many` added); Russian,
    // new, gets the categories Russian needs.
    for (const key of ['%lld photos', '%lld items']) {
      expect(json.strings[key].localizations.fr, key).toEqual(
        JSON.parse(CATALOG_BEFORE).strings[key].localizations.fr,
      );
      expect(Object.keys(json.strings[key].localizations.ru.variations.plural).sort()).toEqual([
        'few',
        'many',
        'one',
        'other',
      ]);
    }
    // Every line of the catalog is still there, in its order.
    const lines = catalog.split('\n');
    let at = 0;
    for (const line of CATALOG_BEFORE.split('\n').filter((l) => l.trim() !== '')) {
      const found = lines.indexOf(line, at);
      expect(found, `line ${JSON.stringify(line)} kept`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});

describe('a second sync', () => {
  it('changes no byte', async () => {
    const second = await sync();
    expect(second.failures ?? []).toEqual([]);
    for (const [path, text] of after) expect(await read(path), path).toBe(text);
  });
});
