/**
 * The YAML edit reads the target once and the source once, however many units it changes,
 * inserts and removes: the `yaml` package takes about a second for a 20,000-unit Rails file.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { CASES, REREAD_CASES } from './yaml-edit-once-cases.ts';

const parsed = vi.hoisted(() => [] as string[]);

vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof import('yaml')>();
  return {
    ...yaml,
    parseAllDocuments: (...args: Parameters<typeof yaml.parseAllDocuments>) => {
      parsed.push(args[0]);
      return yaml.parseAllDocuments(...args);
    },
  };
});

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/yaml/${name}`, import.meta.url)));

describe('yaml edit: one parse per text', () => {
  const target = fixture('edit-once-de.yml');
  const source = fixture('edit-once-en.yml');
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  beforeEach(() => {
    parsed.length = 0;
  });

  for (const c of CASES) {
    it(`${c.name}: the target once, the source once`, () => {
      const changes = { source, set: new Map(Object.entries(c.set)), remove: new Set(c.remove) };
      yamlFormat.edit!(target, changes, { targetLang: 'de' });
      expect(parsed).toEqual([decode(target), decode(source)]);
    });
  }

  it('reads nothing more for an edit with nothing to do than the target', () => {
    yamlFormat.edit!(target, { source, set: new Map(), remove: new Set() }, { targetLang: 'de' });
    expect(parsed).toEqual([decode(target)]);
  });

  for (const c of REREAD_CASES) {
    it(`${c.name}: one fresh read of the text the step before left`, () => {
      const encode = (s: string) => new TextEncoder().encode(s);
      const changes = {
        source: encode(c.source),
        set: new Map(Object.entries(c.set)),
        remove: new Set(c.remove),
      };
      yamlFormat.edit!(encode(c.target), changes, { targetLang: c.targetLang });
      expect(parsed.slice(0, 2)).toEqual([c.target, c.source]);
      expect(parsed).toHaveLength(3);
    });
  }
});
