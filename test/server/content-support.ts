/**
 * Reading a content generation stream in tests with a standard EventSource parser
 * (eventsource-parser), independent of the client's own parseSse.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { TestPlatform } from '../support/platform.ts';

export interface ReadStream {
  status: number;
  contentType: string | null;
  contentId: number;
  events: EventSourceMessage[];
  comments: string[];
}

/** Reads a whole event stream; `stopAfter` events, when given, closes the connection after them. */
export async function readEvents(
  res: Response,
  options: { stopAfter?: number; abort?: AbortController } = {},
): Promise<ReadStream> {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) });
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    if (options.stopAfter !== undefined && events.length >= options.stopAfter) {
      options.abort?.abort();
      await reader.cancel().catch(() => {});
      break;
    }
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    contentId: Number(res.headers.get('x-content-id')),
    events,
    comments,
  };
}

/** The texts of the `message` events before [DONE]. */
export function messageTexts(events: EventSourceMessage[]): string[] {
  return events
    .filter((e) => (e.event ?? 'message') === 'message' && e.data !== '[DONE]')
    .map((e) => (JSON.parse(e.data) as { text: string }).text);
}

/** Signs the content terms for the key's organization. */
export async function signTerms(p: TestPlatform, key = p.key): Promise<void> {
  const res = await p.call('/v2/create/terms-and-conditions', {
    method: 'POST',
    key,
    json: { signedAgreement: true },
  });
  if (res.status !== 200) throw new Error(`signing failed: ${res.status} ${await res.text()}`);
}

/** A valid POST /v2/create body, with fields replaced by `over`. */
export function createBody(over: Record<string, unknown> = {}) {
  return {
    name: 'launch post',
    language: 'de',
    template: 'blog-post',
    templateParams: { summary: 'Our new time tracking app for small teams', contentLength: 120 },
    preferences: { tone: 'friendly' },
    ...over,
  };
}
