import { describe, expect, it } from 'vitest';
import { ImportError, importFile } from '../../../../server/engine/importers/index.ts';
import { chunked, EN_US_DE_AT, fixture, importFailure, importSegments } from './support.ts';

const FILE = 'brochure.docx.sdlxliff';
const sources = async (
  sdlxliffFilters?: { conf_name: string; percentage: number; allow_unlocked: boolean }[],
) => (await importSegments(FILE, fixture(FILE), { sdlxliffFilters })).items.map((s) => s.source);

describe('SDLXLIFF import', () => {
  it('imports Translated, ApprovedTranslation and ApprovedSignOff segments without filters', async () => {
    const { items, stats } = await importSegments(FILE, fixture(FILE));
    expect(items).toEqual([
      {
        source: 'Welcome to ACME.',
        target: 'Willkommen bei ACME.',
        createdAt: Date.UTC(2024, 1, 1, 9, 30, 12),
        userEmail: 'anna.berger@example.com',
      },
      {
        source: 'We build <g id="pt1">robust</g> tools.',
        target: 'Wir bauen <g id="pt1">robuste</g> Werkzeuge.',
        createdAt: Date.UTC(2024, 1, 1, 9, 31, 40),
      },
      { source: 'Call us anytime.', target: 'Rufen Sie uns jederzeit an.' },
      { source: 'Order today!', target: 'Bestellen Sie noch heute!' },
    ]);
    // Draft, RejectedTranslation and the unconfirmed segment; the translate="no" unit is not counted.
    expect(stats).toEqual({ format: 'sdlxliff', imported: 4, skipped: 3, skippedBy: { filtered: 3 } });
  });

  it('filters on conf_name: only segments of that confirmation level', async () => {
    expect(await sources([{ conf_name: 'Draft', percentage: 0, allow_unlocked: true }])).toEqual([
      'Our support team is available 24/7.',
    ]);
  });

  it('drops Trados comment markers but keeps their text', async () => {
    const { items } = await importSegments(FILE, fixture(FILE), {
      sdlxliffFilters: [{ conf_name: 'Draft', percentage: 0, allow_unlocked: true }],
    });
    expect(items[0]?.target).toBe('Unser Support-Team ist rund um die Uhr erreichbar.');
  });

  it('filters on percentage: the segment percent must reach it', async () => {
    expect(await sources([{ conf_name: 'Translated', percentage: 85, allow_unlocked: true }])).toEqual([
      'We build <g id="pt1">robust</g> tools.',
      'Order today!',
    ]);
    expect(await sources([{ conf_name: 'Translated', percentage: 86, allow_unlocked: true }])).toEqual([
      'Order today!',
    ]);
  });

  it('filters on allow_unlocked: false takes locked segments only', async () => {
    expect(await sources([{ conf_name: 'Translated', percentage: 0, allow_unlocked: false }])).toEqual([
      'Order today!',
    ]);
    expect(await sources([{ conf_name: 'Translated', percentage: 0, allow_unlocked: true }])).toEqual([
      'We build <g id="pt1">robust</g> tools.',
      'Order today!',
    ]);
  });

  it('imports a segment matching any of several filters, with Trados display names accepted', async () => {
    const filters = [
      { conf_name: 'Signed Off', percentage: 100, allow_unlocked: false },
      { conf_name: 'translation approved', percentage: 0, allow_unlocked: true },
    ];
    expect(await sources(filters)).toEqual(['Welcome to ACME.', 'Call us anytime.']);
  });

  it('fails naming the confirmation levels found when no segment passes', async () => {
    const error = await importFailure(FILE, fixture(FILE), {
      sdlxliffFilters: [{ conf_name: 'RejectedTranslation', percentage: 100, allow_unlocked: true }],
    });
    expect(error.message).toBe(
      `${FILE}: nothing to import: none of the 7 segments is importable; segments by confirmation level: ` +
        'Signed Off 1, Translated 2, Draft 1, Translation Approved 1, Translation Rejected 1, Not Translated 1; ' +
        'no segment matched the sdlxliff_filters',
    );
  });

  it('refuses an unknown conf_name before reading anything', () => {
    let read = false;
    const call = () =>
      importFile({
        name: FILE,
        chunks: () => {
          read = true;
          return chunked(fixture(FILE))();
        },
        pair: EN_US_DE_AT,
        sdlxliffFilters: [{ conf_name: 'Aproved', percentage: 0, allow_unlocked: true }],
      });
    expect(call).toThrow(ImportError);
    expect(call).toThrow(
      /unknown confirmation level "Aproved" in sdlxliff_filters; known: Unspecified, Draft/,
    );
    expect(read).toBe(false);
  });

  it('reads an .xlf that declares the SDL namespace as SDLXLIFF', async () => {
    const { items, stats } = await importSegments('brochure.xlf', fixture(FILE));
    expect(stats.format).toBe('sdlxliff');
    expect(items).toHaveLength(4);
  });

  it('refuses a file for another target language', async () => {
    const text = new TextDecoder()
      .decode(fixture(FILE))
      .replace('target-language="de-AT"', 'target-language="de-DE"');
    const error = await importFailure(FILE, text);
    expect(error.message).toMatch(/^line 2, column 1: target-language="de-DE" does not match/);
  });
});
