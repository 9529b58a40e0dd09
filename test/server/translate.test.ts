import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MtError, type MtProvider } from '../../server/engine/mt/index.ts';
import { findPlaceholders } from '../../src/formats/placeholders.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let memoryId: number;

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" segtype="sentence" adminlang="en" datatype="plaintext" o-tmf="x" creationtool="x" creationtoolversion="1"/>
<body>
<tu><tuv xml:lang="en"><seg>Save all open documents before closing</seg></tuv><tuv xml:lang="de"><seg>Alle offenen Dokumente vor dem Schließen speichern</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Save all open documents before quitting</seg></tuv><tuv xml:lang="de"><seg>Alle offenen Dokumente vor dem Beenden speichern</seg></tuv></tu>
</body></tmx>`;

beforeAll(async () => {
  p = await startPlatform();
  memoryId = (
    await (
      await p.call('/v2/memories', { method: 'POST', json: { name: 'ui', srclang: 'en', trglang: 'de' } })
    ).json()
  ).id;
  for (const [name, body] of [
    ['ui.tmx', TMX],
    ['terms.csv', 'dashboard,Übersicht\n'],
  ]) {
    await p.call('/v2/memories/import', {
      method: 'POST',
      headers: {
        'SVC-API': JSON.stringify({ memory_id: memoryId, name }),
        'content-type': 'application/octet-stream',
      },
      body,
    });
    await p.idle();
  }
});
afterAll(() => p.close());

const translate = async (body: Record<string, unknown>) => {
  const res = await p.call('/v2/translate', { method: 'POST', json: { memory_id: memoryId, ...body } });
  return { status: res.status, body: await res.json() };
};

describe('segment translation', () => {
  it('puts TM matches first, best first, then machine translation', async () => {
    const { status, body } = await translate({ source: 'Save all open documents before closing' });
    expect(status).toBe(200);
    const kinds = body.translation.map((t: { provenance: string; score: number }) => [t.provenance, t.score]);
    expect(kinds[0]).toEqual(['TM', 100]);
    expect(kinds[1][0]).toBe('TM');
    expect(kinds[1][1]).toBeGreaterThanOrEqual(75);
    expect(kinds.at(-1)[0]).toBe('MT');
    expect(body.translation[0]).toMatchObject({
      target: 'Alle offenen Dokumente vor dem Schließen speichern',
      isTMMatch: true,
    });
    expect(body.untokenizedSource).toBe('Save all open documents before closing');
    expect(body.tokenizedSource).toBe('Save all open documents before closing');
    const mt = body.translation.at(-1);
    expect(mt.isTMMatch).toBe(false);
    // Words and delimiters interleave back to the target exactly.
    const rebuilt = mt.targetDelimiters.map((d: string, i: number) => d + (mt.targetWords[i] ?? '')).join('');
    expect(rebuilt).toBe(mt.target);
  });

  it('answers GET with the same fields as query parameters', async () => {
    const res = await p.call(
      `/v2/translate?memory_id=${memoryId}&source=${encodeURIComponent('Save all open documents before closing')}&tm_matches=false`,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.translation).toHaveLength(1);
    expect(body.translation[0].provenance).toBe('MT');
  });

  it('honours n (deprecated) as a cap and prefix on every target', async () => {
    const capped = await translate({ source: 'Save all open documents before closing', n: 1 });
    expect(capped.body.translation).toHaveLength(1);
    const prefixed = await translate({
      source: 'Save all open documents before quitting',
      prefix: 'Alle offenen',
    });
    expect(prefixed.body.translation.length).toBeGreaterThanOrEqual(2);
    for (const t of prefixed.body.translation) expect(t.target.startsWith('Alle offenen')).toBe(true);
  });

  it('applies termbase entries in machine translation', async () => {
    const { body } = await translate({ source: 'Open the dashboard', tm_matches: false });
    expect(body.translation[0].target).toContain('Übersicht');
  });

  it('adds alignments and a model score with rich=true', async () => {
    const { body } = await translate({
      source: 'Open the <b>dashboard</b> now',
      rich: true,
      tm_matches: false,
    });
    const [mt] = body.translation;
    // The real API's type: whitespace-delimited source-target index pairs, one per word pairing.
    expect(mt.align).toBe('0-0 1-1 2-2 3-3');
    expect(mt).toHaveProperty('modelScore');
    expect(mt.formatting.map((f: { tag: string }) => f.tag)).toEqual(['<b>', '</b>']);
  });

  it('answers align as an empty string without rich=true, as strict generated clients expect a string', async () => {
    const { body } = await translate({ source: 'Open the dashboard', tm_matches: false });
    expect(body.translation[0].align).toBe('');
  });

  it('keeps an ICU message structure with containsICUData', async () => {
    const source = '{count, plural, one {# file deleted} other {# files deleted}}';
    const { body } = await translate({ source, containsICUData: true, tm_matches: false });
    const target: string = body.translation[0].target;
    expect(target).toMatch(/^\{count, plural, one \{# .+\} other \{# .+\}\}$/);
    expect(target).not.toBe(source);
  });

  it('keeps every placeholder and tag across 1,000 generated segments (offline MT)', async () => {
    const word = fc.constantFrom('save', 'file', 'user', 'Öffnen', 'data', 'report', 'ok', 'new');
    const placeholder = fc.constantFrom(
      '%s',
      '%1$d',
      '%@',
      '{name}',
      '{{count}}',
      '<b>',
      '</b>',
      '<br/>',
      '{0}',
    );
    const segment = fc
      .array(fc.oneof(word, placeholder), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join(' '))
      .filter((s) => /[a-zA-Z]/.test(s));
    const samples = fc.sample(segment, { numRuns: 1000, seed: 42 });
    for (let i = 0; i < samples.length; i += 50) {
      await Promise.all(
        samples.slice(i, i + 50).map(async (source) => {
          const { status, body } = await translate({ source, tm_matches: false, project_tags: true });
          expect(status, source).toBe(200);
          const target: string = body.translation[0].targetWithTags;
          const want = findPlaceholders(source)
            .map((ph) => ph.text)
            .sort();
          const got = findPlaceholders(target)
            .map((ph) => ph.text)
            .sort();
          expect(got, `${source} → ${target}`).toEqual(want);
        }),
      );
    }
  });

  it('records the characters sent to MT as usage of the organization', async () => {
    const rows = await p.database.db
      .selectFrom('usage')
      .selectAll()
      .where('organization_id', '=', 1)
      .execute();
    expect(rows.find((r) => r.metric === 'mt_characters')!.amount).toBeGreaterThan(1000);
  });

  it('rejects bad input clearly', async () => {
    const long = await translate({ source: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/source: must be at most 5000 characters/);
    const noMemory = await p.call('/v2/translate', { method: 'POST', json: { source: 'hi' } });
    expect((await noMemory.json()).message).toMatch(/memory_id/);
    expect((await translate({ source: 'hi', memory_id: 999_999 })).status).toBe(401);
    expect((await translate({ source: 'hi', rich: 'yes' })).status).toBe(400);
  });
});

describe('an MT provider failure', () => {
  it('is a 502 with a message, never a stack trace', async () => {
    const failing: MtProvider = {
      name: 'broken',
      translate: async () => {
        throw new MtError('broken', 'upstream answered 503');
      },
    };
    const q = await startPlatform({ mt: failing });
    try {
      const m = await (
        await q.call('/v2/memories', { method: 'POST', json: { name: 'x', srclang: 'en', trglang: 'fr' } })
      ).json();
      const res = await q.call('/v2/translate', {
        method: 'POST',
        json: { memory_id: m.id, source: 'Hello there' },
      });
      expect(res.status).toBe(502);
      const body = await res.json();
      expect(body).toEqual({ message: 'machine translation failed: broken: upstream answered 503' });
    } finally {
      await q.close();
    }
  });
});
