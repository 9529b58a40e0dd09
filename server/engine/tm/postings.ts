const EMPTY = new Uint32Array(0);

/**
 * One inverted list per gram id: the slots (dense segment numbers) whose key holds the gram, in
 * ascending order because slots are only ever appended. Each list is a typed array grown by half
 * again when full, so a million segments cost about 4 bytes per distinct gram occurrence.
 */
export class PostingLists {
  private lists: Uint32Array[] = [];
  private lengths = new Int32Array(1024);
  /** Total number of postings, for memory reports. */
  total = 0;

  /** The list of a gram; only the first {@link length} entries are meaningful. */
  list(gram: number): Uint32Array {
    return this.lists[gram] ?? EMPTY;
  }

  length(gram: number): number {
    return gram < this.lengths.length ? this.lengths[gram]! : 0;
  }

  append(gram: number, slot: number): void {
    while (gram >= this.lists.length) this.lists.push(EMPTY);
    if (gram >= this.lengths.length) {
      const grown = new Int32Array(Math.max(gram + 1, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
    }
    const len = this.lengths[gram]!;
    let list = this.lists[gram]!;
    if (len === list.length) {
      const grown = new Uint32Array(Math.max(4, len + (len >>> 1)));
      grown.set(list);
      list = grown;
      this.lists[gram] = list;
    }
    list[len] = slot;
    this.lengths[gram] = len + 1;
    this.total++;
  }

  /**
   * Rewrites every list through `renumber` (old slot → new slot, or -1 for a removed one) and
   * trims spare capacity. The mapping must keep the order of surviving slots.
   */
  compact(renumber: Int32Array): void {
    this.total = 0;
    for (let gram = 0; gram < this.lists.length; gram++) {
      const list = this.lists[gram]!;
      const len = this.lengths[gram]!;
      let kept = 0;
      for (let i = 0; i < len; i++) {
        const slot = renumber[list[i]!]!;
        if (slot >= 0) list[kept++] = slot;
      }
      this.lists[gram] = kept === 0 ? EMPTY : list.slice(0, kept);
      this.lengths[gram] = kept;
      this.total += kept;
    }
  }

  /** Bytes held by the lists (capacity included). */
  bytes(): number {
    let bytes = this.lengths.byteLength;
    for (const list of this.lists) bytes += list.byteLength;
    return bytes;
  }
}
