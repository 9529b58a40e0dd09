import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { defaultResourcesOnly } from '../../src/formats/android/read.ts';
import type { PluralCategory, PluralForms } from '../../src/formats/model.ts';
import { newTarget } from '../../src/formats/target.ts';
import { debianTool } from '../support/debian-tool.ts';
import { compile, expected, view } from '../support/oracles/android.ts';

const aapt = debianTool('aapt', ['version'], 'aapt');
const FIXTURES = [
  'strings.xml',
  'messaging.xml',
  'settings-crlf-bom.xml',
  'newpipe_strings.xml',
  'donottranslate.xml',
];

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
