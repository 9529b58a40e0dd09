/**
 * The TM's lists as a database holds them (server/engine/tm/posting-chunks.ts, chunk-candidates.ts): pieces decode to
 * the ids written, chunks split where positions cross CHUNK, and the candidate search over them,
 * scored by rankSegments, answers as the in-process index does over the same segments.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../bench/support/random.ts';
import { mutate, sentences } from '../../../../bench/support/tm-corpus.ts';
import { chunkCandidates, type PostingStore } from '../../../../server/engine/tm/chunk-candidates.ts';
import { createTmIndex, type TmSegment } from '../../../../server/engine/tm/index.ts';
import { CHUNK, chunkPieces, decodeChunk, encodePiece } from '../../../../server/engine/tm/posting-chunks.ts';
import { PostingCollector } from '../../../../server/engine/tm/posting-collector.ts';
import { rankSegments } from '../../../../server/engine/tm/rank.ts';

/** A PostingStore over chunk rows kept in a Map, written as the database's writer writes them. */
function memoryStore() {
  const sizes = new Map<string, number>();
  const chunks = new Map<string, { n: number; bytes: Buffer }>();
  return {
    append(collector: PostingCollector) {
      for (const list of collector.take()) {
        const key = `${list.gram}/${list.bucket}`;
        const before = sizes.get(key) ?? 0;
        sizes.set(key, before + list.ids.length);
        for (const piece of chunkPieces(before, list.ids)) {
          const at = `${key}/${piece.chunk}`;
          const old = chunks.get(at);
          chunks.set(at, {
            n: (old?.n ?? 0) + piece.n,
            bytes: Buffer.concat([old?.bytes ?? Buffer.alloc(0), piece.ids]),
          });
        }
      }
    },
    store: {
      async read(grams, from, to, budget, take) {
        const within = (key: string) => {
          const [gram, bucket] = key.split('/').map(Number) as [number, number];
          return grams.includes(gram) && bucket >= from && bucket <= to ? gram : undefined;
        };
        const sized = new Map<number, number>();
        for (const [key, n] of sizes) {
          const gram = within(key);
          if (gram !== undefined) sized.set(gram, (sized.get(gram) ?? 0) + n);
        }
        // The rarest first, ties by position in the query, while they fit; the first always.
        const ranked = grams
          .map((gram, position) => ({ gram, position, n: sized.get(gram) ?? 0 }))
          .sort((a, b) => a.n - b.n || a.position - b.position);
        const chosen = new Set<number>();
        let running = 0;
        for (const [rank, g] of ranked.entries()) {
          running += g.n;
          if (running > budget && rank > 0) break;
          if (g.n > 0) chosen.add(g.gram);
        }
        for (const [key, chunk] of chunks) {
          const gram = within(key);
          if (gram !== undefined && chosen.has(gram)) {
            take({ gram, bucket: Number(key.split('/')[1]), n: chunk.n, ids: chunk.bytes });
          }
        }
        return { sizes: sized };
      },
    } satisfies PostingStore,
  };
}

describe('pieces', () => {
  it('decode to the ids written, ascending or not, up to 2³¹ − 1, one after another in a chunk', () => {
    const a = [1, 2, 3, 130, 16_384, 2 ** 31 - 1];
    const b = [900_000, 17, 900_001, 5];
    const bytes = Buffer.concat([encodePiece(a, 0, a.length), encodePiece(b, 1, 3), encodePiece([42], 0, 1)]);
    const out = new Int32Array(16);
    expect([...out.subarray(0, decodeChunk(bytes, out, 0))]).toEqual([...a, 17, 900_001, 42]);
  });

  it('take one byte for an id that follows the one before closely', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 5_000_000 + i * 3);
    // The count (2 bytes), the first id (4 bytes), then one byte each.
    expect(encodePiece(ids, 0, ids.length).length).toBe(2 + 4 + 999);
  });

  it('split where a list’s positions cross a multiple of CHUNK', () => {
    const ids = Array.from({ length: CHUNK + 10 }, (_, i) => i + 1);
    const pieces = chunkPieces(CHUNK - 5, ids);
    expect(pieces.map((p) => [p.chunk, p.n])).toEqual([
      [0, 5],
      [1, CHUNK],
      [2, 5],
    ]);
    const out = new Int32Array(CHUNK + 10);
    let n = 0;
    for (const p of pieces) n = decodeChunk(p.ids, out, n);
    expect([...out.subarray(0, n)]).toEqual(ids);
  });

  it('refuse an id a chunk cannot hold', () => {
    expect(() => new PostingCollector().add(2 ** 31, 'text')).toThrow(/positive 32-bit integer/);
    expect(() => new PostingCollector().add(0, 'text')).toThrow(/positive 32-bit integer/);
  });
});

