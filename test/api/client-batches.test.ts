import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LimitExceededError } from '../../src/api/errors.ts';
import { FileOverBudgetError } from '../../src/api/helpers/errors.ts';
import { type FileCharacters, planBatches } from '../../src/api/helpers/translate-files.ts';

const files = (...sizes: number[]): FileCharacters[] =>
  sizes.map((characters, i) => ({ id: i + 1, characters }));
const ids = (batches: FileCharacters[][]) => batches.map((b) => b.map((f) => f.id));

describe('planBatches', () => {
  it('packs files in order up to the character budget', () => {
    const limits = { maxCharacters: 100, maxFiles: 10, windowCharacters: 100 };
    expect(ids(planBatches(files(40, 40, 40, 60, 10, 100), limits))).toEqual([[1, 2], [3, 4], [5], [6]]);
  });

  it('a file above the per-call budget but within the window goes alone', () => {
    const limits = { maxCharacters: 50, maxFiles: 10, windowCharacters: 200 };
    expect(ids(planBatches(files(10, 150, 10), limits))).toEqual([[1], [2], [3]]);
  });

  it('caps the files per call, and the per-call budget at the window budget', () => {
    expect(
      ids(planBatches(files(1, 1, 1, 1, 1), { maxCharacters: 100, maxFiles: 2, windowCharacters: 100 })),
    ).toEqual([[1, 2], [3, 4], [5]]);
    expect(
      ids(planBatches(files(60, 60), { maxCharacters: 1000, maxFiles: 10, windowCharacters: 100 })),
    ).toEqual([[1], [2]]);
  });

  it('a file above a whole window throws FileOverBudgetError (a LimitExceededError) naming the file', () => {
    const attempt = () =>
      planBatches(files(10, 101), { maxCharacters: 100, maxFiles: 10, windowCharacters: 100 });
    expect(attempt).toThrow(FileOverBudgetError);
    expect(attempt).toThrow(LimitExceededError);
    expect(attempt).toThrow(
      /file 2 has 101 translatable characters but this client may send only 100 per window/,
    );
  });

  it('a file id given twice is sent once; bad ids, counts and limits are TypeErrors', () => {
    const limits = { maxCharacters: 100, maxFiles: 10, windowCharacters: 100 };
    expect(
      ids(
        planBatches(
          [
            { id: 7, characters: 5 },
            { id: 7, characters: 5 },
          ],
          limits,
        ),
      ),
    ).toEqual([[7]]);
    expect(() => planBatches([{ id: 0, characters: 1 }], limits)).toThrow(TypeError);
    expect(() => planBatches([{ id: 1, characters: -1 }], limits)).toThrow(TypeError);
    expect(() => planBatches([{ id: 1, characters: 1.5 }], limits)).toThrow(TypeError);
    expect(() => planBatches(files(1), { ...limits, maxFiles: 0 })).toThrow(TypeError);
    expect(() => planBatches(files(1), { ...limits, maxCharacters: 0 })).toThrow(TypeError);
  });

  it('property: every file once, in order; each batch within both limits unless it is one file', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 60 }), characters: fc.nat({ max: 1000 }) }), {
          maxLength: 80,
        }),
        fc.integer({ min: 1, max: 1500 }),
        fc.integer({ min: 1, max: 12 }),
        (input, maxCharacters, maxFiles) => {
          const windowCharacters = 1000;
          const batches = planBatches(input, { maxCharacters, maxFiles, windowCharacters });
          const firstSeen = input.filter((f, i) => input.findIndex((g) => g.id === f.id) === i);
          expect(batches.flat()).toEqual(firstSeen);
          const budget = Math.min(maxCharacters, windowCharacters);
          for (const batch of batches) {
            expect(batch.length).toBeGreaterThan(0);
            expect(batch.length).toBeLessThanOrEqual(maxFiles);
            const sum = batch.reduce((n, f) => n + f.characters, 0);
            if (batch.length > 1) expect(sum).toBeLessThanOrEqual(budget);
            expect(sum).toBeLessThanOrEqual(windowCharacters);
          }
          // Greedy: a batch closes only when the next file would not fit.
          for (let i = 0; i + 1 < batches.length; i++) {
            const sum = batches[i]!.reduce((n, f) => n + f.characters, 0);
            const next = batches[i + 1]![0]!.characters;
            expect(batches[i]!.length === maxFiles || sum + next > budget).toBe(true);
          }
        },
      ),
    );
  });
});
