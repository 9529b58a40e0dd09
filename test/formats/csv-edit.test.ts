import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFormat } from '../../src/formats/csv/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

function edit(target: string, source: string, set: Record<string, string> = {}, remove: string[] = []) {
  const changes = { source: bytes(source), set: new Map(Object.entries(set)), remove: new Set(remove) };
  return text(csvFormat.edit!(bytes(target), changes, { targetLang: 'de' }));
}

const EN = `key,source,context,comment
nav.home,Home,navigation,Top menu item
nav.search,"Search ""All Notes""",navigation,
empty.list,"You have no notes yet.
Create one with the + button.",,Shown on first launch
`;

const DE = `key,source,context,comment\r
empty.list,"Du hast noch keine Notizen.\r
Lege eine mit + an.",,Shown on first launch\r
nav.home,Start,navigation,Top menu item\r
`;

describe('csv edit', () => {
  it('inserts a row after its preceding source row, quoted as needed, in CRLF', () => {
    expect(edit(DE, EN, { 'nav.search': 'Suche in "Alle Notizen"' })).toBe(
      DE.replace(
        'Top menu item\r\n',
        'Top menu item\r\nnav.search,"Suche in ""Alle Notizen""",navigation,\r\n',
      ),
    );
  });

  it('removes a row whose quoted field spans lines', () => {
    expect(edit(DE, EN, {}, ['empty.list'])).toBe(
      'key,source,context,comment\r\nnav.home,Start,navigation,Top menu item\r\n',
    );
  });

  it('throws a FormatError for a duplicate key', () => {
    expect(() => edit('key,source\na,A\na,B\n', EN, { 'nav.home': 'x' })).toThrow(FormatError);
  });

  it('property: gives (held − remove) ∪ set and keeps untouched rows', () => {
    const IDS = ['a', 'b', 'c', 'd', 'e'];
    fc.assert(
      fc.property(
        fc.subarray(IDS, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: IDS.length, maxLength: IDS.length }),
        (sourceIds, role, order) => {
          const source = bytes(`key,source\n${sourceIds.map((id) => `${id},EN ${id}\n`).join('')}`);
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const held: string[] = [];
          for (const id of IDS) {
            const r = role(id);
            const inSource = sourceIds.includes(id);
            if (r === 'held' || r === 'both' || r === 'remove') held.push(id);
            if ((r === 'set' || r === 'both') && inSource) set.set(id, `NEU ${id}, "x"\nzwei`);
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(id);
          }
          held.sort((x, y) => order[IDS.indexOf(x)]! - order[IDS.indexOf(y)]!);
          const target = bytes(`key,source\n${held.map((id) => `${id},"DE ${id}\nzeile"\n`).join('')}`);
          const out = csvFormat.edit!(target, { source, set, remove }, { targetLang: 'de' });
          const expected = targetTranslations(csvFormat, target, 'de');
          for (const id of remove) expected.delete(id);
          for (const [id, t] of set) expected.set(id, t);
          expect(new Map([...targetTranslations(csvFormat, out, 'de')].sort())).toEqual(
            new Map([...expected].sort()),
          );
          for (const id of held)
            if (!set.has(id) && !remove.has(id)) expect(text(out)).toContain(`${id},"DE ${id}\nzeile"\n`);
        },
      ),
      { numRuns: 150 },
    );
  });
});
