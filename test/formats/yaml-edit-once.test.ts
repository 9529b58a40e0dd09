/**
 * The YAML edit reads each text once: its output on a realistic fixture (comments, anchors and a
 * merge key, block and multi-line quoted scalars, plurals, a repeated key, insertions at several
 * depths, removals that empty maps) is byte for byte what the three-pass edit wrote.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { CASES, REREAD_CASES } from './yaml-edit-once-cases.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/yaml/${name}`, import.meta.url)));

describe('yaml edit: the same bytes as the three-pass edit', () => {
  const target = fixture('edit-once-de.yml');
  const source = fixture('edit-once-en.yml');
  for (const c of CASES) {
    it(c.name, () => {
      const changes = { source, set: new Map(Object.entries(c.set)), remove: new Set(c.remove) };
      const out = yamlFormat.edit!(target, changes, { targetLang: 'de' });
      expect(Buffer.from(out).toString('utf8')).toBe(
        Buffer.from(fixture(`edit-once-de.${c.name}.yml`)).toString('utf8'),
      );
    });
  }
});

describe('yaml edit: the same bytes where it reads the text again', () => {
  const encode = (s: string) => new TextEncoder().encode(s);
  for (const c of REREAD_CASES) {
    it(c.name, () => {
      const changes = {
        source: encode(c.source),
        set: new Map(Object.entries(c.set)),
        remove: new Set(c.remove),
      };
      const out = yamlFormat.edit!(encode(c.target), changes, { targetLang: c.targetLang });
      expect(new TextDecoder().decode(out)).toBe(c.expected);
    });
  }
});
