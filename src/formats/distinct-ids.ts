/**
 * Unit ids for files whose own ids repeat. Real files do this and their tools accept it (an
 * XLIFF 2.0 unit id used twice in one `<file>`, a `<unit>` Angular wrote without an id), so the
 * reader gives each such unit a distinct id of its own instead of refusing the file, and merge can
 * still address every one of them.
 */
export class DistinctIds {
  private readonly used = new Set<string>();

  /**
   * `id` when no unit has it yet, else `id~2`, `id~3`, … (the first one free): the n-th unit
   * that writes the id gets `~n`, so ids stay the same from one read of the file to the next.
   */
  take(id: string): string {
    let candidate = id;
    for (let n = 2; this.used.has(candidate); n++) candidate = `${id}~${n}`;
    this.used.add(candidate);
    return candidate;
  }

  has(id: string): boolean {
    return this.used.has(id);
  }
}

/**
 * Ids for key-value files whose keys repeat, read the way their runtimes read them: the last
 * occurrence of a key is the value the app shows (Psych, CFPropertyList, java.util.Properties keep the last),
 * so it keeps the plain id, and each earlier one becomes `id~1`, `id~2`, … in file order: every
 * copy stays addressable, so a merge writes each back. Returns the new id of each position.
 */
export function lastWins(ids: readonly string[]): readonly string[] {
  const count = new Map<string, number>();
  for (const id of ids) count.set(id, (count.get(id) ?? 0) + 1);
  if (count.size === ids.length) return ids;
  const taken = new Set(ids);
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n === count.get(id)) return id;
    let candidate = `${id}~${n}`;
    for (let k = 1; taken.has(candidate); k++) candidate = `${id}~${n}.${k}`;
    taken.add(candidate);
    return candidate;
  });
}

/**
 * The warning for a key repeated in one map (JSON object, ARB, YAML mapping), read the way the
 * runtime reads it: only the last copy is the value, the unit; the earlier ones are never read.
 * `lines` are the 1-based lines of every copy, in file order; `reader` names the runtime's reader.
 */
export function repeatedKeyMessage(key: string, lines: readonly number[], reader: string): string {
  const named = `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
  const earlier = lines.length > 2 ? 'copies are' : 'copy is';
  return `duplicate key ${JSON.stringify(key)} on lines ${named}: ${reader} keeps the last one, so the earlier ${earlier} never read`;
}
