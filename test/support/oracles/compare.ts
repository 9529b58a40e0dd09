/**
 * Comparing the units our reader sees with the ones an oracle sees (issue 34, build items 2 and 3):
 * both sides are `id → text` maps, and every difference is named, so a test can show it and the
 * corpus can count it.
 */

/** One id whose text differs, or that only one side has. */
export interface UnitMismatch {
  id: string;
  /** What we read (undefined: we have no such unit). */
  ours: string | undefined;
  /** What the oracle read (undefined: it has no such unit). */
  theirs: string | undefined;
}

/** Every id one side lacks or whose texts differ, in our order then the oracle's. */
export function unitMismatches(
  ours: ReadonlyMap<string, string>,
  theirs: ReadonlyMap<string, string>,
): UnitMismatch[] {
  const out: UnitMismatch[] = [];
  for (const [id, text] of ours)
    if (theirs.get(id) !== text) out.push({ id, ours: text, theirs: theirs.get(id) });
  for (const [id, text] of theirs) if (!ours.has(id)) out.push({ id, ours: undefined, theirs: text });
  return out;
}

/** A mismatch in one line (for test messages and corpus reports). */
export function describeMismatch(m: UnitMismatch, oracle: string): string {
  const show = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}…` : s);
  if (m.ours === undefined) return `${oracle} reads ${show(m.theirs!)}; we do not`;
  if (m.theirs === undefined) return `we read ${show(m.ours)}; ${oracle} does not`;
  return `we read ${show(m.ours)}, ${oracle} reads ${show(m.theirs)}`;
}
