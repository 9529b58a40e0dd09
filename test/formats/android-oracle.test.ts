/**
 * Android's own resource compiler as the oracle (issue 34, build item 2). Debian ships aapt (the
 * Android 10 aapt, package `aapt`), not aapt2; both build string resources by the same rules
 * (escapes, quoting, whitespace, styled text, plurals), and aapt also warns of a string "marked
 * untranslatable but exists in locale" — Android Lint's Untranslatable. So:
 * - every fixture compiles, and the unit set our reader sees equals the strings aapt compiles
 *   (same names, same text once markup is taken out, since aapt keeps styles as spans apart);
 * - every target file our writer makes (a new values-de and values-ru) compiles with the default
 *   resources, with no warning, and gives back the texts we meant; what the default resources keep
 *   to themselves (translatable="false") is not in it.
 * Product variants (`name#product`) are left to the build: aapt keeps the default product only.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { defaultResourcesOnly, REFERENCE } from '../../src/formats/android/read.ts';
import type { PluralCategory, PluralForms, Unit } from '../../src/formats/model.ts';
import { newTarget } from '../../src/formats/target.ts';
import { debianTool } from '../support/debian-tool.ts';

const aapt = debianTool('aapt', ['version'], 'aapt');
const FIXTURES = [
  'strings.xml',
  'messaging.xml',
  'settings-crlf-bom.xml',
  'newpipe_strings.xml',
  'donottranslate.xml',
];
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A compiled value: a string, a reference to another resource, or a bag (array items, plural quantities). */
type Value =
  | { kind: 'string'; text: string }
  | { kind: 'reference' }
  | { kind: 'bag'; items: Map<string, string> };

/** aapt's bag keys for plural quantities (ResTable_map::ATTR_OTHER … ATTR_MANY). */
const QUANTITY: Record<string, PluralCategory> = {
  '0x01000004': 'other',
  '0x01000005': 'zero',
  '0x01000006': 'one',
  '0x01000007': 'two',
  '0x01000008': 'few',
  '0x01000009': 'many',
};

/** `(string16) "…"` as `aapt dump` prints it (ResTable::normalizeForOutput: \\, \n and \" escaped). */
function dumped(line: string): string | undefined {
  const m = /\(string(?:8|16)\) "(.*)"$/.exec(line);
  return m ? m[1]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)) : undefined;
}

/**
 * Compiles `files` (paths under res/) with `aapt package` and reads them back with
 * `aapt dump --values resources`: values by configuration (`default`, `de`, …) and name.
 */
function compile(
  files: Record<string, Uint8Array>,
  stubs: readonly string[] = [],
): { configs: Map<string, Map<string, Value>>; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-aapt-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'AndroidManifest.xml'),
    '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.oracle"/>\n',
  );
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'res', path)), { recursive: true });
    writeFileSync(join(dir, 'res', path), bytes);
  }
  // Strings the fixtures refer to (`@string/no_videos`) but another file of the app defines.
  if (stubs.length > 0)
    writeFileSync(
      join(dir, 'res/values/zz_oracle_stubs.xml'),
      `<resources>\n${stubs.map((n) => `  <string name="${n}">stub</string>\n`).join('')}</resources>\n`,
    );
  const apk = join(dir, 'out.apk');
  const build = spawnSync(
    'aapt',
    ['package', '-f', '-M', join(dir, 'AndroidManifest.xml'), '-S', join(dir, 'res'), '-F', apk],
    {
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`aapt package failed:\n${build.stderr}`);
  const dump = spawnSync('aapt', ['dump', '--values', 'resources', apk], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const configs = new Map<string, Map<string, Value>>();
  let config: Map<string, Value> | undefined;
  let pending: { name: string; type: string } | undefined;
  let bag: Map<string, string> | undefined;
  for (const line of dump.stdout.split('\n')) {
    const c = /^\s+config (.+):$/.exec(line);
    if (c) {
      // Each resource type lists its configurations again: one map per configuration for all types.
      const name = c[1]!.replace('(default)', 'default');
      config = configs.get(name) ?? new Map();
      configs.set(name, config);
      continue;
    }
    const r = /^\s+resource 0x[0-9a-f]+ [\w.]+:(\w+)\/([\w.]+): (.*)$/.exec(line);
    if (r && config) {
      bag = undefined;
      pending = { type: r[1]!, name: r[2]! };
      if (r[3] === '<bag>') {
        bag = new Map();
        config.set(pending.name, { kind: 'bag', items: bag });
        pending = undefined;
      } else if (r[3]!.startsWith('t=0x01')) {
        config.set(pending.name, { kind: 'reference' });
        pending = undefined;
      }
      continue;
    }
    const item = /^\s+#(\d+) \(Key=(0x[0-9a-f]+)\): (.*)$/.exec(line);
    if (item && bag) {
      const text = item[3]!.startsWith('(reference)') ? REF : dumped(item[3]!);
      if (text !== undefined) bag.set(QUANTITY[item[2]!] ?? item[1]!, plain(text));
      continue;
    }
    const text = dumped(line);
    if (text !== undefined && pending && config) {
      config.set(pending.name, { kind: 'string', text: plain(text) });
      pending = undefined;
    }
  }
  for (const stub of stubs) configs.get('default')?.delete(stub);
  return { configs, stderr: build.stderr };
}

/**
 * Text with anything tag-shaped taken out, on both sides: aapt keeps styled markup (`<b>`) as spans
 * apart from the string, while our unit keeps it inline, and a unit cannot tell `<b>` written as
 * markup from `&lt;b&gt;` written as text (which aapt keeps in the string).
 */
const plain = (text: string) => text.replace(/<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g, '');
/** An array item or plural quantity that refers to another resource. */
const REF = '(reference)';

/** What our reader says a configuration holds, in aapt's terms (a plural's categories as bag keys). */
function expected(units: readonly Unit[], text: (u: Unit) => string | PluralForms): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const unit of units) {
    if (unit.id.includes('#')) continue;
    const array = /^(.+)\[(\d+)\]$/.exec(unit.id);
    const value = text(unit);
    // A donottranslate file's references carry the file's reason, the stronger one.
    const reference =
      unit.leftOut === REFERENCE || (unit.leftOut !== undefined && /^@\w+\/[\w.]+$/.test(unit.source));
    if (reference && !array) out.set(unit.id, { kind: 'reference' });
    else if (array) {
      const bag = out.get(array[1]!) ?? { kind: 'bag', items: new Map<string, string>() };
      if (bag.kind === 'bag') bag.items.set(array[2]!, reference ? REF : plain(value as string));
      out.set(array[1]!, bag);
    } else if (typeof value !== 'string')
      out.set(unit.id, {
        kind: 'bag',
        items: new Map(Object.entries(value).map(([k, v]) => [k, plain(v)])),
      });
    else out.set(unit.id, { kind: 'string', text: plain(value) });
  }
  return out;
}

