/** One Server-Sent Event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  /** The `event:` field; `message` when the server gave none. */
  event: string;
  /** The `data:` lines joined with line feeds. */
  data: string;
  /** The last event id seen so far in the stream (`id:` persists across events), '' if none. */
  id: string;
  /** A reconnection time the server asked for, on the event that carried it. */
  retry?: number;
}

export interface SseOptions {
  /** End the iteration at an event whose data is `[DONE]` (the event itself is not yielded). */
  stopAtDone?: boolean;
}

/** Whether an event is the `[DONE]` marker that ends a generation stream. */
export const isDone = (event: SseEvent): boolean => event.data === '[DONE]';

/**
 * Parses a byte (or text) stream of Server-Sent Events into events, as the WHATWG parsing rules
 * say: lines end in CRLF, LF or CR (also when split between chunks), `:` starts a comment, one
 * space after the colon is dropped, several `data:` lines make one multi-line value, and a blank
 * line dispatches. An event left incomplete when the stream ends is dropped. Leaving the loop
 * early closes the source (for an HTTP body, the connection's stream).
 */
export async function* parseSse(
  source: AsyncIterable<Uint8Array | string>,
  options: SseOptions = {},
): AsyncGenerator<SseEvent, void, undefined> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  let buffer = '';
  let skipLineFeed = false;
  let event = '';
  let data: string[] = [];
  let lastId = '';
  let retry: number | undefined;

  // Returns the event a line dispatches, if any.
  const take = (line: string): SseEvent | undefined => {
    if (line === '') {
      const dispatched =
        data.length === 0
          ? undefined
          : {
              event: event || 'message',
              data: data.join('\n'),
              id: lastId,
              ...(retry === undefined ? {} : { retry }),
            };
      event = '';
      data = [];
      retry = undefined;
      return dispatched;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
    return undefined;
  };

  for await (const chunk of source) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    if (skipLineFeed && buffer.startsWith('\n')) start = 1;
    skipLineFeed = false;
    for (;;) {
      const end = nextBreak(buffer, start);
      if (end < 0) break;
      const line = buffer.slice(start, end);
      if (buffer[end] === '\r') {
        if (end + 1 === buffer.length) skipLineFeed = true;
        start = buffer[end + 1] === '\n' ? end + 2 : end + 1;
      } else {
        start = end + 1;
      }
      const dispatched = take(line);
      if (dispatched) {
        if (options.stopAtDone && isDone(dispatched)) return;
        yield dispatched;
      }
    }
    buffer = buffer.slice(start);
  }
}

function nextBreak(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return -1;
}
