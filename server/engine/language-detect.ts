import { francAll } from 'franc-min';
import { iso6393 } from 'iso-639-3';

const toIso1 = new Map(iso6393.filter((l) => l.iso6391).map((l) => [l.iso6393, l.iso6391!]));

/**
 * The language of a text by character trigrams (franc's profiles of the most spoken languages),
 * as an ISO 639-1 code with a confidence in 0..1: how far the best guess stands above the second.
 * Too little text, or a language without a two-letter code, gives `zxx` with confidence 0.
 */
export function detectLanguage(text: string): { lang: string; confidence: number } {
  const sample = text.slice(0, 20_000);
  const ranked = francAll(sample, { minLength: 10 });
  const [best, second] = ranked;
  if (!best || best[0] === 'und') return { lang: 'zxx', confidence: 0 };
  const lang = toIso1.get(best[0]);
  if (!lang) return { lang: 'zxx', confidence: 0 };
  const margin = 1 - (second?.[1] ?? 0);
  return { lang, confidence: Math.round(Math.max(0.05, Math.min(1, margin * 4)) * 100) / 100 };
}
