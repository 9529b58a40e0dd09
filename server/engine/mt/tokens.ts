/**
 * Reading the inline code tokens (`<x id="N"/>`) that `protect` puts in place of placeholders, as
 * they come back from a provider.
 */

/**
 * A token as engines write it back: the canonical `<x id="1"/>` and the spellings `restore` also
 * accepts (`<x id='1' />`, `<x id="1"></x>`), so splitting here agrees with restoring there.
 */
const TOKEN = /<x\s+id\s*=\s*(?:"(\d+)"|'(\d+)')\s*\/?>(?:<\/x\s*>)?/g;

/** A piece of protected text: plain text, or a token naming code `id` (1-based). */
export type Piece = { text: string; id?: undefined } | { text: string; id: number };

/** The canonical token for code `id`. */
export function token(id: number): string {
  return `<x id="${id}"/>`;
}

/** Splits protected text into text pieces and tokens, in order; empty text pieces are left out. */
export function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ text: m[0], id: Number(m[1] ?? m[2]) });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The code ids of the tokens in `text`, in order (repeats kept). */
export function tokenIds(text: string): number[] {
  return [...text.matchAll(TOKEN)].map((m) => Number(m[1] ?? m[2]));
}

/** Applies `change` to the text between tokens, keeping every token as written. */
export function mapText(text: string, change: (plain: string) => string): string {
  return pieces(text)
    .map((p) => (p.id === undefined ? change(p.text) : p.text))
    .join('');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Escapes the text between tokens for a provider that reads its input as HTML/XML, so that a `<`
 * in prose is not taken for markup and the tokens stay the only tags (see protect.ts).
 */
export function escapeMarkupText(text: string): string {
  return mapText(text, (plain) => plain.replace(/[&<>]/g, (c) => XML_ESCAPES[c]!));
}

/** Reverses `escapeMarkupText` on a provider's HTML answer: entity and character references. */
export function unescapeMarkupText(text: string): string {
  return mapText(text, (plain) =>
    plain.replace(
      /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|(\w+));/g,
      (ref, dec?: string, hex?: string, name?: string) => {
        if (name !== undefined) return NAMED[name] ?? ref;
        const code = dec !== undefined ? Number(dec) : Number.parseInt(hex!, 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
      },
    ),
  );
}
