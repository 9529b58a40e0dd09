/**
 * Where a String Catalog entry's translation for one language stands: the first string value of
 * the entry's localization (its stringUnit, or its first plural form). The catalog is tokenized
 * once and its keys listed once: it holds thousands of strings.
 */
import { STRING, tokenizeJson } from '../kit/json/tokens.ts';
import type { TargetTextLocator } from '../model.ts';

export function catalogLocator(text: string, lang: string): TargetTextLocator {
  let cached: { doc: ReturnType<typeof tokenizeJson>; keys: number[] } | undefined;
  return {
    translationAt(from) {
      if (!cached) {
        const doc = tokenizeJson({ text, encoding: 'utf-8', bom: false });
        const strings = doc.member(0, 'strings');
        cached = { doc, keys: strings < 0 ? [] : doc.keys(strings) };
      }
      const { doc, keys } = cached;
      // The last string entry starting at or before `from` (keys are in file order).
      let lo = 0;
      let hi = keys.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (doc.start(keys[mid]!) <= from) lo = mid;
        else hi = mid - 1;
      }
      const key = keys[lo];
      if (key === undefined || doc.start(key) > from || from >= doc.end(key + 1)) return undefined;
      const localizations = doc.member(key + 1, 'localizations');
      const localization = localizations < 0 ? -1 : doc.member(localizations, lang);
      if (localization < 0) return undefined;
      for (let e = localization + 1; e < doc.next(localization); e++) {
        if (doc.kind(e) === STRING && doc.stringEquals(e, 'value') && doc.kind(e + 1) === STRING)
          return doc.start(e + 1) + 1;
      }
      return undefined;
    },
  };
}
