import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatModule } from '../../src/formats/model.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

function edit(
  format: FormatModule,
  target: string,
  source: string,
  set: Record<string, string> = {},
  remove: string[] = [],
) {
  const changes = { source: bytes(source), set: new Map(Object.entries(set)), remove: new Set(remove) };
  return text(format.edit!(bytes(target), changes, { targetLang: 'de' }));
}

const unit12 = (id: string, source: string, target: string | undefined, pad: string) =>
  `${pad}<trans-unit id="${id}">\n${pad}  <source>${source}</source>\n${target === undefined ? '' : `${pad}  <target state="translated">${target}</target>\n`}${pad}</trans-unit>\n`;
const file12 = (units: string, lang = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en"${lang} datatype="plaintext" original="app">\n    <body>\n${units}    </body>\n  </file>\n</xliff>\n`;

const EN12 = file12(
  unit12('a', 'Open', undefined, '      ') +
    unit12('b', 'Close', undefined, '      ') +
    unit12('c', 'Save', undefined, '      '),
);
const DE12 = file12(
  `      <!-- Von Hand korrigiert -->\n${unit12('c', 'Save', 'Speichern', '      ')}${unit12('a', 'Open', 'Öffnen', '      ')}`,
  ' target-language="de"',
);

describe('xliff12 edit', () => {
  it('inserts a new trans-unit after its preceding source unit, with its target', () => {
    expect(edit(xliff12Format, DE12, EN12, { b: 'Schließen' })).toBe(
      DE12.replace(
        '<target state="translated">Öffnen</target>\n      </trans-unit>\n',
        '<target state="translated">Öffnen</target>\n      </trans-unit>\n      <trans-unit id="b">\n        <source>Close</source>\n        <target state="translated">Schließen</target>\n      </trans-unit>\n',
      ),
    );
  });

  it('removes a trans-unit with the comment above it', () => {
    expect(edit(xliff12Format, DE12, EN12, {}, ['c'])).toBe(
      file12(unit12('a', 'Open', 'Öffnen', '      '), ' target-language="de"'),
    );
  });

  it('fills a target without units before </body>', () => {
    const out = edit(xliff12Format, file12('', ' target-language="de"'), EN12, { a: 'Öffnen' });
    expect(targetTranslations(xliff12Format, bytes(out), 'de')).toEqual(new Map([['a', 'Öffnen']]));
    expect(out).toContain('    <body>\n      <trans-unit id="a">');
  });

  it('throws a FormatError with line and column for a target that does not parse', () => {
    expect(() => edit(xliff12Format, DE12.replace('</source>', '</sourc>'), EN12, { b: 'x' })).toThrow(
      FormatError,
    );
  });
});

const unit2 = (id: string, source: string, target: string | undefined, pad: string) =>
  `${pad}<unit id="${id}">\n${pad}  <segment>\n${pad}    <source>${source}</source>\n${target === undefined ? '' : `${pad}    <target>${target}</target>\n`}${pad}  </segment>\n${pad}</unit>\n`;
const file2 = (units: string, trg = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en"${trg}>\n  <file id="f">\n${units}  </file>\n</xliff>\n`;

describe('xliff2 edit', () => {
  const en = file2(unit2('a', 'Open', undefined, '    ') + unit2('b', 'Close', undefined, '    '));
  it('inserts a unit before the following one when none precedes, in CRLF, with the state render writes', () => {
    const de = file2(unit2('b', 'Close', 'Schließen', '    '), ' trgLang="de"').replaceAll('\n', '\r\n');
    const a = unit2('a', 'Open', 'Öffnen', '    ').replace('<segment>', '<segment state="translated">');
    expect(edit(xliff2Format, de, en, { a: 'Öffnen' })).toBe(
      file2(a + unit2('b', 'Close', 'Schließen', '    '), ' trgLang="de"').replaceAll('\n', '\r\n'),
    );
  });
});

describe.each([
  ['xliff12', xliff12Format, unit12, (u: string) => file12(u, ' target-language="de"'), file12],
  ['xliff2', xliff2Format, unit2, (u: string) => file2(u, ' trgLang="de"'), file2],
] as const)('%s edit: property', (_name, format, unit, targetFile, sourceFile) => {
  const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
  it('gives (held − remove) ∪ set and keeps untouched units byte for byte', () => {
    fc.assert(
      fc.property(
        fc.subarray(IDS, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: IDS.length, maxLength: IDS.length }),
        (sourceIds, role, order) => {
          const pad = format === xliff12Format ? '      ' : '    ';
          const source = bytes(
            sourceFile(sourceIds.map((id) => unit(id, `EN ${id}`, undefined, pad)).join('')),
          );
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const held: string[] = [];
          for (const id of IDS) {
            const r = role(id);
            const inSource = sourceIds.includes(id);
            if (r === 'held' || r === 'both' || r === 'remove') held.push(id);
            if ((r === 'set' || r === 'both') && inSource) set.set(id, `NEU ${id} & <ü>`);
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(id);
          }
          held.sort((a, b) => order[IDS.indexOf(a)]! - order[IDS.indexOf(b)]!);
          const target = bytes(targetFile(held.map((id) => unit(id, `EN ${id}`, `DE ${id}`, pad)).join('')));
          const out = format.edit!(target, { source, set, remove }, { targetLang: 'de' });
          const expected = targetTranslations(format, target, 'de');
          for (const id of remove) expected.delete(id);
          for (const [id, t] of set) expected.set(id, t);
          expect(new Map([...targetTranslations(format, out, 'de')].sort())).toEqual(
            new Map([...expected].sort()),
          );
          const written = text(out);
          for (const id of held)
            if (!set.has(id) && !remove.has(id)) expect(written).toContain(`>DE ${id}</target>`);
        },
      ),
      { numRuns: 150 },
    );
  });
});
