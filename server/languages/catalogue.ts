import { ISO_639_1_CODES, languageNames } from '../../src/languages/iso639.ts';

let body: Buffer | undefined;

/**
 * The GET /v2/languages body, serialised once: every code translates into every other code
 * (the offline engine and the MT providers behind it take any pair). About 350 KB, so it is
 * built at most once per process and served with an ETag.
 */
export function languagesBody(): Buffer {
  if (!body) {
    const sourceToTarget: Record<string, Record<string, true>> = {};
    for (const source of ISO_639_1_CODES) {
      const targets: Record<string, true> = {};
      for (const target of ISO_639_1_CODES) if (target !== source) targets[target] = true;
      sourceToTarget[source] = targets;
    }
    body = Buffer.from(JSON.stringify({ source_to_target: sourceToTarget, code_to_name: languageNames() }));
  }
  return body;
}
