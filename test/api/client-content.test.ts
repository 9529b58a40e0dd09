/** The client's content methods and domains against the real platform (offline generator, then a fake provider). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContentEvent, ContentStreamError } from '../../src/api/client/content.ts';
import { type Client, createClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

const request = {
  name: 'client post',
  language: 'es',
  template: 'social-post' as const,
  templateParams: { summary: 'Lanzamos la nueva versión', hashtags: ['lanzamiento'], contentLength: 40 },
};

describe('client.content against the offline generator', () => {
  let p: TestPlatform;
  let client: Client;
  beforeAll(async () => {
    p = await startPlatform();
    client = createClient({ baseUrl: p.url, apiKey: p.key });
  });
  afterAll(async () => {
    await client.close();
    await p.close();
  });

  it('before the terms are signed a call is an ApiError 403; terms(true) echoes and opens the gate', async () => {
    const refused = await client.content.list().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect(await client.content.terms(true)).toEqual({ signedAgreement: true });
    expect(await client.content.list()).toEqual([]);
  });

  it('create is an async iterator: text pieces, done, then the whole text; the record matches', async () => {
    const stream = await client.content.create(request);
    expect(stream.contentId).toBeGreaterThan(0);
    const events: ContentEvent[] = [];
    for await (const event of stream) events.push(event);
    const texts = events.flatMap((e) => (e.type === 'text' ? [e.text] : []));
    expect(texts.length).toBeGreaterThan(2);
    expect(events.at(-2)).toEqual({ type: 'done' });
    expect(events.at(-1)).toEqual({ type: 'fullcontent', text: texts.join('') });
    const saved = await client.content.get(stream.contentId);
    expect(saved).toMatchObject({
      name: 'client post',
      status: 'completed',
      content: texts.join(''),
      language: 'es',
    });
    await expect(async () => {
      for await (const _ of stream) break;
    }).rejects.toThrow(/read only once/);
  });

  it('validation errors come before the stream, as ApiError 400', async () => {
    const error = await client.content
      .create({ ...request, templateParams: { summary: 'x'.repeat(500) } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body).toEqual({
      message: 'templateParams.summary: must be below 500 characters, got 500',
    });
  });

  it('list, update, regenerate (text()), delete; preferences put and get', async () => {
    const first = await client.content.create(request);
    const original = await first.text();
    const updated = await client.content.update(first.contentId, { language: 'de', name: 'umbenannt' });
    expect(updated).toMatchObject({ language: 'de', name: 'umbenannt', content: original });
    const again = await client.content.regenerate(first.contentId);
    expect(again.contentId).toBe(first.contentId);
    const text = await again.text();
    expect(text).not.toBe(original);
    expect(text).toContain('German (de)');
    expect((await client.content.list()).map((c) => c.id)).toContain(first.contentId);
    expect(await client.content.delete(first.contentId)).toEqual({ id: first.contentId });
    expect(((await client.content.get(first.contentId).catch((e: unknown) => e)) as ApiError).status).toBe(
      404,
    );

    expect(await client.content.putPreferences({ tone: 'friendly', styleguide: 'Du, nicht Sie.' })).toEqual({
      tone: 'friendly',
      styleguide: 'Du, nicht Sie.',
    });
    expect(await client.content.getPreferences()).toEqual({ tone: 'friendly', styleguide: 'Du, nicht Sie.' });
  });

  it('domains.list reads GET /v3/domains', async () => {
    const domains = await client.domains.list();
    expect(domains.size).toBe(domains.items.length);
    expect(domains.items[0]).toMatchObject({ domainId: 1, domainName: 'General' });
  });
});

describe('client.content against a streaming provider', () => {
  let fake: FakeOpenAi;
  let p: TestPlatform;
  let client: Client;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    p = await startPlatform({ env: { SVC_CONTENT_PROVIDER: 'openai', SVC_OPENAI_BASE_URL: fake.baseUrl } });
    client = createClient({ baseUrl: p.url, apiKey: p.key });
    await client.content.terms(true);
  });
  afterAll(async () => {
    await client.close();
    await p.close();
    await fake.close();
  });

  it('an event: error ends the iteration with ContentStreamError after the pieces already read', async () => {
    fake.respond = () => ({ stream: ['uno ', 'dos '], end: { error: 'model overloaded' } });
    const stream = await client.content.create(request);
    const texts: string[] = [];
    const error = await (async () => {
      for await (const event of stream) if (event.type === 'text') texts.push(event.text);
    })().catch((e: unknown) => e);
    expect(texts).toEqual(['uno ', 'dos ']);
    expect(error).toBeInstanceOf(ContentStreamError);
    expect((error as ContentStreamError).message).toMatch(/model overloaded/);
    expect((error as ContentStreamError).contentId).toBe(stream.contentId);
    expect((await client.content.get(stream.contentId)).status).toBe('failed');
  });

  it('leaving the loop early closes the connection, which stops the provider', async () => {
    fake.respond = () => ({ stream: Array.from({ length: 300 }, (_, i) => `w${i} `), delayMs: 20 });
    const stream = await client.content.create(request);
    for await (const event of stream) if (event.type === 'text') break;
    const provider = fake.requests.at(-1)!;
    await vi.waitFor(() => expect(provider.aborted).toBe(true), { timeout: 3000 });
    await vi.waitFor(async () => expect((await client.content.get(stream.contentId)).status).toBe('failed'));
  });
});
