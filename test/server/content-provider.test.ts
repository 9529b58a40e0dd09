/**
 * The platform streaming content from an OpenAI-compatible provider (a local fake): pieces are
 * passed on as they arrive, a client that goes away stops the provider, and a provider failure
 * mid-stream ends the stream with `event: error` and a failed record.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISCONNECTED } from '../../server/services/content/stream.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createBody, messageTexts, readEvents, signTerms } from './content-support.ts';

let p: TestPlatform;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'sk-content' });
  p = await startPlatform({
    env: {
      SVC_CONTENT_PROVIDER: 'openai',
      SVC_OPENAI_BASE_URL: fake.baseUrl,
      SVC_OPENAI_API_KEY: 'sk-content',
      SVC_OPENAI_MODEL: 'fake-writer',
      SVC_CONTENT_HEARTBEAT_MS: '40',
    },
  });
  await signTerms(p);
});
afterAll(async () => {
  await p.close();
  await fake.close();
});

const generate = (init: { signal?: AbortSignal } = {}) =>
  p.call('/v2/create', { method: 'POST', json: createBody(), ...init });
const record = async (id: number) => (await p.call(`/v2/create/${id}`)).json();
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i} `);

describe('content from the openai provider', () => {
  it('passes each piece on as it arrives, with keep-alive comments while the provider is slow', async () => {
    fake.respond = () => ({ stream: words(8), delayMs: 60 });
    const before = fake.requests.length;
    const res = await generate();
    expect(res.status).toBe(200);
    // Read by hand: when the first piece reaches the client, the provider is still writing.
    const events: EventSourceMessage[] = [];
    const comments: string[] = [];
    let sentAtFirst: number | undefined;
    const parser = createParser({
      onEvent: (e) => {
        if (events.length === 0) sentAtFirst = fake.requests[before]!.sent;
        events.push(e);
      },
      onComment: (c) => comments.push(c),
    });
    const decoder = new TextDecoder();
    for await (const chunk of res.body!) parser.feed(decoder.decode(chunk, { stream: true }));
    expect(sentAtFirst).toBeLessThan(8);
    expect(comments.some((c) => c.trim() === 'keep-alive')).toBe(true);
    const texts = messageTexts(events);
    expect(texts).toEqual(words(8));
    expect(events.at(-2)?.data).toBe('[DONE]');
    expect(events.at(-1)).toMatchObject({
      event: 'fullcontent',
      data: JSON.stringify({ text: words(8).join('') }),
    });
    const saved = await record(Number(res.headers.get('x-content-id')));
    expect(saved).toMatchObject({
      status: 'completed',
      content: words(8).join(''),
      generator: 'openai:fake-writer',
    });
  });

  it('a client that disconnects stops the provider; the record says why it failed', async () => {
    fake.respond = () => ({ stream: words(300), delayMs: 20 });
    const abort = new AbortController();
    const res = await generate({ signal: abort.signal });
    const read = await readEvents(res, { stopAfter: 2, abort });
    expect(messageTexts(read.events)).toEqual(words(2));
    const provider = fake.requests.at(-1)!;
    await vi.waitFor(() => expect(provider.aborted).toBe(true), { timeout: 3000 });
    expect(provider.sent).toBeLessThan(300);
    await vi.waitFor(async () =>
      expect(await record(read.contentId)).toMatchObject({
        status: 'failed',
        error: DISCONNECTED,
        content: null,
      }),
    );
  });

  it.each([
    [
      { error: 'The server had an error while processing your request' },
      /the model failed: The server had an error/,
    ],
    ['drop' as const, /the stream from .* broke/],
  ])(
    'a provider failure mid-stream (%s) ends with event: error and a failed record',
    async (end, pattern) => {
      fake.respond = () => ({ stream: ['Erster ', 'Teil '], end });
      const read = await readEvents(await generate());
      expect(read.status).toBe(200);
      expect(messageTexts(read.events)).toEqual(['Erster ', 'Teil ']);
      const last = read.events.at(-1)!;
      expect(last.event).toBe('error');
      expect(JSON.parse(last.data).message).toMatch(pattern);
      expect(read.events.some((e) => e.data === '[DONE]' || e.event === 'fullcontent')).toBe(false);
      const saved = await record(read.contentId);
      expect(saved).toMatchObject({ status: 'failed', content: null });
      expect(saved.error).toMatch(pattern);
    },
  );

  it('a provider that refuses the request fails the stream the same way, without its key', async () => {
    fake.respond = () => ({ status: 500, json: { error: { message: 'bad key sk-content here' } } });
    const read = await readEvents(await generate());
    expect(read.events).toHaveLength(1);
    expect(read.events[0]!.event).toBe('error');
    expect(read.events[0]!.data).toMatch(/answered HTTP 500: bad key \[redacted\] here/);
    expect((await record(read.contentId)).status).toBe('failed');
  });

  it('regenerating a failed content streams it again', async () => {
    fake.respond = () => ({ stream: ['x '], end: 'drop' });
    const failed = await readEvents(await generate());
    fake.respond = () => ({ stream: ['Neu ', 'geschrieben'] });
    const again = await readEvents(await p.call(`/v2/create/${failed.contentId}/create`));
    expect(messageTexts(again.events)).toEqual(['Neu ', 'geschrieben']);
    expect(await record(failed.contentId)).toMatchObject({ status: 'completed', content: 'Neu geschrieben' });
    expect(await record(failed.contentId)).not.toHaveProperty('error');
  });
});
