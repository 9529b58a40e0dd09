/**
 * Property test of the PO `edit`: for a random POT and a random partial de.po in shuffled order
 * (translator comments, obsolete entries), the edited target holds exactly (held − remove) ∪ set,
 * and every entry the edit did not touch keeps its bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poFormat } from '../../src/formats/po/index.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const IDS = ['Open', 'menu\u0004Open', 'Close', 'Save "all"', 'Quit', 'Line\nbreak'];
const q = (s: string) => JSON.stringify(s);
const shown = (id: string) => id.replace('\u0004', '|');

function entry(id: string, msgstr: string, comment?: string): string {
  const [ctx, msgid] = id.includes('\u0004') ? id.split('\u0004') : [undefined, id];
  const lines = comment ? [`# ${comment}`] : [];
  lines.push(`#: src/${msgid!.length}.c:1`);
  if (ctx) lines.push(`msgctxt ${q(ctx)}`);
  lines.push(`msgid ${q(msgid!)}`, `msgstr ${q(msgstr)}`);
  return lines.join('\n');
}

const HEADER =
  'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"';

describe('po edit: property', () => {
  it('gives (held − remove) ∪ set and keeps untouched entries byte for byte', () => {
    fc.assert(
      fc.property(
        fc.subarray(IDS, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: IDS.length, maxLength: IDS.length }),
        fc.func(fc.boolean()),
        (sourceIds, role, order, commented) => {
          const source = enc([HEADER, ...sourceIds.map((id) => entry(id, ''))].join('\n\n') + '\n');
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const held: string[] = [];
          for (const id of IDS) {
            const r = role(id);
            const inSource = sourceIds.includes(id);
            if (r === 'held' || r === 'both' || r === 'remove') held.push(id);
            if ((r === 'set' || r === 'both') && inSource) set.set(id, `NEU ${shown(id)} ü`);
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(id);
          }
          held.sort((a, b) => order[IDS.indexOf(a)]! - order[IDS.indexOf(b)]!);
          const blocks = held.map((id) =>
            entry(id, `DE ${shown(id)}`, commented(id) ? `Notiz ${id.length}` : undefined),
          );
          const target = enc([HEADER, ...blocks, '#~ msgid "Gone"\n#~ msgstr "Weg"'].join('\n\n') + '\n');
          const out = poFormat.edit!(target, { source, set, remove }, { targetLang: 'de' });
          const expected = targetTranslations(poFormat, target, 'de');
          for (const id of remove) expected.delete(id);
          for (const [id, t] of set) expected.set(id, t);
          expect(new Map([...targetTranslations(poFormat, out, 'de')].sort())).toEqual(
            new Map([...expected].sort()),
          );
          const written = new TextDecoder().decode(out);
          for (const id of held)
            if (!set.has(id) && !remove.has(id)) expect(written).toContain(`msgstr ${q(`DE ${shown(id)}`)}`);
          expect(written).toContain('#~ msgid "Gone"');
          expect(written).not.toMatch(/\n\n\n/);
        },
      ),
      { numRuns: 200 },
    );
  });
});
