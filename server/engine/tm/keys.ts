import { BUCKETS, bucketOf } from './length-buckets.ts';
import { keyHash } from './normalize.ts';

const NONE = -1;

/**
 * The distinct lower-cased keys of a memory. The trigram index posts keys, not segments: a TM
 * holds many segments with one key (the same sentence translated twice, or "Delete 3 files" and
 * "Delete 5 files"), whose edit distance to a query is one computation. Each key keeps the list
 * of its segments' slots, newest first, and is found by hash for exact matches.
 */
export class KeyTable {
  /** Keys in use, including dead ones (no live segment) until the next compaction. */
  count = 0;
  live = 0;
  texts: string[] = [];
  lengths = new Uint32Array(1024);
  /** Live segments per key. */
  members = new Int32Array(1024);
  /** First (newest) slot of each key; the rest follow through {@link nextSlot}. */
  firstSlot = new Int32Array(1024).fill(NONE);
  /** Next slot with the same key, by slot. */
  nextSlot = new Int32Array(1024).fill(NONE);
  /** Longest key ever stored; bounds the length filter when the minimum score is very low. */
  maxLength = 0;
  private readonly byHash = new Map<number, number | number[]>();

  /** The key's id, or -1. */
  find(text: string): number {
    const same = this.byHash.get(keyHash(text));
    if (same === undefined) return NONE;
    if (typeof same === 'number') return this.texts[same] === text ? same : NONE;
    return same.find((key) => this.texts[key] === text) ?? NONE;
  }

  /** Adds a new key (the caller has checked it is new) and returns its id. */
  add(text: string): number {
    const key = this.count++;
    if (key === this.lengths.length) this.growKeys();
    this.texts.push(text);
    this.lengths[key] = text.length;
    this.members[key] = 0;
    this.firstSlot[key] = NONE;
    if (text.length > this.maxLength) this.maxLength = text.length;
    this.remember(key);
    return key;
  }

  /** Links a slot as the newest segment of a key. */
  link(key: number, slot: number): void {
    if (slot >= this.nextSlot.length) this.nextSlot = grow(this.nextSlot, slot + 1, NONE);
    this.nextSlot[slot] = this.firstSlot[key]!;
    this.firstSlot[key] = slot;
    if (this.members[key]!++ === 0) this.live++;
  }

  /** Unlinks a slot; returns true when its key has no segment left. */
  unlink(key: number, slot: number): boolean {
    let previous = NONE;
    for (let s = this.firstSlot[key]!; s !== NONE; s = this.nextSlot[s]!) {
      if (s !== slot) {
        previous = s;
        continue;
      }
      if (previous === NONE) this.firstSlot[key] = this.nextSlot[s]!;
      else this.nextSlot[previous] = this.nextSlot[s]!;
      break;
    }
    if (--this.members[key]! > 0) return false;
    this.live--;
    this.forget(key);
    return true;
  }

  /**
   * Drops keys without segments and renumbers the rest grouped by length bucket (in their old
   * order within a bucket), so that the keys a query counts — those of a few neighbouring buckets
   * — have neighbouring ids and their counters share cache lines. Returns old id → new id (-1 for
   * a dropped key). Member lists are emptied: the caller relinks the surviving slots.
   */
  compact(): Int32Array {
    const renumber = new Int32Array(this.count).fill(NONE);
    const firstOfBucket = new Int32Array(BUCKETS + 1);
    for (let key = 0; key < this.count; key++) {
      if (this.members[key]! > 0) firstOfBucket[bucketOf(this.lengths[key]!) + 1]!++;
    }
    for (let b = 0; b < BUCKETS; b++) firstOfBucket[b + 1]! += firstOfBucket[b]!;
    const texts: string[] = new Array(firstOfBucket[BUCKETS]!);
    const lengths = new Uint32Array(this.lengths.length);
    for (let key = 0; key < this.count; key++) {
      if (this.members[key] === 0) continue;
      const next = firstOfBucket[bucketOf(this.lengths[key]!)]!++;
      renumber[key] = next;
      texts[next] = this.texts[key]!;
      lengths[next] = this.lengths[key]!;
    }
    this.texts = texts;
    this.lengths = lengths;
    this.count = texts.length;
    this.live = 0;
    this.members.fill(0);
    this.firstSlot.fill(NONE);
    this.nextSlot.fill(NONE);
    this.byHash.clear();
    for (let key = 0; key < this.count; key++) this.remember(key);
    return renumber;
  }

  private remember(key: number): void {
    const hash = keyHash(this.texts[key]!);
    const same = this.byHash.get(hash);
    if (same === undefined) this.byHash.set(hash, key);
    else if (typeof same === 'number') this.byHash.set(hash, [same, key]);
    else same.push(key);
  }

  private forget(key: number): void {
    const hash = keyHash(this.texts[key]!);
    const same = this.byHash.get(hash);
    if (same === key) this.byHash.delete(hash);
    else if (Array.isArray(same)) {
      const rest = same.filter((k) => k !== key);
      this.byHash.set(hash, rest.length === 1 ? rest[0]! : rest);
    }
  }

  private growKeys(): void {
    const size = this.lengths.length * 2;
    const lengths = new Uint32Array(size);
    lengths.set(this.lengths);
    this.lengths = lengths;
    this.members = grow(this.members, size, 0);
    this.firstSlot = grow(this.firstSlot, size, NONE);
  }
}

function grow(array: Int32Array, atLeast: number, fill: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(atLeast, array.length * 2)).fill(fill);
  grown.set(array);
  return grown;
}
