/**
 * What counts as the same placeholder in a source and its translation: by meaning, not spelling
 * (`{n,number}` equals `{ n, number }`, a tag by its name and whether it opens, closes or is
 * empty, since attributes may be translated), counted or by presence.
 */
import type { Placeholder } from '../formats/placeholders.ts';

/** How placeholders are told apart beyond their meaning. */
export interface PlaceholderKeyOptions {
  /** Inline codes of a bilingual format: a code is identified by its id too (`<x id="1"/>` and `<x id="2"/>` differ). */
  codeIds?: boolean;
  /**
   * A key of the caller's instead of placeholderKey, for placeholders whose identity depends on
   * the text around them (an unnumbered printf conversion is the argument its position says).
   */
  keyOf?: (p: Placeholder) => string | undefined;
}

/**
 * Placeholders of `a` without a counterpart in `b` (by count, or by presence when `once`, each
 * reported once). `once` may be decided per placeholder.
 */
export function unmatchedPlaceholders(
  a: readonly Placeholder[],
  b: readonly Placeholder[],
  once: boolean | ((p: Placeholder) => boolean),
  options: PlaceholderKeyOptions = {},
): Placeholder[] {
  const keyOf = (p: Placeholder) => options.keyOf?.(p) ?? placeholderKey(p, options);
  const byPresence = typeof once === 'function' ? once : () => once;
  const available = new Map<string, number>();
  for (const p of b) {
    const key = keyOf(p);
    available.set(key, byPresence(p) ? Infinity : (available.get(key) ?? 0) + 1);
  }
  const out: Placeholder[] = [];
  const reported = new Set<string>();
  for (const p of a) {
    const key = keyOf(p);
    const left = available.get(key) ?? 0;
    if (left > 0) available.set(key, left - 1);
    else if (!byPresence(p) || !reported.has(key)) {
      reported.add(key);
      out.push(p);
    }
  }
  return out;
}

/** A placeholder by meaning, not spelling: what must match between a source and its translation. */
export function placeholderKey(p: Placeholder, options: PlaceholderKeyOptions = {}): string {
  switch (p.kind) {
    case 'icu':
    case 'i18next':
      return `${p.kind}:${p.text.replace(/\s+/g, '')}`;
    case 'icu-plural':
      return `icu-plural:${p.name}:${/^\{[^,]*,\s*(\w+)/.exec(p.text)?.[1] ?? ''}`;
    case 'i18next-nesting':
      return `nesting:${p.name}`;
    case 'tag': {
      const id = options.codeIds ? (/\sid\s*=\s*["']([^"']*)["']/.exec(p.text)?.[1] ?? '') : '';
      return `tag:${/^<\//.test(p.text) ? '/' : ''}${p.name!.toLowerCase()}${/\/>$/.test(p.text) ? '/' : ''}${options.codeIds ? `#${id}` : ''}`;
    }
    default:
      return `${p.kind}:${p.text}`;
  }
}
