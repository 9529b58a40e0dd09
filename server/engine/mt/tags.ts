/**
 * Tags in MT output: taking them out of `target` when tags are not projected, and reporting where
 * they sit in `targetWithTags` (the `formatting` of rich results).
 */
import { findPlaceholders, type Placeholder } from '../../../src/formats/placeholders.ts';
import { pieces } from './tokens.ts';

export interface TagPosition {
  /** The tag as written, e.g. `<a href="/x">`. */
  tag: string;
  name: string;
  kind: 'open' | 'close' | 'empty';
  /** Offsets in `targetWithTags`. */
  start: number;
  end: number;
}

/**
 * Removes the tokens of tag codes from protected text. Where a removed tag stood between two
 * spaces (`a <br/> b`), one space goes with it so that no double space is left behind.
 */
export function dropTagTokens(protectedText: string, codes: readonly Placeholder[]): string {
  let out = '';
  let dropped = false;
  for (const piece of pieces(protectedText)) {
    if (piece.id !== undefined && codes[piece.id - 1]?.kind === 'tag') {
      dropped = true;
      continue;
    }
    const text = dropped && /\s$/.test(out) && piece.text.startsWith(' ') ? piece.text.slice(1) : piece.text;
    out += text;
    dropped = false;
  }
  return out;
}

/** The HTML/XML tags of `text` with their offsets. */
export function tagPositions(text: string): TagPosition[] {
  return findPlaceholders(text, { syntaxes: ['tags'] }).map((p) => ({
    tag: p.text,
    name: p.name ?? '',
    kind: p.text.startsWith('</') ? 'close' : p.text.endsWith('/>') ? 'empty' : 'open',
    start: p.start,
    end: p.end,
  }));
}
