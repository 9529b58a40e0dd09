/**
 * `svc-connector pseudo` in a repository as projects keep one: every configured source gets its
 * pseudo target at the configured path (values-en-rXA, en-XA.po, messages_en-XA.properties …), and
 * nothing else changes — no source, no real translation. A real target language, a tag that is no
 * pseudo-locale and a bad --expand are refused with a message naming the problem.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/index.ts';
import { detectFormat } from '../../src/formats/registry.ts';
import { decodeMarkedText } from '../../src/pseudo/markers.ts';
import { runPseudo } from '../../src/pseudo/run.ts';
import { repoRoot } from '../support/processes.ts';

const pseudo = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'src/cli/main.ts'), 'pseudo', '--root', root, ...args], {
    encoding: 'utf8',
  });
const tmp = mkdtempSync(join(tmpdir(), 'svc-pseudo-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let copies = 0;
function copyOf(fixture: string): string {
  const dir = join(tmp, String(copies++));
  cpSync(join(repoRoot, 'test/fixtures/qa', fixture), dir, { recursive: true });
  return dir;
}

/** Every file under `dir` with the SHA-256 of its bytes. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, f);
    if (statSync(path).isFile()) out.set(f, createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return out;
}

describe('svc-connector pseudo', () => {
  it('writes the en-XA target of every source at its translation path and changes no other file', () => {
    const root = copyOf('app');
    const before = snapshot(root);
    const run = pseudo(root, '--lang', 'en-XA', '--mark-keys');
    expect(run.status, run.stderr).toBe(0);
    const after = snapshot(root);
    for (const [path, hash] of before) expect(after.get(path), path).toBe(hash);
    const added = [...after.keys()].filter((p) => !before.has(p)).sort();
    expect(added).toEqual([
      'config/locales/en-XA.yml',
      'l10n/app_en-XA.arb',
      'locales/en-XA.json',
      'po/en-XA.po',
      'res/values-en-rXA/strings.xml',
      'xliff/messages.en-XA.xlf',
    ]);
    expect(run.stdout).toContain(
      'res/values-en-rXA/strings.xml: 4 units (en-XA, from res/values/strings.xml)',
    );
    expect(run.stdout.trim().split('\n').at(-1)).toBe('6 en-XA files written, keys marked');
    // The catalog holds every language in the source itself: said so, not written.
    expect(run.stderr).toContain('ios/Localizable.xcstrings: not written:');
    const json = readFileSync(join(root, 'locales/en-XA.json'), 'utf8');
    expect(decodeMarkedText(json).map((m) => m.key)).toEqual([
      'greeting',
      'cart.items',
      'cart.items',
      'cart.checkout',
      'nested',
      'legal',
      'title',
    ]);
  });

  it('writes Apple, Java, XLIFF 2, CSV and Markdown targets for ar-XB, right-to-left', () => {
    const root = copyOf('apple-java');
    const before = snapshot(root);
    const run = pseudo(root, '--lang', 'ar-XB');
    expect(run.status, run.stderr).toBe(0);
    const added = [...snapshot(root).keys()].filter((p) => !before.has(p)).sort();
    expect(added).toEqual([
      'csv/strings-ar-XB.csv',
      'docs/guide.ar-XB.md',
      'ios/ar-XB.lproj/Localizable.strings',
      'ios/ar-XB.lproj/Localizable.stringsdict',
      'java/messages_ar-XB.properties',
      'xliff2/messages.ar-XB.xlf',
    ]);
    const strings = readFileSync(join(root, 'ios/ar-XB.lproj/Localizable.strings'));
    const units = detectFormat('Localizable.strings', strings)!.parse(strings);
    expect(units.every((u) => u.source.includes('\u202e'))).toBe(true);
  });

  it('refuses a pseudo-locale that is one of the real target languages, writing nothing', () => {
    const root = copyOf('app');
    const config = join(root, '.svc.yml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('targets: [de, ru]', 'targets: [de, ru, en-XA]'),
    );
    const before = snapshot(root);
    const run = pseudo(root, '--lang', 'en-XA');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'svc-connector pseudo: en-XA is one of the languages in .svc.yml: pseudo text never overwrites real translations; pick another pseudo-locale (en-XA, ar-XB)\n',
    );
    expect(snapshot(root)).toEqual(before);
  });

  it('refuses a real language, a bad --expand, and a path that is a real target', async () => {
    const root = copyOf('app');
    const de = pseudo(root, '--lang', 'de');
    expect(de.status).toBe(2);
    expect(de.stderr).toContain('"de" is not a pseudo-locale: use en-XA');
    const expand = pseudo(root, '--lang', 'en-XA', '--expand', 'lots');
    expect(expand.status).toBe(2);
    expect(expand.stderr).toBe('svc-connector pseudo: --expand must be a whole percentage, got "lots"\n');
    // A languages_mapping that sends the pseudo-locale onto German's file.
    const config = await readConfig(root, '.svc.yml');
    const mapped = { ...config, languagesMapping: { lang: { 'en-XA': 'de' } } };
    await expect(runPseudo({ root, config: mapped, lang: 'en-XA', write: async () => {} })).rejects.toThrow(
      'the en-XA target of locales/en.json would be locales/de.json, which is the de translation',
    );
  });

  it('--expand changes the padding; without --mark-keys no marker is written', () => {
    const root = copyOf('app');
    expect(pseudo(root, '--lang', 'en-XA', '--expand', '0').status).toBe(0);
    const json = JSON.parse(readFileSync(join(root, 'locales/en-XA.json'), 'utf8')) as {
      cart: { checkout: string };
    };
    expect(json.cart.checkout).toBe('[Ĝö ţö ţĥé šĥöþþîñĝ çåŕţ]');
    expect(decodeMarkedText(JSON.stringify(json))).toEqual([]);
  });
});
