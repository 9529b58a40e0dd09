/**
 * Hiding placeholders from machine translation behind inline codes, and putting them back.
 *
 * Token form: `<x id="N"/>` (N = 1, 2, …), XLIFF 1.2's empty inline code. MT engines with XML tag
 * handling (DeepL, Google, LLM prompts that say "keep the tags") keep such tags and may move them
 * as the target grammar needs. Text between tokens is left as is: a provider that sends the text
 * as XML escapes `&`, `<`, `>` itself and unescapes the answer before `restore`.
 *
 * printf's escaped percent `%%` is protected as well, though it is no placeholder.
 *
 * Tokens cannot collide with the text: anything in the original that looks like a token (or like
 * the `</x>` an engine may add) is itself protected as a code, so `restore(protect(t))` is `t`.
 */
import { findEscapedPercents, findPlaceholders, outermost } from './detect.ts';
import type { Placeholder, PlaceholderOptions, PlaceholderSyntax } from './types.ts';
import { ALL_SYNTAXES } from './types.ts';

/** What `restore` reads as a token: tolerant of the spellings engines produce (`<x id='1' />`, `<x id="1"></x>`). */
const TOKEN = /<x\s+id\s*=\s*(?:"(\d+)"|'(\d+)')\s*\/?>(?:<\/x\s*>)?/g;
/** Text in an original that restore would read as (part of) a token. */
const LOOKALIKE = /<x\s+id\s*=\s*(?:"\d+"|'\d+')\s*\/?>|<\/x\s*>/g;

export interface Protected {
  /** The text with each placeholder replaced by `<x id="N"/>`. */
  text: string;
  /** The replaced placeholders; code N is `codes[N - 1]`. */
  codes: Placeholder[];
}

export interface Restored {
  text: string;
  /** Codes whose token is not in the translated text (their placeholder is not in `text`). */
  missing: Placeholder[];
  /** Tokens that are not codes (removed from `text`) or repeat a code (restored again), as written. */
  extra: string[];
}

/** Replaces every placeholder of `text` with an inline code token `<x id="N"/>`. */
export function protect(text: string, options: PlaceholderOptions = {}): Protected {
  const lookalikes: Placeholder[] = [];
  for (const m of text.matchAll(LOOKALIKE)) {
    lookalikes.push({ kind: 'tag', text: m[0], start: m.index, end: m.index + m[0].length, name: 'x' });
  }
  // Look-alikes first so that nothing partly covering one can leave a stray token-shaped text behind.
  // printf's escaped `%%` is kept from the engine too (not a placeholder, but not text either).
  const formats = options.syntaxes ?? ALL_SYNTAXES;
  const percents = ['printf', 'java', 'formatter'].some((s) => formats.includes(s as PlaceholderSyntax))
    ? findEscapedPercents(text)
    : [];
  const chosen = outermost([
    ...lookalikes,
    ...[...findPlaceholders(text, options), ...percents].filter(
      (p) => !lookalikes.some((l) => p.start < l.end && l.start < p.end),
    ),
  ]);
  let out = '';
  let at = 0;
  chosen.forEach((p, i) => {
    out += text.slice(at, p.start) + `<x id="${i + 1}"/>`;
    at = p.end;
  });
  return { text: out + text.slice(at), codes: chosen };
}

/** Puts the placeholders back into a (translated) protected text and reports missing and extra tokens. */
export function restore(protectedText: string, codes: readonly Placeholder[]): Restored {
  const seen = new Set<number>();
  const extra: string[] = [];
  const text = protectedText.replace(
    TOKEN,
    (token, double: string | undefined, single: string | undefined) => {
      const id = Number(double ?? single);
      const code = codes[id - 1];
      if (!code) {
        extra.push(token);
        return '';
      }
      if (seen.has(id)) extra.push(token);
      seen.add(id);
      return code.text;
    },
  );
  const missing = codes.filter((_, i) => !seen.has(i + 1));
  return { text, missing, extra };
}