describe('chunkCandidates', () => {
  // Ids beyond 65,536 and spread over many high halves, as a shared database numbers segments.
  const random = seededRandom(5);
  const stream = sentences(31);
  const segments: TmSegment[] = [];
  let id = 60_000;
  for (let i = 0; i < 4000; i++) {
    id += 1 + Math.floor(random() * 40);
    segments.push({ id, ...stream.next().value! });
  }
  const { append, store } = memoryStore();
  // Written in several appends, as an import's flushes and later confirmations write them.
  for (let from = 0; from < segments.length; from += 700) {
    const collector = new PostingCollector();
    for (const s of segments.slice(from, from + 700)) collector.add(s.id, s.source);
    append(collector);
  }
  const index = createTmIndex();
  index.addMany(segments);
  const byId = new Map(segments.map((s) => [s.id, s]));
  const stored = segments.map((s) => s.source);
  const limits = { maxPostings: 200_000, maxCandidates: 400 };

  it('finds what the in-process index finds, with the same scores, for 200 fuzzy queries', async () => {
    let matched = 0;
    for (let i = 0; i < 200; i++) {
      const text = mutate(stored, 700 + i);
      const found = await chunkCandidates(store, text, limits, 75, 65_536);
      const answer = rankSegments(
        text,
        found.ids.map((x) => byId.get(x)!),
        { n: 3 },
      );
      const expected = index.query(text, { n: 3 });
      if (expected.length > 0) matched++;
      expect(
        answer.map((m) => [m.id, m.score]),
        text,
      ).toEqual(expected.map((m) => [m.id, m.score]));
      // Counts come best first; a candidate that can reach 95 can reach 75, and every one the
      // exact answer holds can reach that answer's score.
      expect(found.counts).toEqual([...found.counts].sort((a, b) => b - a));
      const at95 = found.canReach(95);
      const at75 = found.canReach(75);
      for (let c = 0; c < found.ids.length; c++) if (at95(c)) expect(at75(c)).toBe(true);
      if (expected[0])
        expect(found.canReach(expected[0].score)(found.ids.indexOf(expected[0].id))).toBe(true);
    }
    expect(matched).toBeGreaterThan(100);
  });

  it('counts the same however the ids were appended: out of order, they are sorted before counting', async () => {
    // One append of the segments in shuffled order: every chunk's ids are out of order.
    const shuffled = [...segments];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const other = memoryStore();
    const collector = new PostingCollector();
    for (const s of shuffled) collector.add(s.id, s.source);
    other.append(collector);
    const all = { maxPostings: 200_000, maxCandidates: 100_000 };
    const countsOf = (found: { ids: number[]; counts: number[] }) =>
      new Map(found.ids.map((x, i) => [x, found.counts[i]]));
    for (let i = 0; i < 40; i++) {
      const text = mutate(stored, 2000 + i);
      const inOrder = await chunkCandidates(store, text, all, 50, 65_536);
      const outOfOrder = await chunkCandidates(other.store, text, all, 50, 65_536);
      expect(inOrder.ids.length, text).toBeGreaterThan(0);
      expect(countsOf(outOfOrder), text).toEqual(countsOf(inOrder));
    }
  });

  it('reads no more than its posting budget (or the rarest list, always read), and finds nothing in an empty memory', async () => {
    const text = stored[10]!;
    let read = 0;
    let first = 0;
    const counting: PostingStore = {
      async read(grams, from, to, budget, take) {
        const got = await store.read(grams, from, to, budget, (chunk) => {
          read += chunk.n;
          take(chunk);
        });
        first = Math.min(...[...got.sizes.values()]);
        return got;
      },
    };
    const found = await chunkCandidates(counting, text, { maxPostings: 300, maxCandidates: 5 }, 75, 65_536);
    expect(found.ids.length).toBeLessThanOrEqual(5);
    expect(read).toBeLessThanOrEqual(Math.max(300, first));
    const empty = memoryStore().store;
    expect((await chunkCandidates(empty, text, limits, 75, 65_536)).ids).toEqual([]);
  });
});
