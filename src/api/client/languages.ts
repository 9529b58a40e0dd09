import type { Transport } from '../http.ts';
import { LanguagesResult } from '../schemas/languages.ts';
import type { CallExtras } from './common.ts';

/** The language catalogue. */
export function languagesClient(t: Transport) {
  return {
    /** GET /v2/languages: every code with its name, and the supported pairs. */
    get: (o: CallExtras = {}): Promise<LanguagesResult> =>
      t.request({ method: 'GET', path: '/v2/languages', schema: LanguagesResult, ...o }),
  };
}

export type LanguagesClient = ReturnType<typeof languagesClient>;
