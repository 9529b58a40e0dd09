/**
 * Writes Server-Sent Events to a Node response
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html): framing, back-pressure,
 * keep-alive comments, and a signal that fires when the client goes away.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

export interface EventStream {
  /** Aborted when the client disconnects before `end()`. */
  readonly signal: AbortSignal;
  /** Writes one event (`message` when `event` is omitted); resolves once the socket takes more. */
  send(data: string, event?: string): Promise<void>;
  /** Ends the stream; nothing is written after. */
  end(): void;
}

export interface EventStreamOptions {
  /** A `: keep-alive` comment this often, so proxies do not close a quiet connection. */
  heartbeatMs: number;
  headers?: Record<string, string>;
}

/** One event's bytes: each line of `data` is its own `data:` field, as the format requires. */
export function frame(data: string, event?: string): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `${event ? `event: ${event}\n` : ''}${lines.join('')}\n`;
}

/** Sends the 200 and the event-stream headers at once, and returns the writer. */
export function openEventStream(res: ServerResponse, options: EventStreamOptions): EventStream {
  const gone = new AbortController();
  let ended = false;
  res.on('close', () => {
    if (!ended) gone.abort(new Error('the client disconnected'));
    clearInterval(heartbeat);
  });
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx buffers responses unless told not to; an event stream must arrive as it is written.
    'x-accel-buffering': 'no',
    ...options.headers,
  });
  res.flushHeaders();
  // A comment line is ignored by every parser, so a heartbeat between events is harmless.
  const heartbeat = setInterval(() => {
    if (!ended) res.write(': keep-alive\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    signal: gone.signal,
    async send(data, event) {
      if (ended || gone.signal.aborted) return;
      if (res.write(frame(data, event))) return;
      try {
        await once(res, 'drain', { signal: gone.signal });
      } catch {
        // The client went away while the socket was full: `signal` tells the caller.
      }
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      res.end();
    },
  };
}
