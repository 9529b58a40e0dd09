/** Duplicate keys in a JSON object, found by the tokenizer as each object closes. */
import { ESCAPED } from './doc.ts';

function keyOf(text: string, ev: Int32Array, k: number): string {
  const raw = text.slice(ev[k * 4 + 1]!, ev[k * 4 + 2]!);
  return (ev[k * 4]! & ESCAPED) !== 0 ? (JSON.parse(raw) as string) : raw.slice(1, -1);
}

/** Whether the `length` characters at `a` and at `b` are the same (compared from the end, where keys differ most). */
function sameChars(text: string, a: number, b: number, length: number): boolean {
  for (let k = length - 2; k > 0; k--) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/**
 * Records each member of the object just closed (`members` of them) whose key an earlier member
 * of the same object has, as the text indexes of its key and of the first such key.
 */
export function checkDuplicates(
  text: string,
  ev: Int32Array,
  object: number,
  members: number,
  found: number[],
): void {
  const stop = ev[object * 4 + 3]!;
  let escaped = false;
  for (let k = object + 1; k < stop && !escaped; k = ev[(k + 1) * 4 + 3]!)
    escaped = (ev[k * 4]! & ESCAPED) !== 0;
  if (members <= 16 && !escaped) {
    // Pairwise on the raw text, lengths first: cheaper than hashing for the small objects most files are made of.
    for (let a = object + 1; a < stop; a = ev[(a + 1) * 4 + 3]!) {
      const sa = ev[a * 4 + 1]!;
      const la = ev[a * 4 + 2]! - sa;
      for (let b = object + 1; b < a; b = ev[(b + 1) * 4 + 3]!) {
        const sb = ev[b * 4 + 1]!;
        if (ev[b * 4 + 2]! - sb !== la) continue;
        if (sameChars(text, sa, sb, la)) {
          found.push(sa, sb);
          break;
        }
      }
    }
    return;
  }
  const seen = new Map<string, number>();
  for (let k = object + 1; k < stop; k = ev[(k + 1) * 4 + 3]!) {
    const key = keyOf(text, ev, k);
    const first = seen.get(key);
    if (first !== undefined) found.push(ev[k * 4 + 1]!, first);
    else seen.set(key, ev[k * 4 + 1]!);
  }
}
