/**
 * Property test of updateLocaleList over every kind and layout: for a random list and a random
 * ship state, the list afterwards holds what it held (less the held-back ones, with
 * remove_held_back) followed by the missing source and shipped languages; the text before and
 * after the list keeps its bytes; and a second run changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { LocaleListEntry } from '../../src/config/locale-lists.ts';
import { type ShipState, updateLocaleList } from '../../src/locale-lists/index.ts';

const TARGETS = ['de', 'fr', 'pt-BR', 'zh-Hans', 'nb', 'it'];
const POOL = ['en', ...TARGETS, 'x-pseudo'];

interface Layout {
  entry: LocaleListEntry;
  head: string;
  tail: string;
  write(codes: readonly string[], nl: string): string;
  read(text: string): string[];
}

const lines = (codes: readonly string[], nl: string, line: (c: string) => string) =>
  codes.map((c) => line(c) + nl).join('');

const LAYOUTS: Record<string, Layout> = {
  'json inline': {
    entry: { path: 'c.json', kind: 'json', at: '/l', removeHeldBack: false },
    head: '{"a": {"b": [1]}, "l": ',
    tail: ', "z": "]"}',
    write: (codes) => JSON.stringify(codes).replaceAll(',', ', '),
    read: (text) => JSON.parse(text).l,
  },
  'json lines': {
    entry: { path: 'c.json', kind: 'json', at: '/l', removeHeldBack: false },
    head: '{\n  "l": ',
    tail: ',\n  "z": 1\n}\n',
    write: (codes, nl) => JSON.stringify(codes, null, 4).replaceAll('\n', nl).replaceAll('    ]', '  ]'),
    read: (text) => JSON.parse(text).l,
  },
  'yaml flow': {
    entry: { path: 'c.yml', kind: 'yaml', at: 'i18n.l', removeHeldBack: false },
    head: 'i18n:\n  l: ',
    tail: "  # the app's languages\nother: [x]\n",
    write: (codes) => `[${codes.join(', ')}]`,
    read: (text) => parseYaml(text).i18n.l,
  },
  'yaml block': {
    entry: { path: 'c.yml', kind: 'yaml', at: 'i18n.l', removeHeldBack: false },
    head: 'i18n:\n  l:',
    tail: 'other: [x]\n',
    write: (codes, nl) => (codes.length === 0 ? ` []${nl}` : nl + lines(codes, nl, (c) => `    - "${c}"`)),
    read: (text) => parseYaml(text).i18n.l,
  },
  android: {
    entry: { path: 'locales_config.xml', kind: 'android', removeHeldBack: false },
    head: '<?xml version="1.0" encoding="utf-8"?>\n<!-- langs -->\n<locale-config xmlns:android="http://schemas.android.com/apk/res/android">',
    tail: '</locale-config>\n',
    write: (codes, nl) => nl + lines(codes, nl, (c) => `    <locale android:name="${c}"/>`),
    read: (text) => [...text.matchAll(/<locale android:name="([^"]*)"/g)].map((m) => m[1]!),
  },
  plist: {
    entry: { path: 'Info.plist', kind: 'plist', removeHeldBack: false },
    head: '<plist version="1.0">\n<dict>\n\t<key>CFBundleLocalizations</key>\n\t<array>',
    tail: '</array>\n\t<key>Other</key>\n\t<array>\n\t\t<string>x</string>\n\t</array>\n</dict>\n</plist>\n',
    write: (codes, nl) => nl + lines(codes, nl, (c) => `\t\t<string>${c}</string>`) + '\t',
    read: (text) =>
      [...text.split('<key>Other')[0]!.matchAll(/<string>([^<]*)<\/string>/g)].map((m) => m[1]!),
  },
};

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('updateLocaleList (property)', () => {
  for (const [name, layout] of Object.entries(LAYOUTS)) {
    it(`${name}: the list gains exactly the missing shipped languages and loses only held-back ones`, () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.constantFrom(...POOL), { maxLength: POOL.length }),
          fc.subarray(TARGETS),
          fc.subarray(TARGETS),
          fc.boolean(),
          fc.constantFrom('\n', '\r\n'),
          (held0, shipped, heldCandidates, removeHeldBack, nl) => {
            const held = heldCandidates.filter((t) => !shipped.includes(t));
            const state: ShipState = { source: 'en', targets: TARGETS, shipped, held, mapping: {} };
            const entry = { ...layout.entry, removeHeldBack };
            const crlf = (s: string) => s.replaceAll('\n', nl);
            const before = crlf(layout.head) + layout.write(held0, nl) + crlf(layout.tail);
            const result = updateLocaleList({ path: entry.path, bytes: enc(before) }, entry, state);
            const kept = held0.filter((c) => !(removeHeldBack && held.includes(c)));
            const wanted = ['en', ...TARGETS.filter((t) => shipped.includes(t) && !held.includes(t))];
            const expected = [...kept, ...wanted.filter((c) => !held0.includes(c))];
            const after = result.bytes ? dec(result.bytes) : before;
            expect(layout.read(after)).toEqual(expected);
            expect(after.startsWith(crlf(layout.head))).toBe(true);
            expect(after.endsWith(crlf(layout.tail))).toBe(true);
            if (nl === '\n') expect(after).not.toContain('\r');
            else expect(after.replaceAll('\r\n', '')).not.toContain('\n');
            expect(result.bytes === undefined).toBe(expected.join() === held0.join());
            expect(
              updateLocaleList({ path: entry.path, bytes: enc(after) }, entry, state).bytes,
            ).toBeUndefined();
          },
        ),
        { numRuns: 200 },
      );
    });
  }
});
