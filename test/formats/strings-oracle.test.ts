/**
 * Old-style `.strings` read by a second reader as the oracle (issue 34, build item 2). Apple's own
 * reader (CoreFoundation's old-style property list parser, which Foundation uses for strings
 * files) does not run here, and Debian's GNUstep tools parse with GNUstep's own NSString code and
 * print in their own description format that would need a reader of its own; so this reader is
 * written here, independently of src/formats/strings, from Apple's documented rules (Resource
 * Programming Guide, "String Resources" and "Old-Style ASCII Property Lists"; the escapes as
 * CoreFoundation's CFOldStylePList.c reads them):
 * - the file is UTF-16 when it starts with a byte order mark, UTF-8 otherwise;
 * - it is a dictionary without braces: `key = value;` pairs, each a quoted string (`"…"`) or an
 *   unquoted one of `A–Z a–z 0–9 _ $ + / : . -`; `"key";` alone means the value is the key;
 * - `/* … *\/` and `//` to the end of the line are comments, anywhere between tokens;
 * - in a quoted string `\a \b \f \n \r \t \v` are controls, `\U` (or `\u`) takes up to four hex
 *   digits as one UTF-16 code unit, `\` and up to three octal digits is that code, and a backslash
 *   before any other character stands for that character;
 * - a key given twice: the last value wins (a dictionary).
 * So: our units equal its entries with the same texts, and every file we write (a new German file,
 * people's German file edited) reads back with it as the texts we meant.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringsFormat } from '../../src/formats/strings/index.ts';
import { editTarget, newTarget } from '../../src/formats/target.ts';
import { appleStrings } from '../support/oracles/strings.ts';

const dir = 'test/fixtures/strings';
const FIXTURES = readdirSync(dir).filter((f) => f.endsWith('.strings'));

const ours = (bytes: Uint8Array) => new Map(stringsFormat.parse(bytes).map((u) => [u.id, u.source]));

/** A translation with everything a quoted string must escape. */
const de = (text: string) => `${text} „DE“ "q" \\ \n\t ✓ 😀 \u0001`;

describe("strings: a reader of Apple's documented rules as the oracle", () => {
  for (const fixture of FIXTURES) {
    const bytes = new Uint8Array(readFileSync(join(dir, fixture)));

    it(`${fixture}: our units are its entries, with the same texts`, () => {
      const oracle = appleStrings(bytes);
      expect(oracle.size).toBeGreaterThan(2);
      expect(ours(bytes)).toEqual(oracle);
    });

    it(`${fixture}: a new German file we write reads back as the texts we meant`, () => {
      const set = new Map([...ours(bytes)].map(([id, source]) => [id, de(source)]));
      const out = newTarget(stringsFormat, bytes, set, { targetLang: 'de' });
      expect(appleStrings(out)).toEqual(set);
    });
  }

  it("people's German file, edited (a unit added, one removed), keeps every text they wrote", () => {
    const source = new TextEncoder().encode(
      '/* Title of the notes list */\n"notes.title" = "Notes";\n"notes.new" = "New note";\n"notes.count" = "%d notes";\n',
    );
    const people = new Uint8Array(readFileSync(join(dir, 'de-Localizable.strings')));
    const before = appleStrings(people);
    const out = editTarget(
      stringsFormat,
      people,
      { source, set: new Map([['notes.count', de('%d Notizen')]]), remove: new Set(['tab.shared']) },
      { targetLang: 'de' },
    );
    const after = appleStrings(out);
    const meant = new Map(before);
    meant.delete('tab.shared');
    meant.set('notes.count', de('%d Notizen'));
    expect(new Map([...after].sort())).toEqual(new Map([...meant].sort()));
  });
});
