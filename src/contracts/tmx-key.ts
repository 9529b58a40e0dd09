/**
 * How a repository unit's key travels in a memory: the Action and the receiver teach memories TMX
 * whose `<tu>` carries `<prop type="x-key">`; the platform's document import reads it back from the
 * segment's notes (`x-key: …`) to prefer the translation taught for that very key.
 */

/**
 * A unit id as the `x-key` note holds it: a JSON string, so ids with characters XML 1.0 cannot
 * carry (PO's msgctxt separator U+0004) or line breaks (notes are lines) travel intact.
 */
export const xKey = (id: string) => JSON.stringify(id);

/** The note a memory keeps for a `<prop type="x-key">` (TMX props become `type: value` notes). */
export const keyNote = (id: string) => `x-key: ${xKey(id)}`;

/** The `x-key` value a segment's notes carry (as xKey wrote it), or undefined for a pair without a key. */
export function keyOfNotes(notes: string | null | undefined): string | undefined {
  if (!notes) return undefined;
  for (const line of notes.split('\n')) if (line.startsWith('x-key: ')) return line.slice('x-key: '.length);
  return undefined;
}

/**
 * The `<prop type="x-check">` a pair taught after a small source edit carries (issue 36,
 * `on_source_change.small: review`), and the note the memory keeps for it: the platform's import
 * prefills such a segment with the kept translation and leaves it for a person to check, instead of
 * confirming it as an in-context match.
 */
export const CHECK_PROP = 'small source edit';
export const checkNote = `x-check: ${CHECK_PROP}`;
