/**
 * Property test of the YAML `edit`: for random source keys and a random partial Rails target in
 * shuffled order (with comments), the edited target holds exactly (held − remove) ∪ set, and
 * every unit the edit did not touch keeps its bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { PluralForms } from '../../src/formats/model.ts';
import { targetTranslations, type UnitText } from '../../src/formats/target.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function rawTexts(bytes: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  for (const unit of yamlFormat.parse(bytes)) {
    const { offset, length } = unit.location;
    out.set(unit.id, Buffer.from(bytes.subarray(offset, offset + length)).toString('utf8'));
  }
  return out;
}

const leafIds = [
  'title',
  'x',
  'menu.open',
  'menu.close',
  'menu.file.save',
  'menu.file.quit',
  'dlg.ok',
  'dlg.no',
];
const pluralIds = ['count', 'menu.items'];
const FORMS: PluralForms = {
  zero: 'Keine',
  one: '%{count} Datei',
  few: '%{count} Dateien',
  many: '%{count} Dateien!',
  other: 'x %{count}',
};

function put(tree: Record<string, unknown>, id: string, value: UnitText) {
  const path = id.split('.');
  let node = tree;
  for (const step of path.slice(0, -1)) {
    node[step] ??= {};
    node = node[step] as Record<string, unknown>;
  }
  node[path.at(-1)!] = typeof value === 'string' ? value : { ...value };
}

function shuffled(
  tree: Record<string, unknown>,
  order: number[],
  plural: (k: string) => boolean,
): Record<string, unknown> {
  let i = 0;
  const walk = (node: Record<string, unknown>, name: string): Record<string, unknown> => {
    if (plural(name)) return node;
    const keys = Object.keys(node);
    const perm = keys
      .map((k, n) => [order[(i++ + n) % order.length]!, k] as const)
      .sort((a, b) => a[0] - b[0]);
    const out: Record<string, unknown> = {};
    for (const [, k] of perm)
      out[k] = typeof node[k] === 'object' ? walk(node[k] as Record<string, unknown>, k) : node[k];
    return out;
  };
  return walk(tree, '');
}

describe('yaml edit: property', () => {
  it('gives (held − remove) ∪ set and keeps untouched units byte for byte', () => {
    const ids = [...leafIds, ...pluralIds];
    const isPlural = (k: string) => k === 'count' || k === 'items';
    fc.assert(
      fc.property(
        fc.subarray(ids, { minLength: 1 }),
        fc.func(fc.constantFrom('held', 'set', 'both', 'remove', 'none')),
        fc.array(fc.nat(100), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(2, 4),
        fc.boolean(),
        (sourceIds, role, order, indent, crlf) => {
          const en: Record<string, unknown> = {};
          for (const id of sourceIds)
            put(
              en,
              id,
              pluralIds.includes(id)
                ? { zero: 'none', one: `one ${id}`, other: `%{count} ${id}` }
                : `EN ${id}`,
            );
          const de: Record<string, unknown> = {};
          const set = new Map<string, UnitText>();
          const remove = new Set<string>();
          const textOf = (id: string, tag: string): UnitText =>
            pluralIds.includes(id) ? { ...FORMS, other: `${tag} ${id}` } : `${tag}: ${id} "ü"`;
          for (const id of ids) {
            const r = role(id);
            const inSource = sourceIds.includes(id);
            if (r === 'held' || r === 'both' || r === 'remove') put(de, id, textOf(id, 'DE'));
            if ((r === 'set' || r === 'both') && inSource) set.set(id, textOf(id, 'NEU'));
            if (r === 'remove' || (r === 'held' && !inSource)) remove.add(id);
          }
          const source = enc(stringify({ en }));
          let yaml = stringify({ de: shuffled(de, order, isPlural) }, { indent });
          if (Object.keys(de).length === 0) yaml = `de:\n${' '.repeat(indent)}keep: Behalten\n`;
          // People's comments above keys.
          yaml = yaml.replace(/^( +)(\w+):/gm, (m, pad: string, key: string) =>
            key.length % 2 ? `${pad}# ${key}\n${m}` : m,
          );
          if (crlf) yaml = yaml.replaceAll('\n', '\r\n');
          const target = enc(yaml);
          const out = yamlFormat.edit!(target, { source, set, remove }, { targetLang: 'ru' });
          const expected = targetTranslations(yamlFormat, target, 'ru');
          for (const id of remove) expected.delete(id);
          for (const [id, t] of set) expected.set(id, t);
          const got = targetTranslations(yamlFormat, out, 'ru');
          expect(new Map([...got].sort())).toEqual(new Map([...expected].sort()));
          const before = rawTexts(target);
          const after = rawTexts(out);
          for (const [id, raw] of before)
            if (!set.has(id) && !remove.has(id)) expect(after.get(id)).toBe(raw);
          if (crlf) expect(new TextDecoder().decode(out).replaceAll('\r\n', '')).not.toContain('\n');
        },
      ),
      { numRuns: 300 },
    );
  });
});
