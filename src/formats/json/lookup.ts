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

/** A lookup for ids `parent.segment` (or `segment` at the top), compared without building the id. */
export function inFileOrderByPath(
  translations: Translations,
): (parent: string | undefined, segment: string) => string | PluralForms | undefined {
  const iterator = translations.entries();
  let head = iterator.next();
  return (parent, segment) => {
    if (!head.done && samePath(head.value[0], parent, segment)) {
      const value = head.value[1];
      head = iterator.next();
      return value;
    }
    return translations.get(parent === undefined ? segment : `${parent}.${segment}`);
  };
}

function samePath(key: string, parent: string | undefined, segment: string): boolean {
  if (parent === undefined) return key === segment;
  return (
    key.length === parent.length + 1 + segment.length &&
    key.charCodeAt(parent.length) === 46 &&
    key.endsWith(segment) &&
    key.startsWith(parent)
  );
}
