/**
 * Key-value files compared leaf by leaf (issue 34, build item 3): the oracle gives every string at
 * a key path, and our units are taken apart the same way — a plural unit into one leaf per form,
 * at the key the file keeps that form under — so the unit set is compared without either side
 * having to agree on which groups of keys make a plural.
 */
import type { PluralCategory, PluralForms, Unit } from '../../../src/formats/model.ts';

const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * Our units as leaves: `id → text`, and a plural unit's forms at `formKey(id, category)`. A unit
 * `key~N` (an earlier copy of a repeated key, which the format's loaders forget: the last copy
 * wins) is left out when `theirs` lacks it.
 */
export function ourLeaves(
  units: readonly Unit[],
  formKey: (id: string, category: PluralCategory) => string,
  theirs: ReadonlyMap<string, string>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const u of units) {
    if (/~\d+$/.test(u.id) && !theirs.has(u.id)) continue;
    const forms: Partial<PluralForms> | undefined = u.sourcePlural;
    if (!forms) out.set(u.id, u.source);
    else for (const c of CATEGORIES) if (forms[c] !== undefined) out.set(formKey(u.id, c), forms[c]!);
  }
  return out;
}
