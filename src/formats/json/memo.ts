/**
 * The last file a format read, kept for the render that usually follows a parse of the same bytes
 * (the service parses a file, translates its units, then renders them into it, often for several
 * languages): render then skips decoding and tokenizing. Parse always reads afresh and stores.
 * The slot is keyed by content — a copy of the bytes compared with memcmp — so bytes changed in
 * place after the parse are read again. It is held through a WeakRef: V8 keeps it alive until the
 * current synchronous job ends and lets the garbage collector take it after that, so an idle
 * process does not hold on to a large file.
 */

function view(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export class LastRead<T extends object> {
  private last: WeakRef<{ bytes: Uint8Array; value: T }> | undefined;

  /** The value stored for bytes equal to `bytes`, if it is still held. */
  get(bytes: Uint8Array): T | undefined {
    const last = this.last?.deref();
    if (!last || last.bytes.byteLength !== bytes.byteLength || !view(last.bytes).equals(view(bytes)))
      return undefined;
    return last.value;
  }

  /** Remembers `value` as what `bytes` (copied) read into. */
  set(bytes: Uint8Array, value: T): void {
    // slice() copies into a fresh array: several times cheaper than Buffer.from for large files.
    this.last = new WeakRef({ bytes: bytes.slice(), value });
  }
}
