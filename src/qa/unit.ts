/**
 * One unit under check, as every QA rule reads it: its source, its translation (the target file's
 * text for monolingual files, the unit's target otherwise) and what the format says about them.
 * Analyses several rules share (the placeholder comparison, the message syntax) are computed once
 * per unit, on first use (`shared`).
 */
import { type FormatModule, type PluralForms, placeholdersOf, type Unit } from '../formats/model.ts';
import type { PlaceholderSyntax } from '../formats/placeholders.ts';
import type { TermEntry } from './types.ts';

/** A unit's text: one string, or its plural forms. */
export type UnitText = string | PluralForms;

export interface UnitContext {
  format: FormatModule;
  sourceLang: string;
  lang: string;
  terms: readonly TermEntry[];
  /** Where a unit's length limit is written when not in the file itself (a context rule's file), by unit id. */
  limitOrigins?: ReadonlyMap<string, string> | undefined;
}

/** The forms of a text that have one (a plural's categories in file order). */
export const formsOf = (t: UnitText): string[] =>
  typeof t === 'string' ? [t] : Object.values(t).filter((v) => v !== undefined);

/** The translation a target file holds for a unit: its text in monolingual files, its target otherwise. */
export function translationOf(unit: Unit, holds: FormatModule['holds']): UnitText | undefined {
  return (holds ?? 'one') === 'one' ? (unit.sourcePlural ?? unit.source) : (unit.targetPlural ?? unit.target);
}

export class CheckedUnit {
  /** The source text (its plural forms when it has them). */
  readonly text: UnitText;
  /** The translation; undefined when the target has none. */
  readonly translation: UnitText | undefined;
  /** The placeholder syntaxes the format fills in this unit (the answer MT protection uses too). */
  readonly syntaxes: readonly PlaceholderSyntax[];
  private readonly memo = new Map<(unit: CheckedUnit) => unknown, unknown>();
  private forms: [string, string][] | undefined;

  readonly source: Unit;
  readonly target: Unit | undefined;
  readonly context: UnitContext;

  constructor(source: Unit, target: Unit | undefined, context: UnitContext) {
    this.source = source;
    this.target = target;
    this.context = context;
    this.text = source.sourcePlural ?? source.source;
    this.translation = target && translationOf(target, context.format.holds);
    this.syntaxes = placeholdersOf(context.format, source);
  }

  get format(): FormatModule {
    return this.context.format;
  }

  /** The translation, for rules after the decisive `untranslated` (which stops when there is none). */
  get translated(): UnitText {
    return this.translation ?? '';
  }

  /** Each form of the translation with the source form it translates (the source's `other` where it lacks the category). */
  get pairs(): readonly [string, string][] {
    if (this.forms) return this.forms;
    const src = this.text;
    const sourceFor = (category: string) =>
      typeof src === 'string' ? src : ((src as Record<string, string | undefined>)[category] ?? src.other);
    const trg = this.translated;
    this.forms =
      typeof trg === 'string'
        ? [[sourceFor('other'), trg]]
        : Object.entries(trg).map(([c, t]) => [sourceFor(c), t ?? '']);
    return this.forms;
  }

  /** The unit's length limit: its own, or the one the target declares. */
  get maxLength(): number | undefined {
    return this.source.maxLength ?? this.target?.maxLength;
  }

  /** An analysis several rules read, computed once for this unit. */
  shared<T>(analysis: (unit: CheckedUnit) => T): T {
    if (!this.memo.has(analysis)) this.memo.set(analysis, analysis(this));
    return this.memo.get(analysis) as T;
  }
}
