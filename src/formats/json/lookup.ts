/**
 * Finding each unit's translation while walking a file in order. Translations made from a file's
 * own units come in file order, so the map's next key is compared first — a string comparison is
 * much cheaper than hashing every id of a large file — and any other order falls back to a lookup.
 */
import type { PluralForms, Translations } from '../model.ts';

export type Lookup = (id: string) => string | PluralForms | undefined;

/** A lookup for ids visited in file order. */
export function inFileOrder(translations: Translations): Lookup {
  // Two arrays rather than the map's iterator: stepping an iterator allocates an entry per key.
  const keys = [...translations.keys()];
  const values = [...translations.values()];
  let next = 0;
  return (id) => {
    if (next < keys.length && keys[next] === id) return values[next++];
    return translations.get(id);
  };
}
