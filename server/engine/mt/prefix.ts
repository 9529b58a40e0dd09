/**
 * The `prefix` option: the start of the target as a translator already typed it. The platform's
 * engines complete it; a provider here translates whole segments only, so the pipeline
 * approximates: the prefix is taken to cover as many source words as it has words itself (the
 * same monotonic assumption as the word alignment), and only the rest of the source is sent.
 * The target is the prefix followed by the translation of that rest.
 *
 * The cut never enters ICU plural/select syntax: if the prefix reaches into a plural, the whole
 * plural stays in the rest. Placeholders of the covered part that the prefix does not contain
 * are carried over to the start of the rest, so no placeholder is lost.
 */
import { type Placeholder, protect } from '../../../src/formats/placeholders.ts';
import { proseWordEnds } from '../../../src/text/words.ts';
import type { IcuContext } from './icu-text.ts';
import { type Piece, pieces } from './tokens.ts';

/** A piece of protected source text with its ICU context; `structural` marks plural/select syntax. */
export type Item = Piece & { ctx: IcuContext; structural: boolean };

export interface Cut {
  /** Code tokens of the covered part that the prefix lacks, in source order. */
  carried: Item[];
  /** The items after the covered part. */
  rest: Item[];
}

/**
 * The start of the rest without what the prefix already ends with: "Bonjour " + " world" would
 * double the space, "Bonjour {name}," + ", welcome" the comma.
 */
function joinable(prefix: string, rest: string): string {
  const lead = /^[^\p{L}\p{N}]*/u.exec(rest)![0];
  const punctuation = lead.trim();
  if (punctuation && prefix.trimEnd().endsWith(punctuation)) {
    return (/\s$/.test(prefix) ? '' : ' ') + rest.slice(lead.length);
  }
  return /\s$/.test(prefix) ? rest.trimStart() : rest;
}

/** Cuts `items` after as many top-level source words and placeholders as `prefix` has. */
export function cutAtPrefix(
  items: readonly Item[],
  prefix: string,
  codes: readonly Placeholder[],
  lang: string,
): Cut {
  // Placeholders count as words, as in targetWords: "Bonjour {name}," covers "Hello {name}".
  const typed = protect(prefix);
  let needed = pieces(typed.text).reduce(
    (n, p) => n + (p.id === undefined ? proseWordEnds(p.text, lang).length : 1),
    0,
  );
  // The cut: just after the last covered word or code, item `at`, offset `offset` (-1: nothing covered).
  let at = -1;
  let offset = 0;
  for (let i = 0; i < items.length && needed > 0; i++) {
    const item = items[i]!;
    if (item.structural) break;
    const ends = item.id === undefined ? proseWordEnds(item.text, lang) : [item.text.length];
    if (ends.length === 0) continue;
    const taken = Math.min(needed, ends.length);
    needed -= taken;
    at = i;
    offset = ends[taken - 1]!;
  }
  if (at < 0) return { carried: [], rest: [...items] };
  const tail = items[at]!.text.slice(offset);
  const covered = items.slice(0, at + 1);
  let rest: Item[] = [...(tail ? [{ ...items[at]!, text: tail }] : []), ...items.slice(at + 1)];
  const carried = covered.filter(
    (item) => item.id !== undefined && !prefix.includes(codes[item.id - 1]?.text ?? ''),
  );
  const first = rest[0];
  if (carried.length === 0 && first && first.id === undefined) {
    rest = [{ ...first, text: joinable(prefix, first.text) }, ...rest.slice(1)].filter(
      (item) => item.text !== '',
    );
  }
  return { carried, rest };
}
