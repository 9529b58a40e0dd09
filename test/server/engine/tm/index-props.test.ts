import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTmIndex, type TmMatch } from '../../../../server/engine/tm/index.ts';
import { tmSimilarity } from '../../../../server/engine/tm/score.ts';

// A small vocabulary with case variants, numbers, placeholders and tags makes near matches common.
const WORDS = [
  'file',
  'files',
  'Delete',
  'delete',
  'save',
  'the',
  'a',
  'all',
  '{name}',
  '{user}',
  '%s',
  '3',
  '15',
  '<b>',
  '</b>',
  'Übersicht',
  'x',
];
const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 9 }).map((w) => w.join(' '));
const memory = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1000 }), source: sentence }), {
  selector: (s) => s.id,
  minLength: 1,
  maxLength: 60,
});
const settings = fc.record({
  n: fc.integer({ min: 1, max: 12 }),
  minScore: fc.constantFrom(70, 75, 85, 95),
  caseSensitive: fc.boolean(),
});

/** The reference: score every segment with the exported scoring function. */
function bruteForce(
  segments: { id: number; source: string }[],
  query: string,
  o: { n: number; minScore: number; caseSensitive: boolean },
) {
  return segments
    .map((s) => ({ id: s.id, score: tmSimilarity(query, s.source, { caseSensitive: o.caseSensitive }) }))
    .filter((m) => m.score >= o.minScore)
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, o.n);
}

const pick = (matches: TmMatch[]) => matches.map((m) => ({ id: m.id, score: m.score }));

/** A stored source with one word replaced, or a fresh sentence. */
const queryFor = (segments: { source: string }[]) =>
  fc.oneof(
    sentence,
    fc.tuple(fc.nat(segments.length - 1), fc.nat(20), fc.constantFrom(...WORDS)).map(([i, at, word]) => {
      const words = segments[i]!.source.split(' ');
      words[at % words.length] = word;
      return words.join(' ');
    }),
  );

describe('createTmIndex agrees with a brute-force scan', () => {
  it('returns the same top matches (ids and scores) as scoring every segment', () => {
    fc.assert(
      fc.property(
        memory.chain((segments) => fc.tuple(fc.constant(segments), queryFor(segments), settings)),
        ([segments, query, o]) => {
          const index = createTmIndex();
          index.addMany(segments.map((s) => ({ ...s, target: `T${s.id}` })));
          expect(pick(index.query(query, o))).toEqual(bruteForce(segments, query, o));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('still agrees after removing segments', () => {
    fc.assert(
      fc.property(
        memory.chain((segments) =>
          fc.tuple(fc.constant(segments), queryFor(segments), fc.subarray(segments.map((s) => s.id))),
        ),
        ([segments, query, removed]) => {
          const index = createTmIndex();
          index.addMany(segments.map((s) => ({ ...s, target: '' })));
          for (const id of removed) index.remove(id);
          const kept = segments.filter((s) => !removed.includes(s.id));
          const o = { n: 10, minScore: 75, caseSensitive: false };
          expect(pick(index.query(query))).toEqual(bruteForce(kept, query, o));
        },
      ),
      { numRuns: 200 },
    );
  });
});
