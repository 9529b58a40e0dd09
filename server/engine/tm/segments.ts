import type { NormalizedText } from './normalize.ts';
import { encodeVars } from './tokens.ts';
import { grown } from './typed-arrays.ts';

/**
 * The stored segments, by slot: a dense number given to each segment in the order it was added.
 * Numbers live in typed arrays, strings in plain arrays; what scoring needs besides the key (the
 * variable tokens and the dropped whitespace) is kept as short strings, and a case-preserving key
 * equal to its source shares the source's string.
 */
export class SegmentSlots {
  /** Slots in use, including removed ones until the next compaction. */
  count = 0;
  live = 0;
  ids = new Float64Array(1024);
  /** Key id (see KeyTable) of each slot. */
  keyOf = new Int32Array(1024);
  alive = new Uint8Array(1024);
  sources: string[] = [];
  targets: string[] = [];
  /** Case-preserving normalised keys. */
  casedKeys: string[] = [];
  /** Variable tokens as `kind raw` joined by NUL ('' when none): see {@link encodeVars}. */
  vars: string[] = [];
  /** Tags, encoded the same way. */
  tags: string[] = [];
  /** Whitespace signatures (NormalizedText.ws). */
  spaces: string[] = [];
  private readonly bySegmentId = new Map<number, number>();

  slotOf(id: number): number | undefined {
    return this.bySegmentId.get(id);
  }

  /** Stores a segment in a new slot and returns the slot. */
  push(id: number, source: string, target: string, norm: NormalizedText, key: number): number {
    const slot = this.count++;
    if (slot === this.ids.length) this.grow();
    this.live++;
    this.ids[slot] = id;
    this.keyOf[slot] = key;
    this.alive[slot] = 1;
    this.sources.push(source);
    this.targets.push(target);
    this.casedKeys.push(norm.key === source ? source : norm.key);
    this.vars.push(encodeVars(norm.vars));
    this.tags.push(encodeVars(norm.tags));
    this.spaces.push(norm.ws);
    this.bySegmentId.set(id, slot);
    return slot;
  }

  /** Marks a slot dead and drops its strings. */
  kill(slot: number): void {
    this.bySegmentId.delete(this.ids[slot]!);
    this.alive[slot] = 0;
    this.sources[slot] =
      this.targets[slot] =
      this.casedKeys[slot] =
      this.vars[slot] =
      this.tags[slot] =
      this.spaces[slot] =
        '';
    this.live--;
  }

  /** Drops dead slots, renumbering the others in order; returns old slot → new slot (-1: dead). */
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
      this.keyOf[next] = this.keyOf[slot]!;
      this.alive[next] = 1;
      this.sources[next] = this.sources[slot]!;
      this.targets[next] = this.targets[slot]!;
      this.casedKeys[next] = this.casedKeys[slot]!;
      this.vars[next] = this.vars[slot]!;
      this.tags[next] = this.tags[slot]!;
      this.spaces[next] = this.spaces[slot]!;
      next++;
    }
    this.alive.fill(0, next, this.count);
    for (const column of [this.sources, this.targets, this.casedKeys, this.vars, this.tags, this.spaces])
      column.length = next;
    this.count = next;
    this.bySegmentId.clear();
    for (let slot = 0; slot < next; slot++) this.bySegmentId.set(this.ids[slot]!, slot);
    return renumber;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    this.ids = grown(this.ids, size);
    this.keyOf = grown(this.keyOf, size);
    this.alive = grown(this.alive, size);
  }
}
