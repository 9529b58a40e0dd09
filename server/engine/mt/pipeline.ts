/**
 * Segment translation by MT, as `POST /v2/translate` needs it for its MT items: placeholders and
 * tags protected, ICU structure kept, termbase applied by the provider, the prefix honoured, the
 * result checked, and words, delimiters and (rich) alignment and formatting reported.
 *
 * Repair: a provider that loses, invents, duplicates or reorders (unnumbered printf) codes in a
 * segment gets that segment once more, cut at its codes: each text run between codes is
 * translated on its own and the codes are put back in source order. That costs context but can
 * no longer lose a placeholder. If even that does not hold (a provider mangling plain text into
 * placeholder syntax), the pipeline throws MtError rather than return a broken target.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PlaceholderSyntax } from '../../../src/formats/placeholders.ts';
import { restore } from '../../../src/formats/placeholders.ts';
import { splitWords } from '../../../src/text/words.ts';
import { monotonicAlignment } from './align.ts';
import { assemble, type Built, byRuns } from './assemble.ts';
import { type Part, type Plan, planSegment } from './plan.ts';
import { dropTagTokens, type TagPosition, tagPositions } from './tags.ts';
import { MtError, type MtOutput, type MtProvider, type MtSegmentContext, type MtTerm } from './types.ts';

export interface TranslateOptions {
  srclang: string;
  trglang: string;
  srclocale?: string | undefined;
  trglocale?: string | undefined;
  terms?: MtTerm[] | undefined;
  /**
   * Per source, in order: the placeholder syntaxes its file's format fills (placeholdersOf, the
   * answer the QA check uses too). Default: every syntax.
   */
  placeholders?: readonly (readonly PlaceholderSyntax[] | undefined)[] | undefined;
  /** Per source, in order: what translators would be told of it (description, length limit…). */
  contexts?: readonly (MtSegmentContext | undefined)[] | undefined;
  /** Parse the sources as ICU MessageFormat and translate only their literal text. */
  containsICUData?: boolean | undefined;
  /** Keep the source's tags in `target` too; without it they are only in `targetWithTags`. */
  projectTags?: boolean | undefined;
  /** Every target starts with this text (see prefix.ts for how the rest is found). */
  prefix?: string | undefined;
  /** Add `modelScore`, `align` and `formatting`. */
  rich?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/** One MT item of a segment translation result (DESIGN §5 "Translation items"). */
export interface MtTranslation {
  /** The translation; with project_tags false, without the source's tags. */
  target: string;
  /** The translation with the source's tags where the provider placed them. */
  targetWithTags: string;
  provenance: 'MT';
  isTMMatch: false;
  /** The provider's confidence on the TM's 0–100 scale; 0 when it reports none (offline, LibreTranslate). */
  score: number;
  targetWords: string[];
  /** Delimiters around and between `targetWords`: they interleave back to `target` exactly. */
  targetDelimiters: string[];
  /** Rich: `[sourceWordIndex, targetWordIndex]` pairs (a monotonic approximation, see align.ts). */
  align?: [number, number][];
  /** Rich: the provider's confidence in 0..1, null when it reports none. */
  modelScore?: number | null;
  /** Rich: the tags of `targetWithTags` and their offsets there. */
  formatting?: TagPosition[];
}

/**
 * Characters translated in one go before the pipeline lets the event loop run: a whole file
 * planned, pseudo-translated and assembled at once would hold the API's requests (and the rate
 * limits' clocks) for hundreds of milliseconds.
 */
const SLICE_CHARACTERS = 16_000;

/** Translates `sources` with `provider`; one result per source, in order. */
export async function translateSegments(
  provider: MtProvider,
  sources: readonly string[],
  options: TranslateOptions,
): Promise<MtTranslation[]> {
  const out: MtTranslation[] = [];
  let from = 0;
  while (from < sources.length) {
    let to = from;
    for (let chars = 0; to < sources.length && (to === from || chars < SLICE_CHARACTERS); to++)
      chars += sources[to]!.length;
    if (from > 0) {
      await nextTurn();
      options.signal?.throwIfAborted();
    }
    const whole = from === 0 && to === sources.length;
    const slice = whole ? sources : sources.slice(from, to);
    const sliceOptions = whole
      ? options
      : {
          ...options,
          placeholders: options.placeholders?.slice(from, to),
          contexts: options.contexts?.slice(from, to),
        };
    for (const item of await translateSlice(provider, slice, sliceOptions)) out.push(item);
    from = to;
  }
  return out;
}

