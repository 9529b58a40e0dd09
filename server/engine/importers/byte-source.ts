import { ImportError } from './import-error.ts';

/**
 * Passes the chunks through and refuses the file as soon as it grows past `maxBytes`, so an
 * oversized upload is rejected while streaming, before it is parsed to the end.
 */
export async function* limitBytes(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number | undefined,
  name: string,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (maxBytes !== undefined && total > maxBytes) {
      throw new ImportError(`${name} is larger than the import limit of ${formatBytes(maxBytes)}`);
    }
    if (chunk.byteLength > 0) yield chunk;
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB (${bytes} bytes)`;
  return `${bytes} bytes`;
}

/**
 * Reads the first `size` bytes (fewer when the file is shorter) for format detection and gives
 * back the whole stream, head included, without reading anything twice.
 */
export async function peekHead(
  chunks: AsyncIterable<Uint8Array>,
  size: number,
): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array>; release: () => Promise<void> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const buffered: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    buffered.push(next.value);
    length += next.value.byteLength;
  }
  const head = concat(buffered, Math.min(size, length));
  async function* stream(): AsyncGenerator<Uint8Array> {
    try {
      yield* buffered.splice(0);
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      done = true;
    } finally {
      // The consumer stopped early (an error further on): let the source release what it holds.
      if (!done) await iterator.return?.();
    }
  }
  /** Lets the source go when the stream will not be read (the head was refused). */
  const release = async () => {
    if (!done) {
      done = true;
      await iterator.return?.();
    }
  };
  return { head, stream: stream(), release };
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    if (at >= length) break;
    const part = chunk.subarray(0, length - at);
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
