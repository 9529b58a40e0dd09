/**
 * The project's `ship:` policy, resolved: the gate of one language over one group of source files.
 * Files are grouped by the first `files:` pattern of the policy their source path matches (a
 * group of its own per pattern, the rest together), and a gate is the global one, overridden by
 * the group's and then by the language's.
 */
import { compileGlob, type Glob, matchGlob } from '../config/glob.ts';
import type { Gate } from './gate.ts';

export interface ShipPolicy {
  gate: Gate;
  /** Per-language overrides, by target language as the config lists it. */
  languages: Record<string, Gate>;
  /** Per-file-pattern overrides (source paths), first match wins. */
  files: { pattern: string; gate: Gate }[];
}

/** The group of files a source path is gated in: the first matching pattern, or '' for the rest. */
export type Group = string;

const globs = new WeakMap<ShipPolicy, Glob[]>();

/** The group `sourcePath` belongs to under `policy`. */
export function groupOf(policy: ShipPolicy, sourcePath: string): Group {
  let compiled = globs.get(policy);
  if (!compiled) {
    compiled = policy.files.map((f) => compileGlob(f.pattern));
    globs.set(policy, compiled);
  }
  const i = compiled.findIndex((g) => matchGlob(g, sourcePath) !== undefined);
  return i < 0 ? '' : policy.files[i]!.pattern;
}

const defined = (gate: Gate): Gate =>
  Object.fromEntries(Object.entries(gate).filter(([, v]) => v !== undefined)) as Gate;

/** The gate of `lang` over the files of `group`: global, then the group's, then the language's. */
export function gateOf(policy: ShipPolicy, lang: string, group: Group): Gate {
  const files = group === '' ? {} : (policy.files.find((f) => f.pattern === group)?.gate ?? {});
  return { ...defined(policy.gate), ...defined(files), ...defined(policy.languages[lang] ?? {}) };
}

/** Every gate the policy sets: the global one, each language's and each group's. */
const allGates = (policy: ShipPolicy): Gate[] => [
  policy.gate,
  ...Object.values(policy.languages),
  ...policy.files.map((f) => f.gate),
];

/** Whether the policy gates anything (no `ship:` in the config: every language ships). */
export const gates = (policy: ShipPolicy | undefined): policy is ShipPolicy =>
  policy !== undefined &&
  allGates(policy).some(
    (g) => g.minTranslated !== undefined || g.minReviewed !== undefined || g.qa !== undefined,
  );

/** Whether some gate asks for QA errors (then the targets' QA is run before deciding). */
export const asksQa = (policy: ShipPolicy): boolean => allGates(policy).some((g) => g.qa === 'errors');
