import { keyOfNotes } from '../../../src/contracts/tmx-key.ts';

/**
 * Translation pairs seen so far, for an import with skip_duplicates: a pair is held when a pair
 * with the same source and target is, and — when it carries a repository key (`x-key`, see
 * src/contracts/tmx-key.ts) — with the same key too. So teaching the same repository twice adds
 * nothing, while the same words taught for another key still add that key's pair.
 */
export class PairsSeen {
  private readonly pairs = new Set<string>();
  private readonly keyed = new Set<string>();

  add(sourceHash: string, target: string, notes: string | null | undefined): void {
    const pair = `${sourceHash}\u0000${target}`;
    this.pairs.add(pair);
    const key = keyOfNotes(notes);
    if (key !== undefined) this.keyed.add(`${pair}\u0000${key}`);
  }

  holds(sourceHash: string, target: string, notes: string | null | undefined): boolean {
    const pair = `${sourceHash}\u0000${target}`;
    const key = keyOfNotes(notes);
    return key === undefined ? this.pairs.has(pair) : this.keyed.has(`${pair}\u0000${key}`);
  }
}
