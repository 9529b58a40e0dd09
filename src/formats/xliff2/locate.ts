/**
 * Where an XLIFF 2 unit's translation stands (its segment's `<target>`), and the length limit the
 * Size and Length Restriction module gives it: `slr:sizeRestriction` on the `<unit>`, a limit in
 * characters when the file's profile counts code points (`generalProfile="xliff:codepoints"`).
 */

import { xliffTargetAt } from '../kit/xml/xliff-target.ts';
import type { TargetTextLocator } from '../model.ts';

export function xliff2Locator(text: string): TargetTextLocator {
  let codepoints: boolean | undefined;
  return {
    translationAt: (from) => xliffTargetAt(text, from),
    lengthLimitAt(from) {
      codepoints ??= /generalProfile\s*=\s*["']xliff:codepoints["']/.test(text);
      if (!codepoints) return undefined;
      const open = text.lastIndexOf('<unit', from);
      const tag = open < 0 ? undefined : /^<unit\b[^>]*>/.exec(text.slice(open, from))?.[0];
      const value = tag && /\s[\w.-]+:sizeRestriction\s*=\s*["'](\d+)["']/.exec(tag)?.[1];
      return value ? Number(value) : undefined;
    },
  };
}
