/**
 * Property test of the JSON and ARB `edit`: for random source keys and a random partial target in
 * shuffled order, the edited target holds exactly (held − remove) ∪ set, and every unit the edit
 * did not touch keeps its bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbFormat } from '../../src/formats/arb/index.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import type { FormatModule, PluralForms } from '../../src/formats/model.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';

const enc = (s: string) => new TextEncoder().encode(s);

/** The raw bytes of each unit's text in a file, by id. */
function rawTexts(format: FormatModule, bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  for (const unit of format.parse(bytes)) {
    const { offset, length } = unit.location;
    out.set(unit.id, Buffer.from(bytes.subarray(offset, offset + length)).toString('utf8'));
  }
  return out;
}

/** Runs the edit and checks the property over `format`'s own reading of the result. */
function check(
  format: FormatModule,
  source: Uint8Array,
  target: Uint8Array,
  set: Map<string, UnitText>,
  remove: Set<string>,
  lang: string,
) {
  const out = format.edit!(target, { source, set, remove }, { targetLang: lang });
  const held = targetTranslations(format, target, lang);
  const expected = new Map(held);
  for (const id of remove) expected.delete(id);
  for (const [id, text] of set) expected.set(id, text);
  const got = targetTranslations(format, out, lang);
  expect(new Map([...got].sort())).toEqual(new Map([...expected].sort()));
  const before = rawTexts(format, target);
  const after = rawTexts(format, out);
  for (const [id, raw] of before) if (!set.has(id) && !remove.has(id)) expect(after.get(id)).toBe(raw);
}

const FORMS: PluralForms = {
  one: '{{count}} Datei',
  few: '{{count}} Dateien',
  many: '{{count}} Dateien!',
  other: 'x {{count}}',
};
const leafIds = [
  'title',
  'x',
  'y',
  'menu.open',
  'menu.close',
  'menu.file.save',
  'menu.file.quit',
  'dlg.ok',
  'dlg.no',
];
const pluralIds = ['count', 'menu.items'];

function put(tree: Record<string, unknown>, id: string, value: UnitText) {
  const path = id.split('.');
  let node = tree;
  for (const step of path.slice(0, -1)) {
    node[step] ??= {};
    node = node[step] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (typeof value === 'string') node[last] = value;
  else for (const [c, t] of Object.entries(value)) node[`${last}_${c}`] = t;
}

/** A copy of a tree with every object's keys in a shuffled order. */
function shuffled(tree: Record<string, unknown>, order: number[]): Record<string, unknown> {
  let i = 0;
  const walk = (node: Record<string, unknown>): Record<string, unknown> => {
    const keys = Object.keys(node);
    const perm = keys
      .map((k, n) => [order[(i++ + n) % order.length]!, k] as const)
      .sort((a, b) => a[0] - b[0]);
    const out: Record<string, unknown> = {};
    for (const [, k] of perm)
      out[k] = typeof node[k] === 'object' ? walk(node[k] as Record<string, unknown>) : node[k];
    return out;
  };
  return walk(tree);
}

describe('json edit: property', () => {
  it('gives (held − remove) ∪ set and keeps untouched units byte for byte', () => {
    const ids = [...leafIds, ...pluralIds];
    fc.assert(
      fc.property(
        fc.subarray(ids, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(0, 2, 4, '\t'),
        fc.boolean(),
        (sourceIds, role, order, indent, crlf) => {
          const en: Record<string, unknown> = {};
          for (const id of sourceIds)
            put(en, id, pluralIds.includes(id) ? { one: `one ${id}`, other: `other ${id}` } : `EN ${id}`);
          const de: Record<string, unknown> = {};
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const textOf = (id: string, tag: string): UnitText =>
            pluralIds.includes(id) ? { ...FORMS, other: `${tag} ${id}` } : `${tag} ${id} "ü"`;
          // The target may hold keys the source no longer has: those are the ones to remove.
          for (const id of ids) {
            const r = role(id);
            const inSource = sourceIds.includes(id);
            if (r === 'held' || r === 'both' || r === 'remove') put(de, id, textOf(id, 'DE'));
            if ((r === 'set' || r === 'both') && inSource) set.set(id, textOf(id, 'NEU'));
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(id);
          }
          const nl = (s: string) => (crlf ? s.replaceAll('\n', '\r\n') : s);
          const source = enc(`${JSON.stringify(en, null, 2)}\n`);
          const target = enc(nl(`${JSON.stringify(shuffled(de, order), null, indent)}\n`));
          check(jsonFormat, source, target, set, remove, 'ru');
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('arb edit: property', () => {
  it('gives (held − remove) ∪ set and keeps untouched messages byte for byte', () => {
    const keys = ['appTitle', 'hello', 'bye', 'itemCount', 'save', 'cancel'];
    fc.assert(
      fc.property(
        fc.subarray(keys, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (sourceKeys, role, order, meta) => {
          const en: Record<string, unknown> = { '@@locale': 'en' };
          for (const k of sourceKeys) {
            en[k] = `EN ${k}`;
            en[`@${k}`] = { description: `About ${k}` };
          }
          const de: Record<string, unknown> = {};
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          for (const k of keys) {
            const r = role(k);
            const inSource = sourceKeys.includes(k);
            if (r === 'held' || r === 'both' || r === 'remove') {
              de[k] = `DE ${k}`;
              if (meta) de[`@${k}`] = { description: `Über ${k}` };
            }
            if ((r === 'set' || r === 'both') && inSource) set.set(k, `NEU ${k}`);
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(k);
          }
          const entries = Object.entries(de);
          const perm = entries
            .map((e, n) => [order[n % order.length]! + n / 100, e] as const)
            .sort((a, b) => a[0] - b[0]);
          const target = enc(
            `${JSON.stringify({ '@@locale': 'de', ...Object.fromEntries(perm.map(([, e]) => e)) }, null, 2)}\n`,
          );
          check(arbFormat, enc(`${JSON.stringify(en, null, 2)}\n`), target, set, remove, 'de');
        },
      ),
      { numRuns: 200 },
    );
  });
});
