/**
 * The round-trip suite every format runs (translate-toolkit's TestTranslationStore pattern).
 * test/formats/every-format.test.ts runs it over every format in the registry with its fixtures
 * (test/fixtures/<format name>/); a format's own test file may run it again for other target
 * languages, then adds its own cases. A case needing an optional capability (`edit`) is skipped,
 * by name, for a format without it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import type {
  FormatModule,
  FormatWarning,
  PluralCategory,
  PluralForms,
  Unit,
} from '../../src/formats/model.ts';

export interface FormatSuiteOptions {
  /** Paths of realistic fixture files (at least three); every file in test/fixtures/<name>/ by default. */
  fixtures?: string[];
  /**
   * Bilingual formats (PO, XLIFF) carry translations in `target`; monolingual ones replace `source`.
   * By default, from the format's `holds`.
   */
  bilingual?: boolean;
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

/** Every file in test/fixtures/<format name>/. */
export function fixturesOf(format: FormatModule): string[] {
  const dir = join('test/fixtures', format.name);
  try {
    return readdirSync(dir).map((f) => join(dir, f));
  } catch {
    return []; // reported by the suite's first case
  }
}

export function describeFormat(format: FormatModule, options: FormatSuiteOptions = {}): void {
  const targetLang = options.targetLang ?? 'de';
  const fixtures = options.fixtures ?? fixturesOf(format);
  const bilingual = options.bilingual ?? (format.holds ?? 'one') !== 'one';
  // A multilingual file (`holds: 'all'`) is read for one language at a time.
  const readBack = format.holds === 'all' ? { targetLang } : {};
  // Files that carry a target beside each source (PO, XLIFF), and a catalog of every language
  // read as a bilingual file for one (xcstringsFor(lang), `bilingual: true`). The catalog module
  // itself renders these cases into its source language, where a copy of the source is the source.
  const pair = format.holds === 'pair' || (format.holds === 'all' && options.bilingual === true);
  describe(`${format.name}: shared round trips`, () => {
    it('has at least three realistic fixtures', () => {
      expect(fixtures.length).toBeGreaterThanOrEqual(3);
    });

    for (const path of fixtures) {
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

      it.skipIf(pair)(`${name}: render with targets equal to sources is byte-identical`, () => {
        const bytes = original();
        const units = format.parse(bytes, { fileName: name });
        const same = new Map<string, string | PluralForms>();
        for (const u of units) if (u.translatable) same.set(u.id, u.sourcePlural ?? u.source);
        const out = format.render(bytes, same, { targetLang: 'en', fileName: name });
        expect(Buffer.from(out).toString()).toBe(Buffer.from(bytes).toString());
        expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
      });

      // A translation may say what its source says (German "Browser" for "Browser"): in a file
      // that carries targets, it is written as one — an untranslated unit is one without a target.
      it.runIf(pair)(`${name}: render with targets equal to sources writes them as targets`, () => {
        const bytes = original();
        const units = format.parse(bytes, { fileName: name });
        const same = new Map<string, string>();
        for (const u of units)
          if (u.translatable && !u.sourcePlural && u.source !== '') same.set(u.id, u.source);
        expect(same.size).toBeGreaterThan(0);
        const out = format.render(bytes, same, { targetLang: 'en', fileName: name });
        const back = new Map(format.parse(out, { fileName: name }).map((u) => [u.id, u.target]));
        for (const [id, source] of same) expect(back.get(id), `unit ${id}`).toBe(source);
      });

      it(`${name}: render with translations then parse yields exactly those translations`, () => {
        const bytes = original();
        const units = format.parse(bytes, { fileName: name });
        const translations = pseudoTranslations(units, targetLang);
        expect(translations.size).toBeGreaterThan(0);
        const rendered = format.render(bytes, translations, { targetLang, fileName: name });
        const back = new Map(format.parse(rendered, { fileName: name, ...readBack }).map((u) => [u.id, u]));
        for (const [id, expected] of translations) {
          const unit = back.get(id);
          expect(unit, `unit ${id} after render`).toBeDefined();
          if (typeof expected === 'string') {
            expect(bilingual ? unit!.target : unit!.source, `unit ${id}`).toBe(expected);
          } else {
            const forms = bilingual ? unit!.targetPlural : unit!.sourcePlural;
            expect(forms, `plural unit ${id}`).toEqual(expected);
          }
        }
      });

      // The copies are marked state="needs-translation": merged back unchanged, they are no translation.
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

      it.runIf(pair)(
        `${name}: extract with targets = sources, a translator confirms the copies, merge keeps every target and writes the confirmed ones`,
        async () => {
          const { extractXliff, mergeXliff } = await import('../../src/formats/exchange.ts');
          const bytes = original();
          const extracted = extractXliff(format, bytes, {
            fileName: name,
            sourceLang: 'en',
            targetLang,
            copySource: true,
          });
          // A CAT tool marks a target it confirmed: German "Browser" for "Browser" is a translation.
          const xliff = new TextEncoder().encode(
            new TextDecoder().decode(extracted).replaceAll('state="needs-translation"', 'state="translated"'),
          );
          const merged = mergeXliff(format, bytes, xliff, { fileName: name, targetLang });
          const back = new Map(format.parse(merged, { fileName: name }).map((u) => [u.id, u]));
          for (const u of format.parse(bytes, { fileName: name })) {
            if (!u.translatable || u.sourcePlural || u.source === '') continue;
            expect(back.get(u.id)?.target, `unit ${u.id}`).toBe(u.target ?? u.source);
          }
        },
      );

      // DESIGN §7: a sync over complete, current translations changes no byte of the target, and
      // a target edit cannot read is refused rather than rewritten.
      it.skipIf(!format.edit)(
        `${name}: edit (capability) with no changes leaves the target byte-identical`,
        () => {
          const bytes = original();
          const warnings: FormatWarning[] = [];
          format.parse(bytes, { fileName: name, ...readBack, onWarning: (w) => warnings.push(w) });
          const changes = { source: bytes, set: new Map(), remove: new Set<string>() };
          let out: Uint8Array;
          try {
            out = format.edit!(bytes, changes, { targetLang, fileName: name });
          } catch (error) {
            expect(error).toBeInstanceOf(FormatError);
            expect(warnings, 'edit refused a file that parses without a warning').not.toEqual([]);
            return;
          }
          expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
        },
      );
    }
  });
}
