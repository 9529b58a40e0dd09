/** A verified candidate, kept until the search ends. */
export interface Ranked {
  score: number;
  id: number;
  slot: number;
}

/** Best first: higher score, then the newer (higher) segment id, so ties are deterministic. */
export function ranksBefore(a: { score: number; id: number }, b: { score: number; id: number }): boolean {
  return a.score > b.score || (a.score === b.score && a.id > b.id);
}

/** The best `n` candidates seen so far, best first (n is small: insertion into a sorted array). */
export class TopMatches {
  readonly items: Ranked[] = [];
  private readonly n: number;

  constructor(n: number) {
    this.n = n;
  }

  get full(): boolean {
    return this.items.length >= this.n;
  }

  /** Score of the last kept item; a newcomer needs at least this (and a higher id on a tie). */
  get worstScore(): number {
    return this.items.at(-1)?.score ?? 0;
  }

  offer(item: Ranked): void {
    const items = this.items;
    if (this.full && !ranksBefore(item, items.at(-1)!)) return;
    let i = items.length;
    while (i > 0 && ranksBefore(item, items[i - 1]!)) i--;
    items.splice(i, 0, item);
    if (items.length > this.n) items.pop();
  }
}
