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
