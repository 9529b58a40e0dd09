/**
 * The last file a format read, kept for the render that usually follows a parse of the same bytes
 * (the service parses a file, translates its units, then renders them into it, often for several
 * languages): render then skips decoding and tokenizing. Parse always reads afresh and stores.
 * The slot is keyed by content — a copy of the bytes compared with memcmp — so bytes changed in
 * place after the parse are read again. It holds one file, and only until the current synchronous
 * job ends (a microtask empties it), so an idle process does not hold on to a large file.
 *
 * A WeakRef would free it later, but V8 keeps every WeakRef target created during a job alive
 * until the job ends: a loop parsing many files in one job kept all of them (17 MB of heap per
 * parse of a 5 MB file), and the garbage collector marked them all again and again.
 */
import { checkSize } from '../file-text.ts';

function view(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

interface Entry<T> {
  bytes: Uint8Array;
  value: T;
}

export class LastRead<T extends object> {
  private last: Entry<T> | undefined;
  /** Whether a microtask to empty the slot is queued (one per job: each would hold what it captures). */
  private emptying = false;

  /** The value stored for bytes equal to `bytes`, if it is still held. */
  get(bytes: Uint8Array): T | undefined {
    const last = this.last;
    if (!last || last.bytes.byteLength !== bytes.byteLength || !view(last.bytes).equals(view(bytes)))
      return undefined;
    return last.value;
  }

  /**
   * What `build` reads from `bytes`, remembered for a render that follows. With `again` (render),
   * a value a parse of equal bytes read is taken instead while it is held; the size limit is
   * checked first, as a fresh read would.
   */
  read(
    bytes: Uint8Array,
    options: { fileName?: string | undefined; maxBytes?: number | undefined },
    again: boolean,
    build: () => T,
  ): T {
    if (again) {
      checkSize(bytes, options);
      const known = this.get(bytes);
      if (known) return known;
    }
    const value = build();
    this.set(bytes, value);
    return value;
  }

  /** Remembers `value` as what `bytes` (copied) read into, until the current job ends. */
  set(bytes: Uint8Array, value: T): void {
    // slice() copies into a fresh array: several times cheaper than Buffer.from for large files.
    this.last = { bytes: bytes.slice(), value };
    if (this.emptying) return;
    this.emptying = true;
    queueMicrotask(() => {
      this.emptying = false;
      this.last = undefined;
    });
  }
}
