/**
 * QA: compares the placeholders of a source and its translation.
 */
import { findPlaceholders } from './detect.ts';
import type { Placeholder, PlaceholderKind, PlaceholderOptions } from './types.ts';

export interface PlaceholderIssue {
  type: 'missing' | 'extra' | 'reordered';
  /** The placeholder concerned, as written in the source (missing, reordered) or the target (extra). */
  placeholder: string;
  kind: PlaceholderKind;
  message: string;
}

/**
 * Missing and extra placeholders of `target` compared with `source`, and reordered unnumbered
 * printf conversions (`%s %d` must keep their order; `%1$s`, `{name}` and tags may move).
 *
 * Placeholders are compared by meaning, not spelling: `{n,number}` equals `{ n, number }`, a tag by
 * its name and whether it opens, closes or is empty (attributes may be translated). ICU branch
 * syntax and `#` are not compared, since the target language may need other branches; when either
 * text has a plural or select, repeated placeholders count once (each branch repeats them).
 */
export function checkPlaceholders(
  source: string,
  target: string,
  options: PlaceholderOptions = {},
): PlaceholderIssue[] {
  const src = findPlaceholders(source, options).filter(compared);
  const trg = findPlaceholders(target, options).filter(compared);
  // Each plural/select branch repeats the placeholders, and the target may have other branches.
  const branched = [...src, ...trg].some((p) => p.kind === 'icu-plural');
  const issues: PlaceholderIssue[] = [];
  for (const p of unmatchedPlaceholders(src, trg, branched)) {
    issues.push({
      type: 'missing',
      placeholder: p.text,
      kind: p.kind,
      message: `missing placeholder ${p.text}`,
    });
  }
  for (const p of unmatchedPlaceholders(trg, src, branched)) {
    issues.push({ type: 'extra', placeholder: p.text, kind: p.kind, message: `extra placeholder ${p.text}` });
  }
  issues.push(...reordered(src, trg));
  return issues;
}

/** How placeholders are told apart beyond their meaning. */
export interface PlaceholderKeyOptions {
  /** XLIFF text: an inline code is identified by its id too (`<x id="1"/>` and `<x id="2"/>` differ). */
  xliffIds?: boolean;
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

function compared(p: Placeholder): boolean {
  return p.kind !== 'icu-branch' && p.kind !== 'icu-pound';
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
      const id = options.xliffIds ? (/\sid\s*=\s*["']([^"']*)["']/.exec(p.text)?.[1] ?? '') : '';
      return `tag:${/^<\//.test(p.text) ? '/' : ''}${p.name!.toLowerCase()}${/\/>$/.test(p.text) ? '/' : ''}${options.xliffIds ? `#${id}` : ''}`;
    }
    default:
      return `${p.kind}:${p.text}`;
  }
}

/** Unnumbered, unnamed printf conversions are consumed in order, so their order is part of the meaning. */
function reordered(src: Placeholder[], trg: Placeholder[]): PlaceholderIssue[] {
  const ordered = (list: Placeholder[]) => list.filter((p) => p.kind === 'printf' && p.name === undefined);
  const a = ordered(src);
  const b = ordered(trg);
  if (a.length !== b.length || a.length < 2) return [];
  const sorted = (list: Placeholder[]) =>
    list
      .map((p) => p.text)
      .sort()
      .join('\u0000');
  if (sorted(a) !== sorted(b)) return [];
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.text !== b[i]!.text) {
      const message = `placeholder ${a[i]!.text} is out of order: unnumbered printf placeholders must keep the source order (use %${i + 1}$… to reorder)`;
      return [{ type: 'reordered', placeholder: a[i]!.text, kind: 'printf', message }];
    }
  }
  return [];
}
