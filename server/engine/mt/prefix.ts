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
import type { IcuContext } from './icu-text.ts';
import { type Piece, pieces } from './tokens.ts';
import { proseWordEnds } from './words.ts';

/** A piece of protected source text with its ICU context; `structural` marks plural/select syntax. */
export type Item = Piece & { ctx: IcuContext; structural: boolean };

export interface Cut {
  /** Code tokens of the covered part that the prefix lacks, in source order. */
  carried: Item[];
  /** The items after the covered part. */
  rest: Item[];
}

/** Cuts `items` after as many top-level source words as `prefix` has words (placeholders not counted). */
export function cutAtPrefix(
  items: readonly Item[],
  prefix: string,
  codes: readonly Placeholder[],
  lang: string,
): Cut {
  let needed = pieces(protect(prefix).text)
    .filter((p) => p.id === undefined)
    .reduce((n, p) => n + proseWordEnds(p.text, lang).length, 0);
  let at = 0;
  let rest: Item[] | undefined;
  for (; at < items.length && needed > 0; at++) {
    const item = items[at]!;
    if (item.structural) break;
    if (item.id !== undefined) continue;
    const ends = proseWordEnds(item.text, lang);
    if (ends.length < needed) {
      needed -= ends.length;
      continue;
    }
    const tail = item.text.slice(ends[needed - 1]);
    rest = [...(tail ? [{ ...item, text: tail }] : []), ...items.slice(at + 1)];
    break;
  }
  const covered = items.slice(0, at);
  rest ??= items.slice(at);
  const carried = covered.filter(
    (item) => item.id !== undefined && !prefix.includes(codes[item.id - 1]?.text ?? ''),
  );
  // "Bonjour " + " world" would double the space the translator already typed.
  const first = rest[0];
  if (carried.length === 0 && /\s$/.test(prefix) && first && first.id === undefined) {
    const trimmed = first.text.trimStart();
    rest = trimmed ? [{ ...first, text: trimmed }, ...rest.slice(1)] : rest.slice(1);
  }
  return { carried, rest };
}
