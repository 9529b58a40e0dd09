import { BUCKETS } from './length-buckets.ts';

// Postings live in a pool of 16 MB chunks of Int32 (no huge reallocation when the index grows).
// A list is a chain of blocks [next, used, capacity, key…]; capacities double from 4 up to 1024,
// and compaction rewrites each list as one exact block. A pointer is chunk·2²² + offset.
const CHUNK_BITS = 22;
const CHUNK = 1 << CHUNK_BITS;
const OFFSET_MASK = CHUNK - 1;
const HEADER = 3;
const FIRST_CAPACITY = 4;
const MAX_CAPACITY = 1024;
const NONE = -1;

/**
 * Inverted lists keyed by (gram, length bucket): the ids of the keys that hold the gram and whose
 * length falls in the bucket, in the order they were appended (ascending ids).
 */
export class PostingLists {
  private chunks: Int32Array[] = [new Int32Array(CHUNK)];
  private top = 0;
  // Per list: first block, last block, size — side by side, so an append misses the cache once.
  private table = new Int32Array(0);
  private lists = 0;
  /** Total number of postings, for memory reports. */
  total = 0;

  /** Number of postings of a gram in a bucket. */
  size(gram: number, bucket: number): number {
    const list = gram * BUCKETS + bucket;
    return list < this.lists ? this.table[list * 3 + 2]! : 0;
  }

  append(gram: number, bucket: number, key: number): void {
    const list = gram * BUCKETS + bucket;
    if (list >= this.lists) this.growLists(list + 1);
    let block = this.table[list * 3 + 1]!;
    if (block === NONE) {
      block = this.allocate(FIRST_CAPACITY);
      this.table[list * 3] = block;
      this.table[list * 3 + 1] = block;
    } else {
      const chunk = this.chunks[block >>> CHUNK_BITS]!;
      const at = block & OFFSET_MASK;
      if (chunk[at + 1] === chunk[at + 2]) {
        const next = this.allocate(Math.min(MAX_CAPACITY, chunk[at + 2]! * 2));
        chunk[at] = next;
        this.table[list * 3 + 1] = next;
        block = next;
      }
    }
    const chunk = this.chunks[block >>> CHUNK_BITS]!;
    const at = block & OFFSET_MASK;
    const used = chunk[at + 1]!;
    chunk[at + HEADER + used] = key;
    chunk[at + 1] = used + 1;
    this.table[list * 3 + 2]!++;
    this.total++;
  }

  /**
   * Adds one to `counts[key]` for every posting of `gram` in buckets `from`..`to`, recording in
   * `touched` each key counted for the first time. Returns the new number of touched keys.
   */
  count(
    gram: number,
    from: number,
    to: number,
    counts: Uint16Array,
    touched: Int32Array,
    touchedCount: number,
  ) {
    let t = touchedCount;
    for (let bucket = from; bucket <= to; bucket++) {
      const list = gram * BUCKETS + bucket;
      if (list >= this.lists) break;
      for (let block = this.table[list * 3]!; block !== NONE; ) {
        const chunk = this.chunks[block >>> CHUNK_BITS]!;
        const at = block & OFFSET_MASK;
        const end = at + HEADER + chunk[at + 1]!;
        for (let i = at + HEADER; i < end; i++) {
          const key = chunk[i]!;
          const c = counts[key]!;
          if (c === 0) touched[t++] = key;
          counts[key] = c + 1;
        }
        block = chunk[at]!;
      }
    }
    return t;
  }

  /**
   * Rewrites every list through `renumber` (old key id → new id, or -1 for a removed one), each as
   * a single block without spare room. Within a list (one bucket) the mapping must keep the order
   * of surviving keys.
   */
  compact(renumber: Int32Array): void {
    const old = this.chunks;
    this.chunks = [new Int32Array(CHUNK)];
    this.top = 0;
    this.total = 0;
    const buffer: number[] = [];
    for (let list = 0; list < this.lists; list++) {
      if (this.table[list * 3 + 2] === 0) continue;
      buffer.length = 0;
      for (let block = this.table[list * 3]!; block !== NONE; ) {
        const chunk = old[block >>> CHUNK_BITS]!;
        const at = block & OFFSET_MASK;
        const end = at + HEADER + chunk[at + 1]!;
        for (let i = at + HEADER; i < end; i++) {
          const key = renumber[chunk[i]!]!;
          if (key >= 0) buffer.push(key);
        }
        block = chunk[at]!;
      }
      this.table[list * 3] = NONE;
      this.table[list * 3 + 1] = NONE;
      this.table[list * 3 + 2] = buffer.length;
      this.total += buffer.length;
      for (let from = 0; from < buffer.length; from += CHUNK - HEADER) {
        const count = Math.min(buffer.length - from, CHUNK - HEADER);
        const block = this.allocate(count);
        const chunk = this.chunks[block >>> CHUNK_BITS]!;
        const at = block & OFFSET_MASK;
        for (let i = 0; i < count; i++) chunk[at + HEADER + i] = buffer[from + i]!;
        chunk[at + 1] = count;
        if (this.table[list * 3 + 1] === NONE) this.table[list * 3] = block;
        else this.linkAfter(this.table[list * 3 + 1]!, block);
        this.table[list * 3 + 1] = block;
      }
    }
  }

  /** Bytes held by the pool and the list tables. */
  bytes(): number {
    return this.chunks.length * CHUNK * 4 + this.table.byteLength;
  }

  private linkAfter(block: number, next: number): void {
    this.chunks[block >>> CHUNK_BITS]![block & OFFSET_MASK] = next;
  }

  private allocate(capacity: number): number {
    if (this.top + HEADER + capacity > CHUNK) {
      this.chunks.push(new Int32Array(CHUNK));
      this.top = 0;
    }
    const chunkIndex = this.chunks.length - 1;
    const chunk = this.chunks[chunkIndex]!;
    const at = this.top;
    chunk[at] = NONE;
    chunk[at + 1] = 0;
    chunk[at + 2] = capacity;
    this.top += HEADER + capacity;
    return chunkIndex * CHUNK + at;
  }

  private growLists(needed: number): void {
    const lists = Math.max(needed, this.lists * 2, BUCKETS * 1024);
    const table = new Int32Array(lists * 3);
    table.set(this.table);
    for (let list = this.lists; list < lists; list++) {
      table[list * 3] = NONE;
      table[list * 3 + 1] = NONE;
    }
    this.table = table;
    this.lists = lists;
  }
}
