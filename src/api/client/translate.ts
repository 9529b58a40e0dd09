import type { z } from 'zod';
import type { Transport } from '../http.ts';
import { type TranslateRequest, TranslateResult } from '../schemas/translate.ts';
import type { CallExtras } from './common.ts';

/** Segment translation: TM matches (score ≥ 75) first, then MT. */
export function translateClient(t: Transport) {
  return {
    /** POST /v2/translate: one segment of at most 5,000 characters, through a memory's TM and MT. */
    segment: (request: z.input<typeof TranslateRequest>, o: CallExtras = {}): Promise<TranslateResult> =>
      t.request({ method: 'POST', path: '/v2/translate', json: request, schema: TranslateResult, ...o }),
  };
}

export type TranslateClient = ReturnType<typeof translateClient>;
