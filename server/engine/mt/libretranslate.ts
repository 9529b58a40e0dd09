/**
 * The `libretranslate` provider: a LibreTranslate server's `POST /translate` with `q` as an array.
 * Segments with inline codes go as `format: "html"` (the codes are tags to it, which it keeps),
 * their text escaped as HTML; segments without codes go as plain text.
 *
 * LibreTranslate has no glossary, so termbase matches are shielded as extra inline codes and the
 * term's target is put back after translation: terms are honoured exactly, at the cost of the
 * engine not inflecting them.
 */
import { type BatchLimits, batches } from './batches.ts';
import { postJson } from './http.ts';
import { compileTerms, type ShieldedTerms, shieldTerms } from './terms.ts';
import { escapeMarkupText, tokenIds, unescapeMarkupText } from './tokens.ts';
import { MtError, type MtOutput, type MtProvider, type MtRequest } from './types.ts';

export interface LibreTranslateOptions {
  /** Server root, e.g. `http://127.0.0.1:5000`. */
  url: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  limits: BatchLimits;
  fetch: typeof fetch;
}

/** Creates the provider; requests go out one batch at a time, in order. */
export function libreTranslateProvider(options: LibreTranslateOptions): MtProvider {
  const url = `${options.url.replace(/\/+$/, '')}/translate`;
  const secrets = options.apiKey ? [options.apiKey] : [];
  return {
    name: 'libretranslate',
    async translate(req: MtRequest): Promise<MtOutput[]> {
      const terms = compileTerms(req.terms);
      const shielded = req.sources.map((s) => shieldTerms(s, terms));
      const out: MtOutput[] = new Array(req.sources.length);
      for (const batch of batches(
        shielded.map((s) => s.text),
        options.limits,
      )) {
        const group = batch.map((i) => shielded[i]!);
        const html = group.some((s) => tokenIds(s.text).length > 0);
        const body: Record<string, unknown> = {
          q: group.map((s) => (html ? escapeMarkupText(s.text) : s.text)),
          // LibreTranslate names languages by ISO 639 code; locales are not distinguished.
          source: req.srclang,
          target: req.trglang,
          format: html ? 'html' : 'text',
        };
        if (options.apiKey) body.api_key = options.apiKey;
        const answer = await postJson({
          provider: 'libretranslate',
          url,
          body,
          timeoutMs: options.timeoutMs,
          signal: req.signal,
          fetch: options.fetch,
          secrets,
          errorMessage: (b) => {
            const error = (b as { error?: unknown })?.error;
            return typeof error === 'string' ? error : undefined;
          },
        });
        const targets = readTargets(answer, group.length);
        batch.forEach((index, k) => {
          const target = html ? unescapeMarkupText(targets[k]!) : targets[k]!;
          out[index] = { target: (shielded[index] as ShieldedTerms).unshield(target) };
        });
      }
      return out;
    },
  };
}

function readTargets(answer: unknown, count: number): string[] {
  const translated = (answer as { translatedText?: unknown })?.translatedText;
  if (
    !Array.isArray(translated) ||
    translated.length !== count ||
    !translated.every((t) => typeof t === 'string')
  ) {
    const got = JSON.stringify(answer).slice(0, 200);
    throw new MtError(
      'libretranslate',
      `malformed answer: expected translatedText with ${count} strings, got ${got}`,
    );
  }
  return translated;
}
