import { detectFormat } from '../../src/formats/registry.ts';
import { detectLanguage } from './language-detect.ts';

/** How much of a file language detection looks at. */
const DETECTION_SAMPLE_BYTES = 1024 * 1024;

/**
 * The language of a file from its translatable text (the units its format parses out — not keys
 * or markup), falling back to the raw text for formats we do not parse or cannot parse.
 */
export function detectFileLanguage(name: string, bytes: Uint8Array): { lang: string; confidence: number } {
  const sample = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.byteLength, DETECTION_SAMPLE_BYTES),
  );
  let text: string;
  try {
    const format = detectFormat(name, sample);
    if (!format) throw new Error('no format');
    text = format
      .parse(sample)
      .filter((u) => u.translatable)
      .map((u) => u.source)
      .join('\n');
  } catch {
    text = sample.toString('utf8');
  }
  return detectLanguage(text);
}
