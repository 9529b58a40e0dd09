/** Benchmark input for plain text: a long line-per-string file; baseline split + trim + join. */
import { textFormat } from '../../src/formats/text-lines/index.ts';
import { fillTo } from '../support/generate.ts';

export const benchFormat = {
  name: 'text',
  format: textFormat,
  /** About `targetBytes` bytes of short lines with blank lines and indentation between them. */
  generate(targetBytes: number): Uint8Array {
    return new TextEncoder().encode(
      fillTo(
        targetBytes,
        (n) =>
          `Line ${n}: Sync your notes across every device — private by default.\n${n % 5 === 0 ? '\n' : ''}${n % 7 === 0 ? '    Indented hint text.\n' : ''}`,
      ),
    );
  },
  /** The naive way: split into lines, trim the non-empty ones, join everything back. */
  naive(bytes: Uint8Array): void {
    const lines = new TextDecoder().decode(bytes).split('\n');
    const units = lines.map((l) => l.trim()).filter((l) => l !== '');
    void units;
    new TextEncoder().encode(lines.join('\n'));
  },
};
