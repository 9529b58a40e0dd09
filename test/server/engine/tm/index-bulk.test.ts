import { describe, expect, it } from 'vitest';
import { createTmIndex, type TmSegment } from '../../../../server/engine/tm/index.ts';
import { tmSimilarity } from '../../../../server/engine/tm/score.ts';

// A deterministic little grammar: enough near-duplicates (same key, other numbers) and lengths to
// exercise key groups, several length buckets and the compaction that ends a bulk load.
function corpus(size: number): TmSegment[] {
  const verbs = ['Delete', 'Save', 'Open', 'Export', 'Share', 'Archive'];
  const nouns = ['file', 'folder', 'report', 'invoice', 'project', 'glossary', 'segment'];
  const tails = [
    '',
    ' now',
    ' for {user}',
    ' in the <b>shared</b> workspace',
    ' before the deadline of the quarter',
  ];
  let seed = 7;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  return Array.from({ length: size }, (_, id) => ({
    id,
    source: `${verbs[next(6)]} ${next(50)} ${nouns[next(7)]}s${tails[next(5)]}`,
    target: `T${id}`,
  }));
}

const reference = (segments: TmSegment[], query: string, n = 10) =>
  segments
    .map((s) => ({ id: s.id, score: tmSimilarity(query, s.source) }))
    .filter((m) => m.score >= 75)
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, n);

describe('createTmIndex: bulk load', () => {
  const segments = corpus(12_000);
  const index = createTmIndex();
  index.addMany(segments);
  const queries = [
    'Delete 7 files',
    'Save 12 reports for {name}',
    'Open 3 projects in the <i>shared</i> workspace',
    'Export 49 invoices before the deadline of the year',
    'Share glossaries',
  ];

  it('groups segments by key: one key per sentence shape, not per segment', () => {
    expect(index.size).toBe(12_000);
    expect(index.stats().keys).toBeLessThanOrEqual(6 * 7 * 5);
  });

  it('answers like scoring every segment after the compaction that ends a bulk load', () => {
    for (const q of queries) {
      const got = index.query(q).map((m) => ({ id: m.id, score: m.score }));
      expect(got).toEqual(reference(segments, q));
    }
  });

  it('ranks the segment whose number matches first among one key and fixes the others', () => {
    const [best, second] = index.query('Delete 7 files', { n: 2 });
    expect(best?.source).toBe('Delete 7 files');
    expect(best?.score).toBe(100);
    expect(second?.score).toBe(99);
    expect(second?.fixedTarget).toBeUndefined(); // "T…" targets carry no number to replace
  });

  it('gives only correctly scored, ordered matches even under tiny work limits', () => {
    const tight = createTmIndex({ maxPostings: 50, maxCandidates: 3 });
    tight.addMany(segments.slice(0, 3000));
    for (const q of queries) {
      const got = tight.query(q);
      for (const m of got) expect(m.score).toBe(tmSimilarity(q, m.source));
      const scores = got.map((m) => m.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(tight.query(q, { exhaustive: true }).map((m) => m.id)).toEqual(
        reference(segments.slice(0, 3000), q).map((m) => m.id),
      );
    }
  });
});
