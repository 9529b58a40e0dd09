/**
 * Which languages a locale list gains and loses, apart from how its file is written: the source
 * and every shipped target are listed, a held-back one is never added and leaves only when the
 * entry says `remove_held_back`, and anything else the list holds is the project's business.
 */
import type { LocaleListKind } from '../config/locale-lists.ts';
import type { SvcConfig } from '../config/schema.ts';

/** The languages a release ships, from the ship gate, and the config they come from. */
export interface ShipState {
  /** The source language: always listed. */
  source: string;
  /** Targets that ship: listed. */
  shipped: readonly string[];
  /** Targets held back: never added; removed only with `remove_held_back`. */
  held: readonly string[];
  /** The configured targets, in config order: the order new languages are appended in. */
  targets: readonly string[];
  /** `languages_mapping` from the config: how the project spells a language in its files. */
  mapping: SvcConfig['languagesMapping'];
}

export interface ListPlan {
  /** Codes to append, spelled as the list spells them. */
  added: string[];
  /** Indexes of the list's values to remove. */
  removed: Set<number>;
}

/** Codes compared without regard to case, `_`/`-` or surrounding spaces (`<string> en </string>`). */
const comparable = (code: string) => code.trim().toLowerCase().replaceAll('_', '-');

/**
 * How a list spells a language. Android's file takes BCP 47 tags whatever the project's mapping
 * (the mapping serves paths: `%android_code%` is a qualifier like `b+zh+Hans`). Elsewhere the
 * project's `%locale%` or `%lang%` mapping is its spelling; unmapped codes follow the list, with
 * `_` when the codes it holds use `_` and none uses `-` (`pt_BR` beside `en_US`).
 */
function spellingOf(
  lang: string,
  kind: LocaleListKind,
  mapping: ShipState['mapping'],
  values: readonly (string | undefined)[],
): string {
  if (kind === 'android') return lang;
  const mapped = mapping.locale?.[lang] ?? mapping.lang?.[lang];
  if (mapped !== undefined) return mapped;
  const codes = values.filter((v) => v !== undefined);
  const underscores = codes.some((v) => v.includes('_')) && !codes.some((v) => v.includes('-'));
  return underscores ? (mapping.lang_underscore?.[lang] ?? lang.replaceAll('-', '_')) : lang;
}

/** What to add to and remove from a list holding `values` (undefined: an item that is no code). */
export function planList(
  values: readonly (string | undefined)[],
  kind: LocaleListKind,
  state: ShipState,
  removeHeldBack: boolean,
): ListPlan {
  const spell = (lang: string) => spellingOf(lang, kind, state.mapping, values);
  const held = new Set(state.held);
  const holds = (value: string | undefined, lang: string) =>
    value !== undefined &&
    (comparable(value) === comparable(lang) || comparable(value) === comparable(spell(lang)));
  const shipped = new Set(state.shipped);
  const wanted = [state.source, ...state.targets.filter((t) => shipped.has(t) && !held.has(t))];
  const added = wanted.filter((lang) => !values.some((v) => holds(v, lang))).map(spell);
  const removed = new Set<number>();
  if (removeHeldBack) {
    values.forEach((value, i) => {
      for (const lang of held) if (lang !== state.source && holds(value, lang)) removed.add(i);
    });
  }
  return { added, removed };
}
