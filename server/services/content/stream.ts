/**
 * One generation streamed to the client (DESIGN §5, Content generation): a `message` event
 * `{"text"}` per piece as it is produced, `data: [DONE]`, then `event: fullcontent` with the
 * whole text. A failure after the stream opened ends it with `event: error {"message"}`; a
 * client that goes away stops the generator. The record is saved before [DONE] is sent, so a
 * client that saw it can read the record at once.
 */
import type { Logger } from 'pino';
import type { EventStream } from '../../http/sse-writer.ts';
import { ContentGenerationError, type ContentGenerator } from './generator.ts';
import { MAX_GENERATION_MS } from './records.ts';
import type { ContentService, Prepared } from './service.ts';

export interface StreamDeps {
  service: ContentService;
  generator: ContentGenerator;
  log: Logger;
  /** Longest a generation may run (default MAX_GENERATION_MS; tests shorten it). */
  maxGenerationMs?: number;
}

/** The error recorded on a content whose client disconnected mid-stream. */
export const DISCONNECTED = 'generation stopped: the client disconnected before it finished';

/**
 * Runs the generation of `prepared` as events on `stream` (the route opens it over the response);
 * resolves once the record holds the outcome.
 */
export async function streamGeneration(
  deps: StreamDeps,
  stream: EventStream,
  prepared: Prepared,
): Promise<void> {
  let text = '';
  // No generation runs for ever: a record left generating longer than this is known to be dead.
  const limitMs = deps.maxGenerationMs ?? MAX_GENERATION_MS;
  const tooLong = AbortSignal.timeout(limitMs);
  const signal = AbortSignal.any([stream.signal, tooLong]);
  try {
    for await (const piece of deps.generator.generate(prepared.request, signal)) {
      if (piece === '') continue;
      text += piece;
      await stream.send(JSON.stringify({ text: piece }));
      signal.throwIfAborted();
    }
  } catch (error) {
    const disconnected = stream.signal.aborted;
    const timedOut = !disconnected && tooLong.aborted;
    const message = disconnected
      ? DISCONNECTED
      : timedOut
        ? `generation stopped: it ran longer than ${Math.round(limitMs / 1000)} s`
        : failureMessage(error);
    if (!disconnected && !timedOut && !(error instanceof ContentGenerationError)) {
      deps.log.error({ err: error, contentId: prepared.id }, 'content generation failed');
    }
    await deps.service
      .finish(prepared, { error: message })
      .catch((err: unknown) =>
        deps.log.error({ err, contentId: prepared.id }, 'could not record the failure'),
      );
    if (!disconnected) await stream.send(JSON.stringify({ message }), 'error');
    stream.end();
    return;
  }
  try {
    await deps.service.finish(prepared, { result: text });
  } catch (error) {
    deps.log.error({ err: error, contentId: prepared.id }, 'could not save generated content');
    await stream.send(JSON.stringify({ message: 'the content could not be saved' }), 'error');
    stream.end();
    return;
  }
  await stream.send('[DONE]');
  await stream.send(JSON.stringify({ text }), 'fullcontent');
  stream.end();
}

function failureMessage(error: unknown): string {
  // A provider's message was written to be shown; anything else may hold internals.
  return error instanceof ContentGenerationError ? error.message : 'content generation failed unexpectedly';
}
