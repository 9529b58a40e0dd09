import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTbx, readTerms, readTermsCsv, termIssues } from '../../src/qa/terms.ts';
import { repoRoot } from '../support/processes.ts';

const fixture = (name: string) => readFileSync(join(repoRoot, 'test/fixtures/importers', name), 'utf8');
const asObject = (entries: ReturnType<typeof readTbx>) => entries.map((e) => Object.fromEntries(e.terms));

describe('termbases', () => {
  it('reads TBX v3 (conceptEntry/langSec/termSec) and leaves deprecated terms out', () => {
    const entries = asObject(readTbx(fixture('product-terms.tbx')));
    expect(entries[0]).toEqual({ 'en-us': ['sign in'], 'de-at': ['anmelden'] });
    expect(entries[1]).toEqual({ 'en-us': ['dashboard'], 'de-at': ['Dashboard'] });
  });

  it('reads TBX v2 (martif: termEntry/langSet/tig and ntig)', () => {
    const entries = asObject(readTbx(fixture('legal-terms.tbx')));
    expect(entries[0]).toEqual({
      'en-us': ['contract', 'agreement'],
      'de-at': ['Vertrag'],
      'de-de': ['Kontrakt'],
    });
  });

  it('reads CSV with a language per column (comma, semicolon or tab); other headers are refused by name', () => {
    expect(asObject(readTermsCsv('en;de\n"cart; basket";Warenkorb\n', 'g.csv'))).toEqual([
      { en: ['cart; basket'], de: ['Warenkorb'] },
    ]);
    expect(() => readTerms(fixture('glossary-semicolon.csv'), 'glossary.csv')).toThrow(
      'glossary.csv: the first row must name a language per column (e.g. "en,de"), got "Source,Target,Note"',
    );
  });

  it('warns when the source uses a term and the translation lacks its target term', () => {
    const entries = readTbx(fixture('product-terms.tbx'));
    const warn = (source: string, target: string) =>
      termIssues(entries, source, target, 'en', 'de').map((i) => `${i.severity}: ${i.message}`);
    expect(warn('Sign in to continue', 'Zum Fortfahren einloggen')).toEqual([
      'warning: term "sign in" should be translated as "anmelden"',
    ]);
    expect(warn('Sign in to continue', 'Zum Fortfahren anmelden')).toEqual([]);
    expect(warn('Open the dashboard', 'Dashboards öffnen')).toEqual([]);
    // A word that merely contains the term is not the term.
    expect(warn('Dashboarding tips', 'Tipps')).toEqual([]);
  });

  it('accepts inflected target terms (the stem) and matches languages by their primary subtag', () => {
    const entries = readTermsCsv('en,ru\nshopping cart,корзина\n', 't.csv');
    expect(termIssues(entries, 'Go to the shopping cart', 'Перейти в корзину', 'en', 'ru-RU')).toEqual([]);
    expect(termIssues(entries, 'Go to the shopping cart', 'Перейти к оплате', 'en', 'ru')).toHaveLength(1);
  });
});
