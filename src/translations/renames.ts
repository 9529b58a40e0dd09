/**
 * Renames and moves (issue 36): between the last synced state and now, a key that disappeared and
 * a key that appeared with the same source text — in the same file or in another source file of
 * the config — is one unit under a new name. Its translation moves to the new key in every
 * language, written like a delivery (so the next run knows it until the base holds it), taught to
 * the memory under the new key, and nothing is sent to translation.
 *
 * Nothing is guessed: when one source text disappeared under several keys whose translations
 * differ, or appeared under several keys, the keys are listed as ambiguous and translated as new.
 * Several keys that disappeared with the same translation are one candidate (any of them gives the
 * new key the same text).
 *
 * Where the key is the source text (a PO msgid), a small edit of the text (source-edits.ts) is a
 * new key too: a key that disappeared and one that appeared whose texts differ by a small edit
 * alone, each the only one with that normalized text, is one unit — its translation moves as for
 * a rename, and it is listed as kept after a small source edit (`on_source_change.small`).
 */
import { textHash } from '../contracts/sync-state.ts';
import type { UnitText } from '../formats/target.ts';
import type { PlannedTarget } from './plan-summary.ts';
import type { SmallEdits } from './target-plan.ts';

/** Keys that may be renames but are not taken as such: one source text under several keys. */
export interface AmbiguousRename {
  lang: string;
  /** The keys that disappeared with this text, `path` then id. */
  from: { path: string; id: string }[];
  /** The keys that appeared with it. */
  to: { path: string; id: string }[];
}

/**
 * Carries translations from vanished keys to appeared ones across `targets` (every target of a
 * run, any language), editing their plans: the new key leaves `translate` for `reapply`, is
 * taught and listed in `renamed` (or `smallEdits`, per `small`); the old key stays in `remove`.
 * Returns the ambiguous renames.
 */
export function carryRenames(
  targets: readonly PlannedTarget[],
  small: SmallEdits = 'review',
): AmbiguousRename[] {
  const ambiguous: AmbiguousRename[] = [];
  const byLang = new Map<string, PlannedTarget[]>();
  for (const t of targets) listAt(byLang, t.lang).push(t);
  for (const [lang, group] of byLang) {
    const gone = new Map<string, { target: PlannedTarget; id: string; text: UnitText }[]>();
    const came = new Map<string, { target: PlannedTarget; id: string; source: UnitText }[]>();
    for (const target of group) {
      for (const [id, v] of target.plan.vanished) listAt(gone, v.s).push({ target, id, text: v.text });
      for (const [id, a] of target.plan.appeared) listAt(came, a.s).push({ target, id, source: a.source });
    }
    for (const [s, to] of came) {
      const from = gone.get(s);
      if (!from) continue;
      const texts = new Set(from.map((f) => textHash(f.text)));
      if (texts.size > 1 || to.length > 1) {
        ambiguous.push({
          lang,
          from: from.map((f) => ({ path: f.target.path, id: f.id })),
          to: to.map((t) => ({ path: t.target.path, id: t.id })),
        });
        continue;
      }
      const [next] = to as [(typeof to)[number]];
      const [old] = from as [(typeof from)[number]];
      carry(next, old);
      next.target.plan.renamed.push({ from: old.id, fromPath: old.target.path, to: next.id });
    }
    if (small !== 'translate') carrySmallEdits(group, small === 'review');
  }
  return ambiguous;
}

/**
 * The second pass of carryRenames, for one language: keys that disappeared and appeared (and were
 * not a rename) matched by their normalized source text, one to one.
 */
function carrySmallEdits(group: readonly PlannedTarget[], check: boolean): void {
  const taken = new Set(group.flatMap((t) => t.plan.renamed.map((r) => `${r.fromPath}\u0000${r.from}`)));
  const gone = new Map<string, { target: PlannedTarget; id: string; text: UnitText }[]>();
  const came = new Map<string, { target: PlannedTarget; id: string; source: UnitText }[]>();
  for (const target of group) {
    for (const [id, v] of target.plan.vanished)
      if (v.n && !taken.has(`${target.path}\u0000${id}`))
        listAt(gone, v.n).push({ target, id, text: v.text });
    for (const [id, a] of target.plan.appeared)
      if (a.n) listAt(came, a.n).push({ target, id, source: a.source });
  }
  for (const [n, to] of came) {
    const from = gone.get(n);
    if (from?.length !== 1 || to.length !== 1) continue;
    const [next] = to as [(typeof to)[number]];
    const [old] = from as [(typeof from)[number]];
    carry(next, old, check);
    next.target.plan.smallEdits.push({ id: next.id, check, from: { path: old.target.path, id: old.id } });
  }
}

function listAt<K, V>(map: Map<K, V[]>, key: K): V[] {
  const list = map.get(key) ?? [];
  if (list.length === 0) map.set(key, list);
  return list;
}

/** One line for the run's log: which keys were not taken as a rename, and why. */
export function describeAmbiguous(a: AmbiguousRename): string {
  const keys = (list: AmbiguousRename['to']) =>
    list.map((k) => `${k.path} ${JSON.stringify(k.id)}`).join(', ');
  return `${a.lang}: not taken as a rename (one source text under several keys): ${keys(a.from)} → ${keys(a.to)}; translated as new`;
}

/**
 * The new key takes the old one's translation: written again (not sent to translation) and taught
 * under the new key.
 */
function carry(
  next: { target: PlannedTarget; id: string; source: UnitText },
  old: { text: UnitText },
  check = false,
): void {
  const plan = next.target.plan;
  plan.translate.delete(next.id);
  plan.wordless.delete(next.id);
  plan.appeared.delete(next.id);
  plan.reapply.set(next.id, old.text);
  plan.teach.push({
    id: next.id,
    source: next.source,
    target: old.text,
    ...(check ? { check: true as const } : {}),
  });
  if (check) plan.checks.add(next.id);
}