/** Maps compared as plain objects, so a difference shows by name. */
const view = (m: Map<string, Value> | undefined) =>
  Object.fromEntries(
    [...(m ?? [])].map(([k, v]) => [k, v.kind === 'bag' ? Object.fromEntries([...v.items].sort()) : v]),
  );

/** A translation that puts aapt's escaping to work: quotes, apostrophes, a backslash, `&`, `<`, `@`/`?` at the start. */
function translate(text: string, lang: string, n: number): string {
  const lead = n % 3 === 0 ? '@' : n % 3 === 1 ? '?' : '';
  return `${lead}${lang}: ${text} — it's "so" \\ & <ok> \u00e9`;
}

describe('android: aapt as the oracle', () => {
  it.runIf(aapt.required)('has aapt in CI (.ci/run installs the Debian package aapt)', () => {
    expect.fail('aapt is missing in CI: .ci/run must install the Debian package aapt');
  });

  describe.skipIf(!aapt.available)('with aapt', () => {
    for (const fixture of FIXTURES) {
      const bytes = new Uint8Array(readFileSync(`test/fixtures/android/${fixture}`));
      const units = androidFormat.parse(bytes, { fileName: `res/values/${fixture}` });
      const names = new Set(units.map((u) => u.id.replace(/[[#].*$/, '')));
      const stubs = units
        .filter((u) => u.leftOut !== undefined)
        .map((u) => /^\s*@string\/([\w.]+)\s*$/.exec(u.source)?.[1])
        .filter((n): n is string => n !== undefined && !names.has(n));

      it(`${fixture}: our units are the strings aapt compiles, with the same text`, () => {
        const { configs } = compile({ [`values/${fixture}`]: bytes }, stubs);
        expect(view(expected(units, (u) => u.sourcePlural ?? u.source))).toEqual(
          view(configs.get('default')),
        );
      });

      it(`${fixture}: the values-de and values-ru we write compile without a warning and say what we meant`, () => {
        const files: Record<string, Uint8Array> = { [`values/${fixture}`]: bytes };
        const meant = new Map<string, Map<string, string | PluralForms>>();
        for (const lang of ['de', 'ru']) {
          const categories = new Intl.PluralRules(lang).resolvedOptions()
            .pluralCategories as PluralCategory[];
          const set = new Map<string, string | PluralForms>();
          units.forEach((u, n) => {
            if (!u.translatable) return;
            if (!u.sourcePlural) set.set(u.id, translate(u.source, lang, n));
            else
              set.set(
                u.id,
                Object.fromEntries(
                  categories.map((c) => [c, translate(u.sourcePlural![c] ?? u.sourcePlural!.other, lang, n)]),
                ) as PluralForms,
              );
          });
          meant.set(lang, set);
          if (set.size === 0) continue;
          files[`values-${lang}/${fixture}`] = newTarget(androidFormat, bytes, set, {
            targetLang: lang,
            fileName: `res/values-${lang}/${fixture}`,
          });
        }
        const { configs, stderr } = compile(files, stubs);
        expect(stderr).toBe('');
        for (const [lang, set] of meant) {
          const file = files[`values-${lang}/${fixture}`];
          if (!file) continue;
          // aapt reads the file as our reader does, and both find the texts we meant.
          const written = androidFormat.parse(file);
          expect(view(configs.get(lang))).toEqual(view(expected(written, (u) => u.sourcePlural ?? u.source)));
          const byId = new Map(written.map((u) => [u.id, u]));
          for (const [id, text] of set)
            expect(byId.get(id)?.sourcePlural ?? byId.get(id)?.source).toEqual(text);
          for (const u of units) if (defaultResourcesOnly(u.leftOut)) expect(byId.has(u.id)).toBe(false);
        }
      });
    }

    it('warns, as Lint does, of a copy of a translatable="false" string in values-de: what we never write', () => {
      const source = new TextEncoder().encode(
        '<resources>\n  <string name="app_name" translatable="false">App</string>\n</resources>\n',
      );
      const { stderr } = compile({ 'values/strings.xml': source, 'values-de/strings.xml': source });
      expect(stderr).toContain("string 'app_name' marked untranslatable but exists in locale 'de'");
    });
  });
});
