/**
 * `.stringsdict` read by Python's `plistlib` as the oracle (issue 34, build item 2): it reads XML
 * property lists as Foundation's NSPropertyListSerialization does (the plist DTD: `<dict>` of
 * `<key>`/value pairs, `<string>` text with XML escapes). What Foundation then does with a
 * stringsdict is Apple's documented rule ("Localizing strings that contain plurals"): each top-level
 * key is a localized string whose dict has an `NSStringLocalizedFormatKey` format; each `%#@name@`
 * in it names a variable dict of `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`, whose
 * `zero`…`other` strings are the plural forms (an empty string is a form: Foundation shows it).
 * So:
 * - our units = plistlib's reading of every fixture: a unit `key|variable` per plural rule with
 *   exactly its categories and texts, and a unit `key` per format key with words of its own;
 * - every file we write (a new Russian file, people's Russian file edited) loads with plistlib and
 *   gives back the texts we meant, and every text people wrote, as they wrote it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluralForms } from '../../src/formats/model.ts';
import { stringsdictFormat } from '../../src/formats/stringsdict/index.ts';
import { editTarget, newTarget } from '../../src/formats/target.ts';
import { debianTool } from '../support/debian-tool.ts';
import { oracleUnits, ourUnits, type Plist, plistlib } from '../support/oracles/stringsdict.ts';

const python = debianTool('python3', ['-c', 'import plistlib'], 'python3');
const dir = 'test/fixtures/stringsdict';
const FIXTURES = readdirSync(dir).filter((f) => f.endsWith('.stringsdict'));

/** A translation that needs escaping in XML and keeps the placeholders. */
const ru = (text: string) => `${text} <«ру» & "q">`;

describe('stringsdict: plistlib as the oracle', () => {
  it.runIf(python.required)('has python3 in CI (.ci/run installs the Debian package python3)', () => {
    expect.fail('python3 is missing in CI: .ci/run must install the Debian package python3');
  });

  describe.skipIf(!python.available)('with plistlib', () => {
    for (const fixture of FIXTURES) {
      const bytes = new Uint8Array(readFileSync(join(dir, fixture)));

      it(`${fixture}: our units are plistlib's rules and worded format keys, with the same texts`, () => {
        const oracle = oracleUnits(plistlib(bytes));
        expect(oracle.size).toBeGreaterThan(0);
        expect(ourUnits(bytes)).toEqual(oracle);
      });

      it(`${fixture}: a new Russian file we write loads with plistlib and says what we meant`, () => {
        const units = stringsdictFormat.parse(bytes);
        const set = new Map<string, string | PluralForms>();
        for (const u of units) {
          if (!u.sourcePlural) set.set(u.id, ru(u.source));
          else
            set.set(u.id, { one: ru('1'), few: ru('%ld few'), many: ru('%ld many'), other: ru('%ld other') });
        }
        const out = newTarget(stringsdictFormat, bytes, set, { targetLang: 'ru' });
        const written = oracleUnits(plistlib(out));
        for (const [id, meant] of set) {
          // Russian's categories, and a source's `zero` only where the translation gives it.
          expect(written.get(id), id).toEqual(meant);
        }
      });
    }

    it("people's Russian file, edited (a new entry, a new variable in an entry they hold), keeps every text they wrote", () => {
      const en = readFileSync(join(dir, 'mastodon-en.stringsdict'), 'utf8');
      const before = new Uint8Array(readFileSync(join(dir, 'mastodon-ru.stringsdict')));
      const grown = en.replace(
        '<string>%#@names@%#@count_mutual@</string>',
        '<string>%#@names@%#@count_mutual@%#@extra@</string>\n        <key>extra</key>\n        <dict>\n            <key>NSStringFormatSpecTypeKey</key>\n            <string>NSStringPluralRuleType</string>\n            <key>NSStringFormatValueTypeKey</key>\n            <string>ld</string>\n            <key>one</key>\n            <string>and one more</string>\n            <key>other</key>\n            <string>and %ld more</string>\n        </dict>',
      );
      const vote: PluralForms = {
        one: ru('%ld голос'),
        few: ru('%ld голоса'),
        many: ru('%ld голосов'),
        other: ru('%ld голоса'),
      };
      const extra: PluralForms = {
        one: ru('и ещё один'),
        few: ru('и ещё %ld'),
        many: ru('и ещё %ld'),
        other: ru('и ещё %ld'),
      };
      const out = editTarget(
        stringsdictFormat,
        before,
        {
          source: new TextEncoder().encode(grown),
          set: new Map([
            ['plural.count.vote|vote_count', vote],
            ['plural.count.followed_by_and_mutual|extra', extra],
          ]),
          remove: new Set(),
        },
        { targetLang: 'ru' },
      );
      const people = plistlib(before);
      const after = plistlib(out);
      // Every entry people wrote, format key and forms (empty ones too), as plistlib reads it —
      // but the grown entry's format key, which the source's changed to reference `extra`.
      for (const [key, entry] of Object.entries(people)) {
        const now = after[key] as Record<string, Plist>;
        for (const [name, value] of Object.entries(entry as Record<string, Plist>))
          if (key !== 'plural.count.followed_by_and_mutual' || name !== 'NSStringLocalizedFormatKey')
            expect(now[name], `${key} ${name}`).toEqual(value);
      }
      const written = oracleUnits(after);
      expect(written.get('plural.count.vote|vote_count')).toEqual(vote);
      expect(written.get('plural.count.followed_by_and_mutual|extra')).toEqual(extra);
      // The entry that grew references its new variable, as the source's format key does.
      expect(
        (after['plural.count.followed_by_and_mutual'] as Record<string, Plist>).NSStringLocalizedFormatKey,
      ).toBe('%#@names@%#@count_mutual@%#@extra@');
    });
  });
});
