import { createParser } from 'eventsource-parser';

/** One Server-Sent Event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  /** The `event:` field; `message` when the server gave none. */
  event: string;
  /** The `data:` lines joined with line feeds. */
  data: string;
  /** The last event id seen so far in the stream (`id:` persists across events), '' if none. */
  id: string;
  /**
   * A reconnection time the server asked for since the previous event, on the next event
   * dispatched (normally the one whose block carried it).
   */
  retry?: number;
}

export interface SseOptions {
  /** End the iteration at an event whose data is `[DONE]` (the event itself is not yielded). */
  stopAtDone?: boolean;
}

/** Whether an event is the `[DONE]` marker that ends a generation stream. */
export const isDone = (event: SseEvent): boolean => event.data === '[DONE]';

/**
 * Parses a byte (or text) stream of Server-Sent Events into events with eventsource-parser, which
 * follows the WHATWG parsing rules: lines end in CRLF, LF or CR (also when split between chunks),
 * `:` starts a comment, one space after the colon is dropped, several `data:` lines make one
 * multi-line value, a blank line dispatches, a leading BOM is dropped. An event left incomplete
 * when the stream ends is dropped. Leaving the loop early closes the source (for an HTTP body, the
 * connection's stream).
 */
export async function* parseSse(
  source: AsyncIterable<Uint8Array | string>,
  options: SseOptions = {},
): AsyncGenerator<SseEvent, void, undefined> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  let lastId = '';
  // A `retry:` field goes on the next event dispatched (the reconnection time is the stream's).
  let retry: number | undefined;
  let ready: SseEvent[] = [];
  const parser = createParser({
    onId: (id) => {
      lastId = id;
    },
    onRetry: (ms) => {
      retry = ms;
    },
    onEvent: ({ event, data }) => {
      ready.push({ event: event || 'message', data, id: lastId, ...(retry === undefined ? {} : { retry }) });
      retry = undefined;
    },
  });
  for await (const chunk of source) {
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const events = ready;
    ready = [];
    for (const event of events) {
      if (options.stopAtDone && isDone(event)) return;
      yield event;
    }
  }
}
