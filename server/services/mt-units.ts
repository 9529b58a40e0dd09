import type { PluralCategory, PluralForms } from '../../src/formats/model.ts';
import type { PlaceholderSyntax } from '../../src/formats/placeholders.ts';
import {
  type MtProvider,
  type MtSegmentContext,
  type MtTerm,
  translateSegments,
} from '../engine/mt/index.ts';

export interface MtUnit {
  id: string | number;
  source: string;
  sourcePlural?: PluralForms | undefined;
  /** The placeholder syntaxes its file's format fills (placeholdersOf); default every syntax. */
  placeholders?: readonly PlaceholderSyntax[] | undefined;
  /** What translators are told of it (description, length limit, placeholder meanings). */
  context?: MtSegmentContext | undefined;
}

/**
 * Machine-translates units in one batch. A plural unit sends, for each plural category of the
 * target language, the source's form of that category (its `other` form where the source has none),
 * and comes back as PluralForms of the target language — plus `zero` when the source writes one.
 */
export async function machineTranslateUnits(
  mt: MtProvider,
  units: readonly MtUnit[],
  pair: { srclang: string; srclocale: string | null; trglang: string; trglocale: string | null },
  options: { terms: MtTerm[]; signal?: AbortSignal | undefined },
): Promise<Map<string | number, string | PluralForms>> {
  const targetTag = pair.trglocale ? `${pair.trglang}-${pair.trglocale}` : pair.trglang;
  const categories = new Intl.PluralRules(targetTag).resolvedOptions().pluralCategories as PluralCategory[];
  // An explicit `zero` (Rails, stringsdict) is for a count of 0 in every language, whatever CLDR says.
  const categoriesOf = (u: MtUnit) =>
    u.sourcePlural?.zero !== undefined && !categories.includes('zero')
      ? ['zero' as const, ...categories]
      : categories;
  const sources = units.flatMap((u) =>
    u.sourcePlural ? categoriesOf(u).map((c) => u.sourcePlural![c] ?? u.sourcePlural!.other) : [u.source],
  );
  const placeholders = units.some((u) => u.placeholders)
    ? units.flatMap((u) => (u.sourcePlural ? categoriesOf(u).map(() => u.placeholders) : [u.placeholders]))
    : undefined;
  const contexts = units.some((u) => u.context)
    ? units.flatMap((u) => (u.sourcePlural ? categoriesOf(u).map(() => u.context) : [u.context]))
    : undefined;
  const results = await translateSegments(mt, sources, {
    placeholders,
    contexts,
    srclang: pair.srclang,
    trglang: pair.trglang,
    srclocale: pair.srclocale ?? undefined,
    trglocale: pair.trglocale ?? undefined,
    terms: options.terms,
    projectTags: true,
    signal: options.signal,
  });
  const out = new Map<string | number, string | PluralForms>();
  let at = 0;
  for (const unit of units) {
    if (unit.sourcePlural) {
      const forms = {} as PluralForms;
      for (const c of categoriesOf(unit)) forms[c] = results[at++]!.targetWithTags;
      out.set(unit.id, forms);
    } else {
      out.set(unit.id, results[at++]!.targetWithTags);
    }
  }
  return out;
}
