/**
 * Key lengths grouped into buckets that grow by 12.5 % (single lengths below 8), so the length
 * filter of a query — lengths within about ±25–33 % of its own — reads only a handful of buckets'
 * posting lists instead of every segment holding a gram.
 */

const LIMIT = 1 << 16;
const bucketOfLength = new Uint8Array(LIMIT + 1);
const starts: number[] = [];
{
  let start = 0;
  while (start <= LIMIT) {
    starts.push(start);
    start = start < 8 ? start + 1 : Math.ceil(start * 1.125);
  }
  let bucket = 0;
  for (let length = 0; length <= LIMIT; length++) {
    if (bucket + 1 < starts.length && length >= starts[bucket + 1]!) bucket++;
    bucketOfLength[length] = bucket;
  }
}

/** Number of buckets; lengths beyond 65536 share the last one. */
export const BUCKETS = starts.length;

export function bucketOf(length: number): number {
  return bucketOfLength[Math.min(length, LIMIT)]!;
}

/** Shortest length in a bucket. */
export function bucketStart(bucket: number): number {
  return starts[bucket]!;
}

/** Longest length in a bucket. */
export function bucketEnd(bucket: number): number {
  return bucket + 1 < starts.length ? starts[bucket + 1]! - 1 : Number.MAX_SAFE_INTEGER;
}
