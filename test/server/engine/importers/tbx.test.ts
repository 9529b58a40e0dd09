import { describe, expect, it } from 'vitest';
import { fixture, importFailure, importTerms } from './support.ts';

describe('TBX import', () => {
  it('pairs every source term with every target term of a TBX 2 (martif) entry', async () => {
    const { items, stats } = await importTerms('legal.tbx', fixture('legal-terms.tbx'));
    expect(items).toEqual([
      {
        source: 'contract',
        target: 'Vertrag',
        notes:
          'subjectField: Contract law\ndefinition: A legally binding agreement between two or more parties.\n' +
          'Im österreichischen Recht auch „Kontrakt“ (veraltet)',
      },
      {
        source: 'agreement',
        target: 'Vertrag',
        notes:
          'subjectField: Contract law\ndefinition: A legally binding agreement between two or more parties.\n' +
          'Im österreichischen Recht auch „Kontrakt“ (veraltet)',
      },
      // ntig/termGrp terms; the descripGrp of the German section becomes a note.
      {
        source: 'invoice',
        target: 'Rechnung',
        notes: 'context: Die Rechnung ist binnen 14 Tagen zu begleichen.',
      },
    ]);
    // de-AT wins over de-DE in entry c1; entry c3 has no German.
    expect(stats).toEqual({ format: 'tbx', imported: 3, skipped: 1, skippedBy: { language: 1 } });
  });

  it('reads TBX 3 (tbx root, conceptEntry/langSec/termSec)', async () => {
    const { items, stats } = await importTerms('product.tbx', fixture('product-terms.tbx'));
    expect(items).toEqual([
      { source: 'sign in', target: 'anmelden', notes: 'subjectField: Software\nNever "log in" in UI text' },
      { source: 'sign in', target: 'einloggen', notes: 'subjectField: Software\nNever "log in" in UI text' },
      { source: 'dashboard', target: 'Dashboard' },
    ]);
    expect(stats.skippedBy).toEqual({ language: 1 });
  });

  it('takes the other regional sections for a memory without regions', async () => {
    const { items } = await importTerms('legal.tbx', fixture('legal-terms.tbx'), {
      pair: { srclang: 'en', trglang: 'de' },
    });
    // Both de-AT and de-DE fit a "de" memory equally: the entry gives a term pair for each.
    expect(items.map((t) => `${t.source}=${t.target}`)).toEqual([
      'contract=Vertrag',
      'contract=Kontrakt',
      'agreement=Vertrag',
      'agreement=Kontrakt',
      'invoice=Rechnung',
    ]);
  });

  it('fails naming the languages found when no entry fits the memory', async () => {
    const error = await importFailure('legal.tbx', fixture('legal-terms.tbx'), {
      pair: { srclang: 'en', trglang: 'ja' },
    });
    expect(error.message).toBe(
      'legal.tbx: nothing to import: no entry holds both languages of the memory (en → ja); ' +
        'languages found: de, de-AT, de-DE, en, en-US, fr-FR',
    );
  });

  it('fails with a position for a term group without <term>', async () => {
    const tbx = `<martif type="TBX"><text><body><termEntry>
  <langSet xml:lang="en"><tig><termNote type="partOfSpeech">noun</termNote></tig></langSet>
</termEntry></body></text></martif>`;
    expect((await importFailure('bad.tbx', tbx)).message).toBe('line 2, column 26: <tig> without <term>');
  });

  it('refuses a document that is neither martif nor tbx', async () => {
    const error = await importFailure('terms.tbx', '<?xml version="1.0"?><glossary><entry/></glossary>');
    expect(error.message).toBe('terms.tbx is not a TBX termbase: the root element is <glossary>');
  });
});
