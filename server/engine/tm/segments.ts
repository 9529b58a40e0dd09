import { keyHash, lowerSameLength } from './normalize.ts';

/**
 * The stored segments, by slot: a dense number given to each segment in the order it was added.
 * Numbers live in typed arrays; strings in plain arrays. A key that equals its source (no
 * numbers, placeholders, tags or odd whitespace) shares the source's string instead of a copy.
 */
export class SegmentSlots {
  /** Slots in use, including removed ones until the next compaction. */
  count = 0;
  /** Slots holding a live segment. */
  live = 0;
  ids = new Float64Array(1024);
  /** Length of each key (the same lower-cased or not). */
  lengths = new Uint32Array(1024);
  alive = new Uint8Array(1024);
  sources: string[] = [];
  targets: string[] = [];
  /** Case-preserving normalised keys. */
  keys: string[] = [];
  /** Longest key ever stored; bounds the length filter when the minimum score is very low. */
  maxLength = 0;
  private readonly bySegmentId = new Map<number, number>();
  /** Exact-match lookup: hash of the lower-cased key → slot or slots. */
  private readonly byKeyHash = new Map<number, number | number[]>();

  slotOf(id: number): number | undefined {
    return this.bySegmentId.get(id);
  }

  /** Stores a segment in a new slot and returns the slot. */
  push(id: number, source: string, target: string, key: string): number {
    const slot = this.count;
    if (slot === this.ids.length) this.grow();
    this.count++;
    this.live++;
    this.ids[slot] = id;
    this.lengths[slot] = key.length;
    this.alive[slot] = 1;
    this.sources.push(source);
    this.targets.push(target);
    this.keys.push(key === source ? source : key);
    if (key.length > this.maxLength) this.maxLength = key.length;
    this.index(slot);
    return slot;
  }

  private index(slot: number): void {
    this.bySegmentId.set(this.ids[slot]!, slot);
    const hash = keyHash(lowerSameLength(this.keys[slot]!));
    const same = this.byKeyHash.get(hash);
    if (same === undefined) this.byKeyHash.set(hash, slot);
    else if (typeof same === 'number') this.byKeyHash.set(hash, [same, slot]);
    else same.push(slot);
  }

  /** Marks a segment's slot dead and drops its strings; its postings stay until compaction. */
  kill(slot: number): void {
    const id = this.ids[slot]!;
    this.bySegmentId.delete(id);
    const hash = keyHash(lowerSameLength(this.keys[slot]!));
    const same = this.byKeyHash.get(hash);
    if (same === slot) this.byKeyHash.delete(hash);
    else if (Array.isArray(same)) {
      const rest = same.filter((s) => s !== slot);
      this.byKeyHash.set(hash, rest.length === 1 ? rest[0]! : rest);
    }
    this.alive[slot] = 0;
    this.sources[slot] = '';
    this.targets[slot] = '';
    this.keys[slot] = '';
    this.live--;
  }

  /** Live slots whose lower-cased key equals `lowerKey`. */
  exact(lowerKey: string): number[] {
    const same = this.byKeyHash.get(keyHash(lowerKey));
    if (same === undefined) return [];
    const slots = typeof same === 'number' ? [same] : same;
    return slots.filter((slot) => lowerSameLength(this.keys[slot]!) === lowerKey);
  }

  /**
   * Drops dead slots, renumbering the survivors in order; returns old slot → new slot (-1 for
   * dead) so that the posting lists can follow.
   */
  compact(): Int32Array {
    const renumber = new Int32Array(this.count);
    let next = 0;
    for (let slot = 0; slot < this.count; slot++) {
      if (!this.alive[slot]) {
        renumber[slot] = -1;
        continue;
      }
      renumber[slot] = next;
      this.ids[next] = this.ids[slot]!;
      this.lengths[next] = this.lengths[slot]!;
      this.alive[next] = 1;
      this.sources[next] = this.sources[slot]!;
      this.targets[next] = this.targets[slot]!;
      this.keys[next] = this.keys[slot]!;
      next++;
    }
    this.alive.fill(0, next, this.count);
    this.sources.length = this.targets.length = this.keys.length = next;
    this.count = next;
    this.bySegmentId.clear();
    this.byKeyHash.clear();
    for (let slot = 0; slot < next; slot++) this.index(slot);
    return renumber;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const ids = new Float64Array(size);
    ids.set(this.ids);
    this.ids = ids;
    const lengths = new Uint32Array(size);
    lengths.set(this.lengths);
    this.lengths = lengths;
    const alive = new Uint8Array(size);
    alive.set(this.alive);
    this.alive = alive;
  }
}
