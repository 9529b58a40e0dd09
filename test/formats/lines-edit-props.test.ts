/**
 * Property test of the line-based `edit` (.properties, .strings): for random source keys and a
 * random partial target in shuffled order (comments, blank lines, CRLF), the edited target holds
 * exactly (held − remove) ∪ set, and every unit the edit did not touch keeps its bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatModule } from '../../src/formats/model.ts';
import { propertiesFormat } from '../../src/formats/properties/index.ts';
import { stringsFormat } from '../../src/formats/strings/index.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function rawTexts(format: FormatModule, bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  for (const unit of format.parse(bytes)) {
    const { offset, length } = unit.location;
    out.set(unit.id, Buffer.from(bytes.subarray(offset, offset + length)).toString('utf8'));
  }
  return out;
}

const KEYS = ['app.title', 'menu.open', 'menu.close', 'with space', 'a=b', 'x', 'long.key.name', 'ü.key'];

interface Syntax {
  format: FormatModule;
  entry: (key: string, value: string) => string;
  comment: (text: string) => string;
}

const props: Syntax = {
  format: propertiesFormat,
  entry: (k, v) =>
    `${k.replace(/[ =:]/g, (c) => `\\${c}`)} = ${v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`,
  comment: (t) => `# ${t}`,
};
const strings: Syntax = {
  format: stringsFormat,
  entry: (k, v) => `"${k}" = "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}";`,
  comment: (t) => `/* ${t} */`,
};

describe.each([
  ['properties', props],
  ['strings', strings],
])('%s edit: property', (_name, syntax) => {
  it('gives (held − remove) ∪ set and keeps untouched units byte for byte', () => {
    fc.assert(
      fc.property(
        fc.subarray(KEYS, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: KEYS.length, maxLength: KEYS.length }),
        fc.func(fc.boolean()),
        fc.boolean(),
        fc.boolean(),
        (sourceKeys, role, order, commented, blank, crlf) => {
          const nl = crlf ? '\r\n' : '\n';
          const gap = blank ? nl : '';
          const source = enc(
            sourceKeys
              .map((k) => `${syntax.comment(`about ${k}`)}\n${syntax.entry(k, `EN ${k}`)}\n`)
              .join('\n'),
          );
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const heldKeys: string[] = [];
          for (const k of KEYS) {
            const r = role(k);
            const inSource = sourceKeys.includes(k);
            if (r === 'held' || r === 'both' || r === 'remove') heldKeys.push(k);
            if ((r === 'set' || r === 'both') && inSource) set.set(k, `NEU ${k} "ä"\\`);
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(k);
          }
          heldKeys.sort((a, b) => order[KEYS.indexOf(a)]! - order[KEYS.indexOf(b)]! || a.localeCompare(b));
          const lines = [syntax.comment('Deutsch'), ''];
          for (const k of heldKeys) {
            if (commented(k)) lines.push(syntax.comment(`Notiz ${k}`));
            lines.push(syntax.entry(k, `DE ${k}\nzwei`));
            if (gap) lines.push('');
          }
          const target = enc(`${lines.join(nl)}${nl}`);
          const out = syntax.format.edit!(target, { source, set, remove }, { targetLang: 'de' });
          const expected = targetTranslations(syntax.format, target, 'de');
          for (const id of remove) expected.delete(id);
          for (const [id, t] of set) expected.set(id, t);
          expect(new Map([...targetTranslations(syntax.format, out, 'de')].sort())).toEqual(
            new Map([...expected].sort()),
          );
          const before = rawTexts(syntax.format, target);
          const after = rawTexts(syntax.format, out);
          for (const [id, raw] of before)
            if (!set.has(id) && !remove.has(id)) expect(after.get(id)).toBe(raw);
          const written = new TextDecoder().decode(out);
          if (crlf) expect(written.replaceAll('\r\n', '')).not.toContain('\n');
          // People's comments stay with the entries that stay.
          for (const k of heldKeys)
            if (commented(k) && !remove.has(k)) expect(written).toContain(`Notiz ${k}`);
          for (const k of remove) expect(written).not.toContain(`Notiz ${k}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
