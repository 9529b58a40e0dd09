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
import { checkPlaceholders, restore } from '../../../src/formats/placeholders.ts';
import { monotonicAlignment } from './align.ts';
import { quoteIcu } from './icu-text.ts';
import { type Part, type Plan, planSegment } from './plan.ts';
import { dropTagTokens, type TagPosition, tagPositions } from './tags.ts';
import { pieces, tokenIds } from './tokens.ts';
import { MtError, type MtOutput, type MtProvider, type MtTerm } from './types.ts';
import { splitWords } from './words.ts';

export interface TranslateOptions {
  srclang: string;
  trglang: string;
  srclocale?: string | undefined;
  trglocale?: string | undefined;
  terms?: MtTerm[] | undefined;
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

/** Translates `sources` with `provider`; one result per source, in order. */
export async function translateSegments(
  provider: MtProvider,
  sources: readonly string[],
  options: TranslateOptions,
): Promise<MtTranslation[]> {
  const plans = sources.map((source) => planSegment(source, options));
  const translated = new Map<string, MtOutput>();
  await translateUnits(
    provider,
    plans.flatMap((p) => p.parts),
    translated,
    options,
  );
  const built = plans.map((plan) => assemble(plan, translated));
  const retry = plans.flatMap((plan, i) => (built[i] ? [] : [{ plan: { ...plan, parts: byRuns(plan) }, i }]));
  if (retry.length > 0) {
    await translateUnits(
      provider,
      retry.flatMap((r) => r.plan.parts),
      translated,
      options,
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
): Promise<void> {
  const todo = [
    ...new Set(parts.flatMap((p) => (p.kind === 'unit' && !translated.has(p.text) ? [p.text] : []))),
  ];
  if (todo.length === 0) return;
  const { srclang, trglang, srclocale, trglocale, terms, signal } = options;
  const outputs = await provider.translate({
    sources: todo,
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

interface Built {
  /** The target in protected form, without the prefix. */
  protectedTarget: string;
  modelScore: number | null;
}

/** The protected target of a plan, or undefined when its codes did not survive. */
function assemble(plan: Plan, translated: Map<string, MtOutput>): Built | undefined {
  let protectedTarget = '';
  let weighted = 0;
  let weight = 0;
  let scored = true;
  for (const part of plan.parts) {
    if (part.kind === 'fixed') {
      protectedTarget += part.text;
      continue;
    }
    const output = translated.get(part.text)!;
    protectedTarget += part.ctx ? quoteUnit(output.target, part, plan) : output.target;
    if (typeof output.score === 'number' && Number.isFinite(output.score)) {
      weighted += output.score * part.text.length;
      weight += part.text.length;
    } else scored = false;
  }
  if (!codesKept(plan, tokenIds(protectedTarget))) return undefined;
  const targetWithTags = plan.head + restore(protectedTarget, plan.codes).text;
  const lost = checkPlaceholders(plan.source, targetWithTags, { syntaxes: plan.checked });
  if (lost.some((issue) => issue.type === 'missing')) return undefined;
  const modelScore = scored && weight > 0 ? Math.min(1, Math.max(0, weighted / weight)) : null;
  return { protectedTarget, modelScore };
}

/** Every expected code exactly as often, and unnumbered printf conversions in source order. */
function codesKept(plan: Plan, ids: number[]): boolean {
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
  if (sorted(ids) !== sorted(plan.expected)) return false;
  const printf = (list: number[]) =>
    list.filter((id) => plan.codes[id - 1]?.kind === 'printf' && plan.codes[id - 1]?.name === undefined);
  return printf(ids).join(',') === printf(plan.expected).join(',');
}

/** Quotes the literal text of a translated ICU unit again; what follows each piece matters (icu-text.ts). */
function quoteUnit(target: string, part: Extract<Part, { kind: 'unit' }>, plan: Plan): string {
  const list = pieces(target);
  return list
    .map((piece, k) => {
      if (piece.id !== undefined) return piece.text;
      const next = list[k + 1];
      const following = next
        ? next.id !== undefined
          ? (plan.codes[next.id - 1]?.text ?? '')
          : next.text
        : part.following;
      return quoteIcu(piece.text, part.ctx!, following);
    })
    .join('');
}

/** The fallback plan: every unit cut at its codes, each text run a unit of its own. */
function byRuns(plan: Plan): Part[] {
  return plan.parts.flatMap((part): Part[] => {
    if (part.kind === 'fixed') return [part];
    const list = pieces(part.text);
    return list.map((piece, k): Part => {
      if (piece.id !== undefined || !/\p{L}/u.test(piece.text)) {
        // Plain text that needs no translation is quoted again as it will be written as is.
        return {
          kind: 'fixed',
          text:
            part.ctx && piece.id === undefined
              ? quoteUnit(piece.text, { ...part, following: following(k) }, plan)
              : piece.text,
        };
      }
      return part.ctx
        ? { kind: 'unit', text: piece.text, ctx: part.ctx, following: following(k) }
        : { kind: 'unit', text: piece.text, following: '' };
    });

    function following(k: number): string {
      const next = list[k + 1];
      if (!next) return part.kind === 'unit' ? part.following : '';
      return next.id !== undefined ? (plan.codes[next.id - 1]?.text ?? '') : next.text;
    }
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
