/**
 * A download's body, written with backpressure. When the client leaves mid-download the copy
 * ends and the source is closed (a generator's `finally` runs), instead of the handler waiting
 * for a `drain` that never comes and keeping the source and the request alive for good.
 */
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

export async function sendChunks(
  res: ServerResponse,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<void> {
  try {
    await pipeline(chunks, res);
  } catch (error) {
    // The client left: nobody is waiting for an answer, and nothing failed on our side.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && res.destroyed) return;
    throw error;
  }
}
