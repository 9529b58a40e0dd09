/**
 * Context for units from three places, later winning a field: what the file itself says (ARB
 * `description`, PO `#.`, XLIFF `maxwidth`…), then `.svc.yml`'s `context:`, then the
 * `*.context.yml` beside the source file (the most specific place: it names one file's keys).
 * Within one place a later rule wins. What the rules set is the repository's context of the unit:
 * each sync sends it to the platform again (RepositoryContext), where it cannot be edited.
 */
import type { ContextField, ContextFields, ContextRule } from '../config/context.ts';
import { keyMatches } from '../config/context.ts';
import { compileGlob, matchGlob } from '../config/glob.ts';
import type { Unit } from '../formats/model.ts';

/** What the rules say about one unit, and in which file each field is written. */
export interface UnitContext extends ContextFields {
  /** Field → the file it comes from (`.svc.yml`, `locales/en/common.context.yml`). */
  origins: Partial<Record<ContextField, string>>;
}

/** The rules about `sourcePath`: the config's (narrowed by `files:`) then its context file's. */
export function rulesFor(rules: readonly ContextRule[], sourcePath: string): ContextRule[] {
  const fromConfig = rules.filter(
    (r) =>
      r.sourcePath === undefined &&
      (r.files === undefined || matchGlob(compileGlob(r.files), sourcePath) !== undefined),
  );
  const fromFile = rules.filter((r) => r.sourcePath === sourcePath);
  return [...fromConfig, ...fromFile];
}

/** What `rules` (already those of the unit's file, in merge order) say about the unit with `id`. */
export function contextOf(id: string, rules: readonly ContextRule[]): UnitContext | undefined {
  let out: UnitContext | undefined;
  for (const rule of rules) {
    if (!rule.keys.some((k) => keyMatches(k, id))) continue;
    out ??= { origins: {} };
    for (const [field, value] of Object.entries(rule.fields) as [ContextField, unknown][]) {
      if (field === 'placeholders') {
        // Placeholders merge by name: a later rule says more about one, the others stay.
        out.placeholders = { ...out.placeholders, ...(value as ContextFields['placeholders']) };
      } else (out as unknown as Record<string, unknown>)[field] = value;
      out.origins[field] = rule.origin;
    }
  }
  return out;
}

/**
 * The units with the rules' fields put over the file's own: a unit a rule says nothing of is
 * returned as it is. `do_not_translate: true` makes a unit one the file leaves out (never sent
 * to translation; the target keeps what the format does with a missing unit), with the reason.
 */
export function withContext(units: readonly Unit[], rules: readonly ContextRule[]): Unit[] {
  if (rules.length === 0) return [...units];
  return units.map((unit) => {
    const context = contextOf(unit.id, rules);
    if (!context) return unit;
    // `location` named: a lazily located unit (kit/lazy-unit.ts) computes it in a getter.
    const out: Unit = { ...unit, location: unit.location };
    if (context.description !== undefined) out.description = context.description;
    if (context.maxLength !== undefined) out.maxLength = context.maxLength;
    if (context.placeholders !== undefined)
      out.placeholders = { ...unit.placeholders, ...context.placeholders };
    if (context.doNotTranslate && out.translatable) {
      out.translatable = false;
      out.leftOut = `do_not_translate (${context.origins.doNotTranslate})`;
    }
    return out;
  });
}

/** One unit's repository-owned context as the platform stores it (PUT /v2/files/context). */
export interface RepositoryUnitContext {
  id: string;
  description?: string;
  maxLength?: number;
  maxWidth?: { px: number; font: string };
  doNotTranslate?: boolean;
  placeholders?: ContextFields['placeholders'];
  /** Field → the file it is written in, for the platform's "edit it there". */
  origins: Partial<Record<ContextField, string>>;
}

/** The repository-owned context of a file's units: those a rule says something about. */
export function repositoryContext(
  units: readonly Unit[],
  rules: readonly ContextRule[],
): RepositoryUnitContext[] {
  const out: RepositoryUnitContext[] = [];
  if (rules.length === 0) return out;
  for (const unit of units) {
    const context = contextOf(unit.id, rules);
    if (context) out.push({ id: unit.id, ...context });
  }
  return out;
}
