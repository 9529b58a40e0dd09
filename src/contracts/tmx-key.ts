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
