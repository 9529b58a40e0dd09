/**
 * Finding each unit's translation while walking a file in order. Translations made from a file's
 * own units come in file order, so the map's next key is compared first — a string comparison is
 * much cheaper than hashing every id of a large file — and any other order falls back to a lookup.
 */
import type { PluralForms, Translations } from '../model.ts';

/**
 * A lookup for ids visited in file order. A class rather than a closure: optimized render code
 * that called the last render's closure deoptimized on meeting a new one ('wrong call target').
 */
export class InFileOrder {
  private readonly translations: Translations;
  // Two arrays rather than the map's iterator: stepping an iterator allocates an entry per key.
  private readonly keys: string[];
  private readonly values: (string | PluralForms)[];
  private next = 0;

  constructor(translations: Translations) {
    this.translations = translations;
    this.keys = [...translations.keys()];
    this.values = [...translations.values()];
  }

  /** The translation of `id`, if there is one. */
  get(id: string): string | PluralForms | undefined {
    const next = this.next;
    if (next < this.keys.length && this.keys[next] === id) {
      this.next = next + 1;
      return this.values[next];
    }
    return this.translations.get(id);
  }
}