async function translateSlice(
  provider: MtProvider,
  sources: readonly string[],
  options: TranslateOptions,
): Promise<MtTranslation[]> {
  const plans = sources.map((source, i) =>
    planSegment(source, { ...options, placeholders: options.placeholders?.[i] }),
  );
  const translated = new Map<string, MtOutput>();
  // A text several segments share goes once, with the context of the first that has one.
  const contexts = new Map<string, MtSegmentContext>();
  if (options.contexts)
    plans.forEach((plan, i) => {
      const context = options.contexts![i];
      if (!context) return;
      for (const p of plan.parts)
        if (p.kind === 'unit' && !contexts.has(p.text)) contexts.set(p.text, context);
    });
  await translateUnits(
    provider,
    plans.flatMap((p) => p.parts),
    translated,
    options,
    contexts,
  );
  const built = plans.map((plan) => assemble(plan, translated));
  const retry = plans.flatMap((plan, i) => (built[i] ? [] : [{ plan: { ...plan, parts: byRuns(plan) }, i }]));
  if (retry.length > 0) {
    await translateUnits(
      provider,
      retry.flatMap((r) => r.plan.parts),
      translated,
      options,
      contexts,
    );
    for (const { plan, i } of retry) {
      built[i] = assemble(plan, translated);
      if (!built[i]) {
        throw new MtError(
          provider.name,
          `the translation of segment ${i + 1} lost placeholders: ${plan.source.slice(0, 80)}`,
        );
      }
    }
  }
  return plans.map((plan, i) => result(plan, built[i]!, options));
}

/** Sends the units not translated yet, once each, and records the outputs by unit text. */
async function translateUnits(
  provider: MtProvider,
  parts: readonly Part[],
  translated: Map<string, MtOutput>,
  options: TranslateOptions,
  contexts: ReadonlyMap<string, MtSegmentContext>,
): Promise<void> {
  const todo = [
    ...new Set(parts.flatMap((p) => (p.kind === 'unit' && !translated.has(p.text) ? [p.text] : []))),
  ];
  if (todo.length === 0) return;
  const { srclang, trglang, srclocale, trglocale, terms, signal } = options;
  const outputs = await provider.translate({
    sources: todo,
    ...(contexts.size > 0 ? { contexts: todo.map((t) => contexts.get(t)) } : {}),
    srclang,
    trglang,
    ...(srclocale ? { srclocale } : {}),
    ...(trglocale ? { trglocale } : {}),
    ...(terms ? { terms } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!Array.isArray(outputs) || outputs.length !== todo.length) {
    throw new MtError(provider.name, `returned ${outputs?.length} translations for ${todo.length} segments`);
  }
  outputs.forEach((output, i) => {
    if (typeof output?.target !== 'string')
      throw new MtError(provider.name, `translation ${i + 1} is not a string`);
    translated.set(todo[i]!, output);
  });
}

function result(plan: Plan, built: Built, options: TranslateOptions): MtTranslation {
  const targetWithTags = plan.head + restore(built.protectedTarget, plan.codes).text;
  const target = options.projectTags
    ? targetWithTags
    : plan.head + restore(dropTagTokens(built.protectedTarget, plan.codes), plan.codes).text;
  const { words, delimiters } = splitWords(target, options.trglang, plan.syntaxes);
  const item: MtTranslation = {
    target,
    targetWithTags,
    provenance: 'MT',
    isTMMatch: false,
    score: built.modelScore === null ? 0 : Math.round(built.modelScore * 100),
    targetWords: words,
    targetDelimiters: delimiters,
  };
  if (options.rich) {
    item.modelScore = built.modelScore;
    item.align = monotonicAlignment(splitWords(plan.source, options.srclang, plan.syntaxes).words, words);
    item.formatting = tagPositions(targetWithTags);
  }
  return item;
}
