/**
 * rankSegments scores candidates as the index does: same segments, scores, order and fixed
 * targets as an index built over the same segments and queried exhaustively.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../bench/support/random.ts';
import { mutate, sentences } from '../../../../bench/support/tm-corpus.ts';
import { createTmIndex, type TmSegment } from '../../../../server/engine/tm/index.ts';
import { rankSegments } from '../../../../server/engine/tm/rank.ts';

const stream = sentences(777);
const segments: TmSegment[] = Array.from({ length: 600 }, (_, i) => ({ id: i + 1, ...stream.next().value! }));
// Case, whitespace, number and tag variants of stored sentences, so every penalty is exercised.
const random = seededRandom(99);
for (let i = 0; i < 200; i++) {
  const { source, target } = segments[Math.floor(random() * 600)]!;
  const variants = [source.toUpperCase(), `  ${source}`, source.replace(/\d+/, '42'), `<b>${source}</b>`];
  segments.push({ id: 1000 + i, source: variants[i % variants.length]!, target });
}
const index = createTmIndex();
index.addMany(segments);
const stored = segments.map((s) => s.source);
const project = (ms: { id: number; score: number; target: string; fixedTarget?: string }[]) =>
  ms.map((m) => [m.id, m.score, m.target, m.fixedTarget]);

describe('rankSegments', () => {
  it('answers as the exhaustive index over the same segments, for 300 queries in both case modes', () => {
    let matched = 0;
    for (let i = 0; i < 300; i++) {
      const text = i % 7 === 0 ? stored[i]!.toLowerCase() : mutate(stored, 5000 + i);
      for (const caseSensitive of [false, true]) {
        const expected = index.query(text, { n: 5, caseSensitive, exhaustive: true });
        if (expected.length > 0) matched++;
        expect(project(rankSegments(text, segments, { n: 5, caseSensitive })), text).toEqual(
          project(expected),
        );
      }
    }
    expect(matched).toBeGreaterThan(300);
  });

  it('keeps the threshold and the count asked for, and counts a repeated candidate once', () => {
    // Segment 1001 is a stored sentence with leading spaces: the sentence itself matches both.
    const text = segments.find((s) => s.id === 1001)!.source.trim();
    const twice = [...segments, ...segments];
    const ranked = rankSegments(text, twice, { n: 2, minScore: 80 });
    expect(ranked.length).toBe(2);
    expect(ranked.every((m) => m.score >= 80)).toBe(true);
    expect(project(ranked)).toEqual(project(index.query(text, { n: 2, minScore: 80, exhaustive: true })));
    expect(() => rankSegments(text, segments, { n: 0 })).toThrow(/n must be a positive integer/);
    expect(() => rankSegments(text, segments, { minScore: 101 })).toThrow(
      /minScore must be between 0 and 100/,
    );
  });
});
