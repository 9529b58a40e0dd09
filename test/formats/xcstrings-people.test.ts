/**
 * Issue 34, findings 4 and 10 in a String Catalog (test/fixtures/xcstrings/fr-colon.xcstrings): a
 * sync that writes one French string changes those lines only — French plurals people wrote with
 * `one` and `other` do not gain `many`, and the file's own `"key": value` spelling is kept — and a
 * translation equal to its source ("Browser") is written.
 *
 * The fixture (JSON holds no comment, so its origin is noted here) is in the `"key": value`
 * spelling that tools other than Xcode write (`JSON.stringify(catalog, null, 2)`, Go's
 * `json.MarshalIndent`; public xcstrings tooling keeps its test catalogs so), with French plurals
 * holding `one` and `other` only, as catalogs translated before CLDR 42 gave French `many` do. It
 * is written for this test in that shape, not cut from one repository.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { editTarget, targetTranslations } from '../../src/formats/target.ts';
import { xcstringsFormat } from '../../src/formats/xcstrings/index.ts';

const CATALOG = new Uint8Array(readFileSync('test/fixtures/xcstrings/fr-colon.xcstrings'));
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Lines added and removed (a multiset diff: enough to count what a change costs). */
function changedLines(before: string, after: string): { added: string[]; removed: string[] } {
  const count = (lines: string[]) => {
    const m = new Map<string, number>();
    for (const l of lines) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const a = count(before.split('\n'));
  const b = count(after.split('\n'));
  const added: string[] = [];
  const removed: string[] = [];
  for (const [l, n] of b) for (let i = a.get(l) ?? 0; i < n; i++) added.push(l);
  for (const [l, n] of a) for (let i = b.get(l) ?? 0; i < n; i++) removed.push(l);
  return { added, removed };
}

const write = (set: Map<string, string | PluralForms>) =>
  text(
    editTarget(xcstringsFormat, CATALOG, { source: CATALOG, set, remove: new Set() }, { targetLang: 'fr' }),
  );

describe('a French String Catalog written as "key": value', () => {
  it('gains one string in its own spelling; French plurals people wrote are sent again unchanged and keep their bytes', () => {
    const held = targetTranslations(xcstringsFormat, CATALOG, 'fr');
    const photos = held.get('%lld photos|plural') as PluralForms;
    expect(photos).toEqual({ one: '%lld photo', other: '%lld photos' });
    const out = write(
      new Map<string, string | PluralForms>([
        ['Share', 'Partager'],
        // A pending delivery written again, or the memory's exact answer: what the file holds.
        ['%lld photos|plural', photos],
        ['%lld items|plural', held.get('%lld items|plural')!],
      ]),
    );
    // Exactly the new string's lines, in the file's `"key": value`; every other byte as it was.
    const share = [
      '"Share": {',
      '      "localizations": {',
      '        "fr": {',
      '          "stringUnit": {',
      '            "state": "translated",',
      '            "value": "Partager"',
      '          }',
      '        }',
      '      }',
      '    }',
    ].join('\n');
    expect(out).toBe(text(CATALOG).replace('"Share": {\n\n    }', share));
    expect(out).not.toContain('"many"');
  });

  it('writes a translation equal to its source ("Browser" in French) as a translation', () => {
    const out = write(new Map([['Browser', 'Browser']]));
    expect(targetTranslations(xcstringsFormat, new TextEncoder().encode(out), 'fr').get('Browser')).toBe(
      'Browser',
    );
    expect(changedLines(text(CATALOG), out).removed).toEqual([]);
  });

  it("gives a plural being translated the categories French needs (many), in the file's spelling", () => {
    const out = write(new Map([['%lld items|plural', { one: '%lld article', other: '%lld articles' }]]));
    const items = targetTranslations(xcstringsFormat, new TextEncoder().encode(out), 'fr').get(
      '%lld items|plural',
    );
    expect(items).toEqual({ one: '%lld article', many: '%lld articles', other: '%lld articles' });
    expect(out).not.toContain('" : ');
    // The other French plural keeps its bytes.
    const photos = (s: string) => s.slice(s.indexOf('"%lld photos"'), s.indexOf('"%lld items"'));
    expect(photos(out)).toBe(photos(text(CATALOG)));
  });
});
