import { describe, expect, it } from 'vitest';
import { EN_US_DE_AT, fixture, importFailure, importSegments } from './support.ts';

describe('TMX import', () => {
  it('takes the memory pair from a multilingual TMX, preferring exact locales', async () => {
    const { items, stats } = await importSegments('legal.tmx', fixture('legal-multilingual.tmx'));
    expect(items.map((s) => [s.source, s.target])).toEqual([
      [
        'This Agreement enters into force on the date of signature.',
        'Dieser Vertrag tritt mit dem Tag der Unterzeichnung in Kraft.',
      ],
      // EN_us and de-at beat the plain en and the de-DE variants of the same <tu>.
      ['The Parties agree as follows:', 'Die Vertragsparteien vereinbaren Folgendes:'],
      // Inline codes as the native placeholders and tags they stand for; <hi> is transparent.
      [
        'Payment is due within {0} days of <b>receipt</b> of the invoice<i>.<br/>',
        'Die Zahlung ist binnen {0} Tagen nach <b>Erhalt</b> der Rechnung<i> fällig.<br/>',
      ],
      ['Fees & charges <excl. VAT>', 'Gebühren & Entgelte <exkl. USt.>'],
    ]);
    expect(stats).toEqual({
      format: 'tmx',
      imported: 4,
      skipped: 2,
      skippedBy: { language: 1, empty: 1 },
    });
  });

  it('maps notes, props, creationdate, e-mail ids and x-context', async () => {
    const { items } = await importSegments('legal.tmx', fixture('legal-multilingual.tmx'));
    const [first, second, third, fifth] = items;
    expect(first).toEqual({
      source: 'This Agreement enters into force on the date of signature.',
      target: 'Dieser Vertrag tritt mit dem Tag der Unterzeichnung in Kraft.',
      notes: 'x-Origin: TM\nClause 1.1 – definitions',
      createdAt: Date.UTC(2023, 3, 12, 8, 15, 3),
      userEmail: 'anna.berger@example.com',
    });
    // ACME\jdoe is not an e-mail address: no userEmail rather than a wrong one.
    expect(second?.userEmail).toBeUndefined();
    expect(second?.createdAt).toBe(Date.UTC(2023, 3, 13, 9, 0, 0));
    expect(third?.context).toBe('contract.clause.3');
    expect(third?.userEmail).toBe('m.huber@kanzlei.at');
    expect(third?.notes).toBeUndefined();
    expect(fifth?.notes).toBe('Reviewed by the Vienna office');
    expect(fifth?.userEmail).toBe('lektorat@kanzlei.at');
  });

  it('reads TMX 1.1 `lang` attributes in a declared ISO-8859-1 file', async () => {
    const { items } = await importSegments('old.tmx', fixture('tmx11-lang-attribute.tmx'));
    expect(items).toEqual([
      {
        source: 'Save changes?',
        target: 'Änderungen speichern?',
        createdAt: Date.UTC(2004, 2, 12, 10, 15, 0),
      },
      {
        source: 'Größe: 10 × 20 cm',
        target: 'Größe: 10 × 20 cm',
        createdAt: Date.UTC(2004, 2, 12, 10, 16, 0),
      },
    ]);
  });

  it('gives the same segments whatever the chunk size, even when chunks split characters', async () => {
    const whole = await importSegments('legal.tmx', fixture('legal-multilingual.tmx'));
    for (const chunkSize of [1, 7, 100]) {
      const { items } = await importSegments('legal.tmx', fixture('legal-multilingual.tmx'), { chunkSize });
      expect(items).toEqual(whole.items);
    }
  });

  it('reads a UTF-16LE TMX with a byte-order mark', async () => {
    const text = new TextDecoder().decode(fixture('legal-multilingual.tmx')).replace('UTF-8', 'UTF-16');
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      utf16[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      utf16[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    const { items } = await importSegments('legal.tmx', utf16, { chunkSize: 333 });
    expect(items.map((s) => s.target)).toContain('Gebühren & Entgelte <exkl. USt.>');
  });

  it('accepts any regional variant for a memory without locales, and plain tags first', async () => {
    const { items } = await importSegments('legal.tmx', fixture('legal-multilingual.tmx'), {
      pair: { srclang: 'en', trglang: 'de' },
    });
    // <tu> 2: plain "en" is preferred for an "en" memory; "de-DE" comes before "de-at" in the file.
    expect(items[1]).toMatchObject({
      source: 'The parties agree as follows:',
      target: 'Die Parteien vereinbaren Folgendes:',
    });
    expect(items).toHaveLength(4);
  });

  it('keeps the two sides apart for a same-language memory (en-US → en-GB)', async () => {
    const tmx = `<tmx version="1.4"><header srclang="en-GB"/><body>
      <tu><tuv xml:lang="en-GB"><seg>colour</seg></tuv><tuv xml:lang="en-US"><seg>color</seg></tuv></tu>
    </body></tmx>`;
    const pair = { srclang: 'en', trglang: 'en', trglocale: 'GB' };
    const { items } = await importSegments('spelling.tmx', tmx, { pair });
    expect(items).toEqual([{ source: 'color', target: 'colour' }]);
  });

  it('fails naming the languages found when no <tu> fits the memory', async () => {
    const error = await importFailure('legal.tmx', fixture('legal-multilingual.tmx'), {
      pair: { srclang: 'en', srclocale: 'GB', trglang: 'it' },
    });
    expect(error.message).toBe(
      'legal.tmx: nothing to import: no <tu> holds both languages of the memory (en-GB → it); ' +
        'languages found: de, de-AT, de-DE, en, en-GB, en-US, fr-FR',
    );
  });

  it('fails with line and column for a <tuv> without <seg>', async () => {
    const tmx =
      '<tmx version="1.4">\n<body>\n<tu>\n    <tuv xml:lang="en-US"><seg>a</seg></tuv>\n    <tuv xml:lang="de-AT"><note>x</note></tuv>\n</tu>\n</body>\n</tmx>';
    const error = await importFailure('bad.tmx', tmx);
    expect(error.message).toBe('line 5, column 5: <tuv> without <seg>');
    expect([error.line, error.column]).toEqual([5, 5]);
  });

  it('fails on a control character XML cannot carry, naming where and which (system-design-primer’s U+0008)', async () => {
    const tmx =
      '<tmx version="1.4"><body>\n<tu><tuv xml:lang="en-US"><seg>a</seg></tuv><tuv xml:lang="de-AT"><seg>b\b</seg></tuv></tu>\n</body></tmx>';
    const error = await importFailure('bad.tmx', tmx);
    expect(error.message).toBe(
      'line 2, column 73: not well-formed XML: U+0008 cannot appear in XML (XML 1.0 allows no control character but tab, line feed and carriage return, and no U+FFFE, U+FFFF or lone surrogate, not even as a character reference)',
    );
  });

  it('fails on a character reference to a character XML cannot carry', async () => {
    const tmx =
      '<tmx version="1.4"><body><tu><tuv xml:lang="en-US"><seg>a</seg></tuv><tuv xml:lang="de-AT"><seg>b&#8;</seg></tuv></tu></body></tmx>';
    expect((await importFailure('bad.tmx', tmx)).message).toMatch(
      /^line 1, column \d+: not well-formed XML: a character reference that is malformed or names a character XML cannot carry/,
    );
  });

  it('fails for a <tuv> without a language', async () => {
    const tmx = '<tmx version="1.4"><body><tu><tuv><seg>a</seg></tuv></tu></body></tmx>';
    expect((await importFailure('bad.tmx', tmx)).message).toBe('line 1, column 30: <tuv> without xml:lang');
  });

  it('fails on a truncated file with the position where it ends', async () => {
    const bytes = fixture('legal-multilingual.tmx');
    const error = await importFailure('legal.tmx', bytes.subarray(0, 1500));
    expect(error.message).toMatch(/^line \d+, column \d+: the file ends inside <(seg|tuv|tu|body|tmx)>/);
    expect(error.line).toBeGreaterThan(10);
  });

  it('fails when the root element is not <tmx>', async () => {
    const error = await importFailure('page.tmx', '<!DOCTYPE html>\n<html><body>Not found</body></html>');
    expect(error.message).toBe('page.tmx is not a TMX document: the root element is <html>');
  });

  it('fails for a TMX without any <tu>', async () => {
    const error = await importFailure('empty.tmx', '<tmx version="1.4"><header/><body/></tmx>');
    expect(error.message).toBe(
      'empty.tmx: nothing to import: the TMX document holds no <tu> elements; is it empty?',
    );
  });

  it('imports a TMX-structured TMQ and refuses one that is not', async () => {
    const { items } = await importSegments('legal.tmq', fixture('legal-multilingual.tmx'));
    expect(items).toHaveLength(4);
    const error = await importFailure('queue.tmq', '<queue><item/></queue>');
    expect(error.message).toBe('queue.tmq: TMQ file is not TMX-structured: the root element is <queue>');
  });

  it('uses the pair given with a locale written as a full tag', async () => {
    const pair = { ...EN_US_DE_AT, srclocale: 'en-US', trglocale: 'de_AT' };
    const { items } = await importSegments('legal.tmx', fixture('legal-multilingual.tmx'), { pair });
    expect(items).toHaveLength(4);
  });
});
