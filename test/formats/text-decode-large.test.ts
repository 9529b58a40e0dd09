/**
 * decodeText on files large enough to be decoded in pieces: the text is the same as one decode of
 * the whole file, wherever piece boundaries fall inside multi-byte characters, and invalid bytes
 * are reported at the same place.
 */
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/formats/errors.ts';
import { decodeText } from '../../src/formats/file-text.ts';

/** About 1.2 MB of UTF-8 with 1-, 2-, 3- and 4-byte characters, shifted by `shift` ASCII bytes. */
function sample(shift: number): Uint8Array {
  const unit = 'a\u00e9\u20ac\u{1d11e}\u65e5\n';
  return new TextEncoder().encode('x'.repeat(shift) + unit.repeat(100_000));
}

const wholeDecode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

describe('decodeText: large files', () => {
  it('decodes the same text as one decode, whichever byte of a character a piece boundary cuts', () => {
    // Characters take up to 4 bytes: 4 shifts put every boundary on every byte of a character.
    for (const shift of [0, 1, 2, 3]) {
      const bytes = sample(shift);
      const decoded = decodeText(bytes);
      expect(decoded.text === wholeDecode(bytes), `shift ${shift}`).toBe(true);
      expect(decoded.ascii).toBe(false);
    }
  });

  it('keeps a byte-order mark out of the text and decodes ASCII files whole', () => {
    const ascii = new TextEncoder().encode('{"k": "v"}\n'.repeat(60_000));
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...ascii]);
    const decoded = decodeText(withBom);
    expect(decoded.bom).toBe(true);
    expect(decoded.ascii).toBe(true);
    expect(decoded.text === wholeDecode(ascii)).toBe(true);
  });

  it('reports an invalid byte with its line and column wherever it falls', () => {
    const bytes = sample(0);
    // Near the first boundaries (every 256 KiB) and elsewhere: a lone continuation byte, a truncated sequence.
    for (const near of [1 << 18, (1 << 18) + 1, (1 << 18) - 1, (2 << 18) + 2, 777_777, bytes.length - 1]) {
      // An ASCII byte replaced, so that the byte is invalid where it stands.
      let at = near;
      while (bytes[at]! >= 0x80) at--;
      for (const bad of [0x80, 0xe2]) {
        const broken = bytes.slice();
        broken[at] = bad;
        let error: unknown;
        try {
          decodeText(broken);
        } catch (e) {
          error = e;
        }
        expect(error, `byte ${bad} at ${at}`).toBeInstanceOf(FormatError);
        const lineStart = broken.lastIndexOf(0x0a, at - 1) + 1;
        const line = broken.subarray(0, at).filter((b) => b === 0x0a).length + 1;
        expect((error as FormatError).message).toMatch(/^invalid UTF-8 at byte \d+$/);
        expect([(error as FormatError).line, (error as FormatError).column]).toEqual([
          line,
          at - lineStart + 1,
        ]);
      }
    }
  });

  it('still falls back to Latin-1 for large files that are not UTF-8', () => {
    const bytes = new Uint8Array(600_000).fill(0x61);
    bytes[400_000] = 0xe9;
    const decoded = decodeText(bytes, { fallback: 'latin1' });
    expect(decoded.encoding).toBe('latin1');
    expect(decoded.text[400_000]).toBe('\u00e9');
  });
});
