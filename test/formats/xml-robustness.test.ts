import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import type { FormatModule } from '../../src/formats/model.ts';
import { stringsdictFormat } from '../../src/formats/stringsdict/index.ts';
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';

const formats: [FormatModule, string][] = [
  [xliff12Format, 'xliff12'],
  [xliff2Format, 'xliff2'],
  [androidFormat, 'android'],
  [stringsdictFormat, 'stringsdict'],
];

/** Parse and render either work or fail with a FormatError carrying a position, never anything else. */
function expectCleanOutcome(format: FormatModule, bytes: Uint8Array): void {
  for (const run of [
    () => format.parse(bytes),
    () => format.render(bytes, new Map([['x', 'y']]), { targetLang: 'de' }),
  ]) {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect((error as FormatError).line).toBeGreaterThanOrEqual(1);
      expect((error as FormatError).column).toBeGreaterThanOrEqual(1);
    }
  }
}

describe('XML formats: damaged input is a FormatError, never a crash', () => {
  for (const [format, dir] of formats) {
    const files = readdirSync(`test/fixtures/${dir}`).map(
      (f) => new Uint8Array(readFileSync(`test/fixtures/${dir}/${f}`)),
    );

    it(`${format.name}: every truncation of every fixture`, () => {
      for (const bytes of files) {
        for (let end = 0; end < bytes.length; end += 7) expectCleanOutcome(format, bytes.subarray(0, end));
      }
    });

    it(`${format.name}: fixtures with random bytes overwritten`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...files),
          fc.array(fc.tuple(fc.nat(), fc.constantFrom(0x3c, 0x3e, 0x26, 0x22, 0x2f, 0x00, 0xff, 0x5d)), {
            minLength: 1,
            maxLength: 4,
          }),
          (original, damage) => {
            const bytes = new Uint8Array(original);
            for (const [at, byte] of damage) bytes[at % bytes.length] = byte;
            expectCleanOutcome(format, bytes);
          },
        ),
        { numRuns: 300 },
      );
    });

    it(`${format.name}: truncated files never render partially`, () => {
      const bytes = files[0]!;
      const truncated = bytes.subarray(0, Math.floor(bytes.length * 0.6));
      expect(() => format.render(truncated, new Map(), { targetLang: 'de' })).toThrow(FormatError);
    });
  }
});
