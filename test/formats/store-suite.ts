/**
 * The round-trip suite every format runs (translate-toolkit's TestTranslationStore pattern):
 * call `describeFormat(module, options)` from the format's own test file, then add its own cases.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatModule, PluralCategory, PluralForms, Unit } from '../../src/formats/model.ts';

export interface FormatSuiteOptions {
  /** Paths of realistic fixture files (at least three). */
  fixtures: string[];
  /** Bilingual formats (PO, XLIFF) carry translations in `target`; monolingual ones replace `source`. */
  bilingual: boolean;
  /** Target language used when rendering (default `de`). */
  targetLang?: string;
}

/** A deterministic pseudo-translation that changes every letter and adds non-ASCII text to exercise escaping. */
export function pseudo(text: string): string {
  return `Ü${text.replace(/[a-z]/g, (c) => c.toUpperCase())}ß`;
}

/** Translations for every translatable unit: pseudo text, plural units with the target language's categories. */
export function pseudoTranslations(units: Unit[], targetLang: string): Map<string, string | PluralForms> {
  const categories = new Intl.PluralRules(targetLang).resolvedOptions().pluralCategories as PluralCategory[];
  const out = new Map<string, string | PluralForms>();
  for (const unit of units) {
    if (!unit.translatable || unit.source.trim() === '') continue;
    if (unit.sourcePlural) {
      const forms: PluralForms = { other: pseudo(unit.sourcePlural.other) };
      for (const c of categories) forms[c] = pseudo(unit.sourcePlural[c] ?? unit.sourcePlural.other);
      out.set(unit.id, forms);
    } else {
      out.set(unit.id, pseudo(unit.source));
    }
  }
  return out;
}

export function describeFormat(format: FormatModule, options: FormatSuiteOptions): void {
  const targetLang = options.targetLang ?? 'de';
  describe(`${format.name}: shared round trips`, () => {
    it('has at least three realistic fixtures', () => {
      expect(options.fixtures.length).toBeGreaterThanOrEqual(3);
    });

    for (const path of options.fixtures) {
      const name = basename(path);
      const original = () => new Uint8Array(readFileSync(path));

      it(`${name}: parses into units with ids unique and locations inside the file`, () => {
        const bytes = original();
        const units = format.parse(bytes, { fileName: name });
        expect(units.length).toBeGreaterThan(0);
        expect(new Set(units.map((u) => u.id)).size).toBe(units.length);
        for (const u of units) {
          expect(u.location.offset).toBeGreaterThanOrEqual(0);
          expect(u.location.offset + u.location.length).toBeLessThanOrEqual(bytes.length);
        }
      });

      it(`${name}: render with no translations is byte-identical`, () => {
        const bytes = original();
        const out = format.render(bytes, new Map(), { targetLang, fileName: name });
        expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
      });

      it(`${name}: render with targets equal to sources is byte-identical`, () => {
        const bytes = original();
        const units = format.parse(bytes, { fileName: name });
        const same = new Map<string, string | PluralForms>();
        for (const u of units) if (u.translatable) same.set(u.id, u.sourcePlural ?? u.source);
        const out = format.render(bytes, same, { targetLang: 'en', fileName: name });
        expect(Buffer.from(out).toString()).toBe(Buffer.from(bytes).toString());
        expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
      });

      it(`${name}: render with translations then parse yields exactly those translations`, () => {
        const bytes = original();
        const units = format.parse(bytes, { fileName: name });
        const translations = pseudoTranslations(units, targetLang);
        expect(translations.size).toBeGreaterThan(0);
        const rendered = format.render(bytes, translations, { targetLang, fileName: name });
        const back = new Map(format.parse(rendered, { fileName: name }).map((u) => [u.id, u]));
        for (const [id, expected] of translations) {
          const unit = back.get(id);
          expect(unit, `unit ${id} after render`).toBeDefined();
          if (typeof expected === 'string') {
            expect(options.bilingual ? unit!.target : unit!.source, `unit ${id}`).toBe(expected);
          } else {
            const forms = options.bilingual ? unit!.targetPlural : unit!.sourcePlural;
            expect(forms, `plural unit ${id}`).toEqual(expected);
          }
        }
      });

      it(`${name}: extract to XLIFF 1.2 with targets = sources, then merge, is byte-identical`, async () => {
        const { extractXliff, mergeXliff } = await import('../../src/formats/exchange.ts');
        const bytes = original();
        const xliff = extractXliff(format, bytes, {
          fileName: name,
          sourceLang: 'en',
          targetLang,
          copySource: true,
        });
        const merged = mergeXliff(format, bytes, xliff, { fileName: name, targetLang: 'en' });
        expect(Buffer.from(merged).equals(Buffer.from(bytes))).toBe(true);
      });
    }
  });
}
