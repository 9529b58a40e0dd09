import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { PluralForms } from '../../src/formats/model.ts';
import { stringsdictFormat } from '../../src/formats/stringsdict/index.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

const entry = (key: string, forms: Record<string, string>, pad = '\t') =>
  [
    `${pad}<key>${key}</key>`,
    `${pad}<dict>`,
    `${pad}${pad}<key>NSStringLocalizedFormatKey</key>`,
    `${pad}${pad}<string>%#@n@</string>`,
    `${pad}${pad}<key>n</key>`,
    `${pad}${pad}<dict>`,
    `${pad}${pad}${pad}<key>NSStringFormatSpecTypeKey</key>`,
    `${pad}${pad}${pad}<string>NSStringPluralRuleType</string>`,
    `${pad}${pad}${pad}<key>NSStringFormatValueTypeKey</key>`,
    `${pad}${pad}${pad}<string>d</string>`,
    ...Object.entries(forms).flatMap(([c, t]) => [
      `${pad}${pad}${pad}<key>${c}</key>`,
      `${pad}${pad}${pad}<string>${t}</string>`,
    ]),
    `${pad}${pad}</dict>`,
    `${pad}</dict>`,
    '',
  ].join('\n');
const plist = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${entries}</dict>\n</plist>\n`;

const EN = plist(
  entry('files', { one: '%d file', other: '%d files' }) +
    entry('photos', { zero: 'No photos', one: '%d photo', other: '%d photos' }) +
    entry('songs', { one: '%d song', other: '%d songs' }),
);

function edit(
  target: string,
  set: Record<string, string | PluralForms> = {},
  remove: string[] = [],
  lang = 'de',
) {
  const changes = { source: bytes(EN), set: new Map(Object.entries(set)), remove: new Set(remove) };
  return text(stringsdictFormat.edit!(bytes(target), changes, { targetLang: lang }));
}

describe('stringsdict edit', () => {
  const DE = plist(
    entry('songs', { one: '%d Lied', other: '%d Lieder' }) +
      entry('files', { one: '%d Datei', other: '%d Dateien' }),
  );
  it('inserts a new entry after its preceding source entry, zero kept as the source has it', () => {
    expect(edit(DE, { 'photos|n': { zero: 'Keine Fotos', one: '%d Foto', other: '%d Fotos' } })).toBe(
      plist(
        entry('songs', { one: '%d Lied', other: '%d Lieder' }) +
          entry('files', { one: '%d Datei', other: '%d Dateien' }) +
          entry('photos', { zero: 'Keine Fotos', one: '%d Foto', other: '%d Fotos' }),
      ),
    );
  });

  it('removes an entry whole', () => {
    expect(edit(DE, {}, ['songs|n'])).toBe(plist(entry('files', { one: '%d Datei', other: '%d Dateien' })));
  });

  it('throws a FormatError for a target that does not parse', () => {
    expect(() => edit(DE.replace('</plist>', ''), { 'photos|n': 'x' })).toThrow(FormatError);
  });

  it('property: gives (held − remove) ∪ set and keeps untouched entries', () => {
    const KEYS = ['a', 'b', 'c', 'd', 'e'];
    fc.assert(
      fc.property(
        fc.subarray(KEYS, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: KEYS.length, maxLength: KEYS.length }),
        (sourceKeys, role, order) => {
          const source = bytes(
            plist(sourceKeys.map((k) => entry(k, { one: `one ${k}`, other: `%d ${k}` }, '  ')).join('')),
          );
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const held: string[] = [];
          for (const k of KEYS) {
            const r = role(k);
            const inSource = sourceKeys.includes(k);
            if (r === 'held' || r === 'both' || r === 'remove') held.push(k);
            if ((r === 'set' || r === 'both') && inSource)
              set.set(`${k}|n`, {
                one: `%d ein ${k}`,
                few: `%d wenige ${k}`,
                many: `%d viele ${k}`,
                other: `%d ${k} &`,
              });
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(`${k}|n`);
          }
          held.sort((x, y) => order[KEYS.indexOf(x)]! - order[KEYS.indexOf(y)]!);
          const target = bytes(
            plist(
              held
                .map((k) =>
                  entry(k, {
                    one: `%d ein ${k}`,
                    few: `%d wenige ${k}`,
                    many: `%d viele ${k}`,
                    other: `DE ${k}`,
                  }),
                )
                .join(''),
            ),
          );
          const out = stringsdictFormat.edit!(target, { source, set, remove }, { targetLang: 'ru' });
          const expected = targetTranslations(stringsdictFormat, target, 'ru');
          for (const id of remove) expected.delete(id);
          for (const [id, t] of set) expected.set(id, t);
          expect(new Map([...targetTranslations(stringsdictFormat, out, 'ru')].sort())).toEqual(
            new Map([...expected].sort()),
          );
          for (const k of held)
            if (!set.has(`${k}|n`) && !remove.has(`${k}|n`))
              expect(text(out)).toContain(`<string>DE ${k}</string>`);
        },
      ),
      { numRuns: 150 },
    );
  });
});
