/**
 * The `offline` provider: a stand-in for machine translation, not a translator. It needs no
 * network, key or model, and it is deterministic, so the platform works out of the box and tests
 * can assert exact targets. Its output is pseudo-translation (pseudo.ts): visibly "translated",
 * still readable, and honest about not being a real translation. It reports no confidence score.
 */
import { pseudoTranslate } from './pseudo.ts';
import { compileTerms, shieldTerms } from './terms.ts';
import { mapText } from './tokens.ts';
import type { MtOutput, MtProvider, MtRequest } from './types.ts';

/**
 * Pseudo-translates each protected segment: tokens stay exactly as written, termbase matches
 * (whole words, case-insensitive) become the term's target verbatim, the rest is pseudo-translated.
 */
export function offlineProvider(): MtProvider {
  return {
    name: 'offline',
    async translate(req: MtRequest): Promise<MtOutput[]> {
      req.signal?.throwIfAborted();
      const terms = compileTerms(req.terms);
      return req.sources.map((source) => {
        const shielded = shieldTerms(source, terms);
        return { target: shielded.unshield(mapText(shielded.text, pseudoTranslate)) };
      });
    },
  };
}
