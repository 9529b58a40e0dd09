/**
 * Where a PO entry's translation stands: the text of its `msgstr` (or `msgstr[0]`) after the
 * entry's msgid — its first string, or the first continuation line's when the first is `""`.
 */
import type { TargetTextLocator } from '../model.ts';

export function poLocator(text: string): TargetTextLocator {
  return {
    translationAt(from) {
      const field = /^[ \t]*msgstr(?:\[\d+\])?[ \t]*"/gm;
      field.lastIndex = from;
      const m = field.exec(text);
      if (!m) return undefined;
      const inside = m.index + m[0].length;
      const continuation = /^"\r?\n[ \t]*"/.exec(text.slice(inside, inside + 256));
      return continuation ? inside + continuation[0].length : inside;
    },
  };
}
