/**
 * The platform answers TM queries as the in-process index does over the same stored segments.
 * On SQLite that index is what answers; on PostgreSQL (SVC_TEST_DB=postgres) the candidates come
 * from the posting lists in `tm_postings` and the app scores them, and this test is what proves
 * the two engines agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, sentences } from '../../bench/support/tm-corpus.ts';
import { createTmIndex, type TmIndex } from '../../server/engine/tm/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { tmxOf } from '../support/tmx.ts';

const SEGMENTS = 3000;
const QUERIES = 200;

let p: TestPlatform;
let memoryId: number;
let index: TmIndex;
let stored: string[];

beforeAll(async () => {
  p = await startPlatform();
  const created = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'engines', srclang: 'en', trglang: 'de' },
  });
  memoryId = ((await created.json()) as { id: number }).id;
  const stream = sentences(20261127);
  const units = Array.from({ length: SEGMENTS }, () => {
    const { source, target } = stream.next().value!;
    return [source, target] as const;
  });
  const res = await p.call('/v2/memories/import', {
    method: 'POST',
    headers: {
      'SVC-API': JSON.stringify({ memory_id: memoryId, name: 'corpus.tmx' }),
      'content-type': 'application/octet-stream',
    },
    body: tmxOf(units),
  });
  expect(res.status).toBe(200);
  await p.idle();
  const rows = await p.database.db
    .selectFrom('segments')
    .select(['id', 'source', 'target'])
    .where('memory_id', '=', memoryId)
    .where('visible', '=', 1)
    .orderBy('id')
    .execute();
  expect(rows.length).toBeGreaterThan(SEGMENTS * 0.9);
  index = createTmIndex();
  index.addMany(rows);
  stored = rows.map((r) => r.source);
}, 120_000);
afterAll(() => p.close());

async function platformMatches(text: string, n: number) {
  const res = await p.call(`/v2/memories/query?id=${memoryId}&query=${encodeURIComponent(text)}&n=${n}`);
  expect(res.status).toBe(200);
  const matches = (await res.json()) as { score: number; target: string; metadata: { segment_id: number } }[];
  return matches.map((m) => [m.metadata.segment_id, m.score, m.target]);
}

const indexMatches = (text: string, n: number) =>
  index.query(text, { n }).map((m) => [m.id, m.score, m.fixedTarget ?? m.target]);

describe('TM answers on this engine', () => {
  it('equal the in-process index’s: same segments, scores, order and fixed targets, for 200 fuzzy queries', async () => {
    let withMatches = 0;
    for (let i = 0; i < QUERIES; i++) {
      const text = mutate(stored, 4242 + i);
      const expected = indexMatches(text, 5);
      if (expected.length > 0) withMatches++;
      expect(await platformMatches(text, 5), text).toEqual(expected);
    }
    // The comparison means something only if most queries do find matches.
    expect(withMatches).toBeGreaterThan(QUERIES / 2);
  }, 120_000);

  it('equal it for an exact match, an all-punctuation, a repeated and a 5,000-character query', async () => {
    const long = `${stored[7]!} `.repeat(Math.ceil(5000 / (stored[7]!.length + 1))).slice(0, 5000);
    for (const text of [stored[3]!, '?!… -- ...', 'file '.repeat(1000), long]) {
      expect(await platformMatches(text, 3), text.slice(0, 40)).toEqual(indexMatches(text, 3));
    }
    expect((await platformMatches(stored[3]!, 1))[0]?.[1]).toBe(100);
  }, 60_000);
});
