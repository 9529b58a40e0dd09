/**
 * Finding each unit's translation while walking a file in order. Translations made from a file's
 * own units come in file order, so the map's next key is compared first — a string comparison is
 * much cheaper than hashing every id of a large file — and any other order falls back to a lookup.
 */
import type { PluralForms, Translations } from '../model.ts';

export type Lookup = (id: string) => string | PluralForms | undefined;

/** A lookup for ids visited in file order. */
export function inFileOrder(translations: Translations): Lookup {
  const iterator = translations.entries();
  let head = iterator.next();
  return (id) => {
    if (!head.done && head.value[0] === id) {
      const value = head.value[1];
      head = iterator.next();
      return value;
    }
    return translations.get(id);
  };
}
