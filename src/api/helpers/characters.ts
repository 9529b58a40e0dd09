import type { Unit } from '../../formats/model.ts';
import { detectFormat } from '../../formats/registry.ts';

/** A translatable unit's characters as MT is charged for them: its source, a plural's forms together. */
export function unitCharacters(unit: Unit): number {
  return unit.sourcePlural ? Object.values(unit.sourcePlural).join('').length : unit.source.length;
}

/**
 * The characters of translatable text a file sends to machine translation, counted as the
 * platform counts them for POST /v2/translate/file: every translatable unit's source (a plural's
 * forms together). 0 for a file no format recognizes or that does not parse (the platform
 * charges nothing for it, and its translation fails).
 */
export function countCharacters(name: string, bytes: Uint8Array): number {
  const format = detectFormat(name, bytes);
  if (!format) return 0;
  try {
    let count = 0;
    for (const unit of format.parse(bytes, { fileName: name })) {
      if (!unit.translatable) continue;
      count += unitCharacters(unit);
    }
    return count;
  } catch {
    return 0;
  }
}
