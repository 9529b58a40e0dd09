/**
 * Property test of the Android `edit`: for random source resources and a random partial target in
 * shuffled order (comments, CRLF), the edited target holds exactly (held − remove) ∪ set, and
 * every unit the edit did not touch keeps its bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import type { PluralForms } from '../../src/formats/model.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const NAMES = ['title', 'hello', 'bye', 'save', 'files', 'items', 'cancel'];
const PLURAL = new Set(['files', 'items']);
const FORMS: PluralForms = { one: '%d Datei', few: '%d Dateien', many: '%d Dateien!', other: '%d Dateien?' };

function resource(name: string, text: UnitText, pad: string, nl: string): string {
  if (typeof text === 'string') return `${pad}<string name="${name}">${text.replace(/'/g, "\\'")}</string>`;
  const items = Object.entries(text).map(([c, t]) => `${pad}${pad}<item quantity="${c}">${t}</item>`);
  return [`${pad}<plurals name="${name}">`, ...items, `${pad}</plurals>`].join(nl);
}

function rawTexts(bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  for (const unit of androidFormat.parse(bytes)) {
    const { offset, length } = unit.location;
    out.set(unit.id, Buffer.from(bytes.subarray(offset, offset + length)).toString('utf8'));
  }
  return out;
}

describe('android edit: property', () => {
  it('gives (held − remove) ∪ set and keeps untouched units byte for byte', () => {
    fc.assert(
      fc.property(
        fc.subarray(NAMES, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: NAMES.length, maxLength: NAMES.length }),
        fc.func(fc.boolean()),
        fc.boolean(),
        (sourceNames, role, order, commented, crlf) => {
          const nl = crlf ? '\r\n' : '\n';
          const text = (name: string, tag: string): UnitText =>
            PLURAL.has(name) ? { ...FORMS, other: `${tag} %d ${name}` } : `${tag} ${name}'s`;
          const en = sourceNames.map((n) =>
            resource(n, PLURAL.has(n) ? { one: `one ${n}`, other: `%d ${n}` } : `EN ${n}`, '    ', '\n'),
          );
          const source = enc(
            `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${en.join('\n')}\n</resources>\n`,
          );
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const held: string[] = [];
          for (const n of NAMES) {
            const r = role(n);
            const inSource = sourceNames.includes(n);
            if (r === 'held' || r === 'both' || r === 'remove') held.push(n);
            if ((r === 'set' || r === 'both') && inSource) set.set(n, text(n, 'NEU'));
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(n);
          }
          held.sort((a, b) => order[NAMES.indexOf(a)]! - order[NAMES.indexOf(b)]!);
          const lines = ['<resources>'];
          for (const n of held) {
            if (commented(n)) lines.push(`  <!-- Notiz ${n} -->`);
            lines.push(resource(n, text(n, 'DE'), '  ', nl));
          }
          lines.push('</resources>', '');
          const target = enc(lines.join(nl));
          const out = androidFormat.edit!(target, { source, set, remove }, { targetLang: 'ru' });
          const expected = targetTranslations(androidFormat, target, 'ru');
          for (const id of remove) expected.delete(id);
          for (const [id, t] of set) expected.set(id, t);
          expect(new Map([...targetTranslations(androidFormat, out, 'ru')].sort())).toEqual(
            new Map([...expected].sort()),
          );
          const before = rawTexts(target);
          const after = rawTexts(out);
          for (const [id, raw] of before)
            if (!set.has(id) && !remove.has(id)) expect(after.get(id)).toBe(raw);
          const written = new TextDecoder().decode(out);
          if (crlf) expect(written.replaceAll('\r\n', '')).not.toContain('\n');
          for (const n of remove) expect(written).not.toContain(`Notiz ${n} `);
        },
      ),
      { numRuns: 200 },
    );
  });
});
