import { gramCodes } from './grams.ts';
import { bucketOf } from './length-buckets.ts';
import { lowerSameLength, normalizeText } from './normalize.ts';

/*
 * What writes add to the TM's posting lists on PostgreSQL: server/store/memories/postings.ts
 * stores them in the layout of posting-chunks.ts.
 */

/** The new postings of one list. */
export interface ListAppend {
  /** The gram's code (`gramCodes`): three UTF-16 units, below 2⁴⁸. */
  gram: number;
  bucket: number;
  ids: number[];
}

/** The normalised key a segment is indexed and scored by, as the in-process index has it. */
export function indexKey(source: string): string {
  return lowerSameLength(normalizeText(source).key);
}

/**
 * Collects the postings of segments as they are written, one per distinct gram of each source's
 * key, grouped by list; `take` hands the lists over and starts afresh.
 */
export class PostingCollector {
  private lists = new Map<number, Map<number, number[]>>();
  private codes: Float64Array = new Float64Array(256);
  /** Postings collected since the last `take`. */
  size = 0;

  add(id: number, source: string): void {
    if (!Number.isSafeInteger(id) || id < 1 || id >= 2 ** 31) {
      throw new TypeError(`[tm] a segment id must be a positive 32-bit integer, got ${id}`);
    }
    const key = indexKey(source);
    this.codes = gramCodes(key, this.codes);
    const bucket = bucketOf(key.length);
    const seen = new Set<number>();
    for (let i = 0; i < key.length + 2; i++) {
      const code = this.codes[i]!;
      if (seen.has(code)) continue;
      seen.add(code);
      let buckets = this.lists.get(code);
      if (!buckets) {
        buckets = new Map();
        this.lists.set(code, buckets);
      }
      const ids = buckets.get(bucket);
      if (ids) ids.push(id);
      else buckets.set(bucket, [id]);
      this.size++;
    }
  }

  /** The collected lists, in (gram, bucket) order, so concurrent writers lock rows alike. */
  take(): ListAppend[] {
    const lists: ListAppend[] = [];
    for (const [gram, buckets] of this.lists) {
      for (const [bucket, ids] of buckets) lists.push({ gram, bucket, ids });
    }
    this.lists = new Map();
    this.size = 0;
    return lists.sort((a, b) => a.gram - b.gram || a.bucket - b.bucket);
  }
}
