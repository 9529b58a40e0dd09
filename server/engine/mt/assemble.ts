/**
 * Putting a segment's target together from its parts and the provider's translations, checking
 * that every code came back, and the fallback plan used when one did not (see pipeline.ts).
 */
import { restore } from '../../../src/formats/placeholders.ts';
import { placeholderIssues } from '../../../src/qa/placeholders.ts';
import { quoteIcu } from './icu-text.ts';
import type { Part, Plan } from './plan.ts';
import { pieces, tokenIds } from './tokens.ts';
import type { MtOutput } from './types.ts';

export interface Built {
  /** The target in protected form, without the prefix. */
  protectedTarget: string;
  modelScore: number | null;
}

/** The protected target of a plan, or undefined when its codes did not survive. */
export function assemble(plan: Plan, translated: Map<string, MtOutput>): Built | undefined {
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
  // QA's rule set: a placeholder missing, or written as another, is one the output lost.
  const issues = placeholderIssues([plan.source], [targetWithTags], {
    syntaxes: plan.checked,
    icuQuoting: plan.icu,
  });
  if (issues.some((i) => i.rule === 'placeholder-missing' || i.rule === 'placeholder-renamed'))
    return undefined;
  const modelScore = scored && weight > 0 ? Math.min(1, Math.max(0, weighted / weight)) : null;
  return { protectedTarget, modelScore };
}

/**
 * Every expected code exactly as often, and in source order where order is meaning: unnumbered
 * printf conversions (consumed in order) and ICU branch syntax (sent as codes without ICU data).
 */
function codesKept(plan: Plan, ids: number[]): boolean {
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
  if (sorted(ids) !== sorted(plan.expected)) return false;
  const ordered = (list: number[]) =>
    list
      .filter((id) => {
        const code = plan.codes[id - 1];
        return (
          code?.kind === 'icu-plural' ||
          code?.kind === 'icu-branch' ||
          (code?.kind === 'printf' && code.name === undefined)
        );
      })
      .join(',');
  return ordered(ids) === ordered(plan.expected);
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
export function byRuns(plan: Plan): Part[] {
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
