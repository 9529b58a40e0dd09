/**
 * Content generation on the platform with the offline generator: the terms gate, validation
 * before the stream opens, the stream itself (read with eventsource-parser), CRUD, regenerate
 * and preferences.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Content } from '../../src/api/schemas/content.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { createBody, messageTexts, readEvents, signTerms } from './content-support.ts';

let p: TestPlatform;

beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

const post = (json: unknown, key?: string) =>
  p.call('/v2/create', { method: 'POST', json, ...(key ? { key } : {}) });

describe('terms gate', () => {
  it('every content call but signing answers 403 with a message until the organization signs', async () => {
    const { key } = await p.addOrganization('unsigned');
    const calls: [string, string, unknown?][] = [
      ['POST', '/v2/create', createBody()],
      // Invalid input still learns about the terms first.
      ['POST', '/v2/create', { template: 'nope' }],
      ['GET', '/v2/create'],
      ['GET', '/v2/create/1'],
      ['PUT', '/v2/create/1', { name: 'x' }],
      ['DELETE', '/v2/create/1'],
      ['GET', '/v2/create/1/create'],
      ['GET', '/v2/create/preferences'],
      ['POST', '/v2/create/preferences'],
      ['PUT', '/v2/create/preferences', { tone: 'formal' }],
    ];
    for (const [method, path, json] of calls) {
      const res = await p.call(path, { method, key, ...(json === undefined ? {} : { json }) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).message).toMatch(/terms.*POST \/v2\/create\/terms-and-conditions/);
    }
  });

  it('signing echoes the data and opens the gate; signedAgreement false closes it again', async () => {
    const { key } = await p.addOrganization('signer');
    const sign = (signedAgreement: unknown) =>
      p.call('/v2/create/terms-and-conditions', { method: 'POST', key, json: { signedAgreement } });
    const signed = await sign(true);
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ signedAgreement: true });
    expect((await p.call('/v2/create', { key })).status).toBe(200);
    expect(await (await sign(false)).json()).toEqual({ signedAgreement: false });
    expect((await p.call('/v2/create', { key })).status).toBe(403);
    expect((await sign('yes')).status).toBe(400);
  });
});

describe('validation before the stream opens', () => {
  beforeAll(() => signTerms(p));

  const expect400 = async (body: unknown, pattern: RegExp) => {
    const res = await post(body);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(pattern);
  };
  const params = (over: Record<string, unknown>) =>
    createBody({ templateParams: { summary: 'A topic', contentLength: 20, ...over } });

  it('summary of 499 characters streams; 500 is refused naming the field and the limit', async () => {
    const ok = await post(params({ summary: 'a'.repeat(499) }));
    expect(ok.status).toBe(200);
    expect((await readEvents(ok)).events.at(-1)?.event).toBe('fullcontent');
    await expect400(
      params({ summary: 'a'.repeat(500) }),
      /templateParams\.summary: must be below 500 characters, got 500/,
    );
  });

  it('every free-text prompt is held to the same limit: prompt, extra keys, sections, tone, styleguide', async () => {
    expect((await post(params({ prompt: 'p'.repeat(499) }))).status).toBe(200);
    await expect400(params({ prompt: 'p'.repeat(500) }), /templateParams\.prompt: must be below 500/);
    await expect400(params({ brandVoice: 'v'.repeat(500) }), /templateParams\.brandVoice: must be below 500/);
    await expect400(
      params({ sections: ['ok', 's'.repeat(500)] }),
      /templateParams\.sections\.1: must be below 500/,
    );
    await expect400(
      createBody({ preferences: { tone: 't'.repeat(500) } }),
      /preferences\.tone: must be below 500/,
    );
    await expect400(createBody({ preferences: { styleguide: 's'.repeat(500) } }), /preferences\.styleguide/);
  });

  it('characters are counted as a reader counts them: 499 emoji pass', async () => {
    const res = await post(params({ summary: '😀'.repeat(499) }));
    expect(res.status).toBe(200);
    await readEvents(res);
  });

  it('contentLength within 20..5000 words (numbers or digit strings)', async () => {
    for (const n of [20, 5000, '300']) {
      const res = await post(params({ contentLength: n }));
      expect(res.status, String(n)).toBe(200);
      await readEvents(res);
    }
    await expect400(params({ contentLength: 19 }), /contentLength: must be at least 20 words/);
    await expect400(params({ contentLength: 5001 }), /contentLength: must be at most 5000 words/);
    await expect400(params({ contentLength: 12.5 }), /contentLength: must be a whole number/);
    await expect400(params({ contentLength: 'long' }), /contentLength/);
  });

  it('sections must be an array of strings', async () => {
    await expect400(params({ sections: 'Intro, Outro' }), /templateParams\.sections/);
    await expect400(params({ sections: ['Intro', 3] }), /templateParams\.sections\.1/);
  });

  it('language and template must be known; summary is required', async () => {
    await expect400(createBody({ language: 'xx' }), /language: unknown language "xx"/);
    await expect400(createBody({ language: 'german' }), /language: must be a language code/);
    await expect400(params({ language: 'qq' }), /templateParams\.language: unknown language/);
    await expect400(
      createBody({ template: 'haiku' }),
      /template: unknown template "haiku"; known: blog-post, product-description/,
    );
    await expect400(createBody({ templateParams: { contentLength: 100 } }), /templateParams\.summary/);
    await expect400(
      createBody({ templateParams: { summary: '   ' } }),
      /summary: must say what the content is about/,
    );
  });
});

describe('the stream', () => {
  beforeAll(() => signTerms(p));

  it('message events in order, [DONE] as the last message, then fullcontent equal to their concatenation; the record matches', async () => {
    const res = await post(createBody());
    const read = await readEvents(res);
    expect(read.status).toBe(200);
    expect(read.contentType).toBe('text/event-stream; charset=utf-8');
    const names = read.events.map((e) => e.event ?? 'message');
    expect(names.at(-1)).toBe('fullcontent');
    expect(names.slice(0, -1).every((n) => n === 'message')).toBe(true);
    const messages = read.events.filter((e) => (e.event ?? 'message') === 'message');
    expect(messages.at(-1)?.data).toBe('[DONE]');
    expect(messages.filter((e) => e.data === '[DONE]')).toHaveLength(1);
    const texts = messageTexts(read.events);
    expect(texts.length).toBeGreaterThan(5);
    const whole = texts.join('');
    expect(JSON.parse(read.events.at(-1)!.data)).toEqual({ text: whole });
    expect(whole).toMatch(/^\[Offline stand-in generator/);
    expect(whole).toContain('## Einleitung');

    const record = Content.parse(await (await p.call(`/v2/create/${read.contentId}`)).json());
    expect(record).toMatchObject({
      id: read.contentId,
      name: 'launch post',
      language: 'de',
      template: 'blog-post',
      templateParams: { summary: 'Our new time tracking app for small teams', contentLength: 120 },
      preferences: { tone: 'friendly' },
      status: 'completed',
      content: whole,
      generator: 'offline',
    });
    expect(record).not.toHaveProperty('error');
  });

  it('the same request writes the same text (the offline generator is deterministic)', async () => {
    const a = messageTexts((await readEvents(await post(createBody()))).events).join('');
    const b = messageTexts((await readEvents(await post(createBody()))).events).join('');
    expect(a).toBe(b);
  });
});

describe('contents', () => {
  beforeAll(() => signTerms(p));

  it('list, get, update, regenerate and delete round trip', async () => {
    const created = await readEvents(await post(createBody({ name: 'round trip' })));
    const id = created.contentId;
    const list = await (await p.call('/v2/create')).json();
    expect(list.contents.map((c: { id: number }) => c.id)).toContain(id);
    for (const c of list.contents) Content.parse(c);

    const put = await p.call(`/v2/create/${id}`, {
      method: 'PUT',
      json: {
        id,
        name: 'renamed',
        language: 'fr',
        templateParams: {
          summary: 'Une application de suivi du temps',
          contentLength: 60,
          sections: ['Pourquoi', 'Comment'],
        },
      },
    });
    expect(put.status).toBe(200);
    const updated = Content.parse(await put.json());
    expect(updated).toMatchObject({
      id,
      name: 'renamed',
      language: 'fr',
      template: 'blog-post',
      status: 'completed',
    });
    expect(updated.templateParams.sections).toEqual(['Pourquoi', 'Comment']);
    // The text is not rewritten by PUT: that is what regenerate is for.
    expect(updated.content).toBe(messageTexts(created.events).join(''));

    const again = await readEvents(await p.call(`/v2/create/${id}/create`));
    expect(again.status).toBe(200);
    expect(again.contentId).toBe(id);
    const text = messageTexts(again.events).join('');
    expect(JSON.parse(again.events.at(-1)!.data).text).toBe(text);
    expect(text).toContain('## Pourquoi');
    expect(text).toContain('French (fr)');
    const regenerated = Content.parse(await (await p.call(`/v2/create/${id}`)).json());
    expect(regenerated).toMatchObject({
      status: 'completed',
      content: text,
      preferences: { tone: 'friendly' },
    });

    const del = await p.call(`/v2/create/${id}`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ id });
    expect((await p.call(`/v2/create/${id}`)).status).toBe(404);
    expect((await p.call(`/v2/create/${id}/create`)).status).toBe(404);
    expect((await p.call(`/v2/create/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('PUT validates like create and refuses an id that is not the path’s', async () => {
    const { contentId: id } = await readEvents(await post(createBody()));
    const put = (json: unknown) => p.call(`/v2/create/${id}`, { method: 'PUT', json });
    expect((await put({ id: id + 1, name: 'x' })).status).toBe(400);
    expect((await put({ language: 'zz' })).status).toBe(400);
    expect((await put({ template: 'limerick' })).status).toBe(400);
    expect((await put({ templateParams: { summary: 'x'.repeat(500) } })).status).toBe(400);
    expect((await p.call('/v2/create/999999', { method: 'PUT', json: { name: 'x' } })).status).toBe(404);
    expect((await p.call('/v2/create/abc')).status).toBe(400);
  });
});

describe('preferences', () => {
  it('GET (and POST) read, PUT replaces; stored tone and styleguide apply unless the request overrides them', async () => {
    const { key } = await p.addOrganization('prefs');
    await signTerms(p, key);
    expect(await (await p.call('/v2/create/preferences', { key })).json()).toEqual({});
    const stored = { tone: 'formal', styleguide: 'Use the Oxford comma.', language: 'de', template: 'email' };
    const put = await p.call('/v2/create/preferences', { method: 'PUT', key, json: stored });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual(stored);
    expect(await (await p.call('/v2/create/preferences', { key })).json()).toEqual(stored);
    expect(await (await p.call('/v2/create/preferences', { method: 'POST', key })).json()).toEqual(stored);

    const inherited = await readEvents(await post(createBody({ preferences: undefined }), key));
    const record = await (await p.call(`/v2/create/${inherited.contentId}`, { key })).json();
    // Content fields stored with the preferences are not preferences of the content.
    expect(record.preferences).toEqual({ tone: 'formal', styleguide: 'Use the Oxford comma.' });
    expect(record.content).toMatch(/formal tone.*style guide needs a language model/);

    const overridden = await readEvents(
      await post(createBody({ preferences: { tone: 'enthusiastic' } }), key),
    );
    const second = await (await p.call(`/v2/create/${overridden.contentId}`, { key })).json();
    expect(second.preferences).toEqual({ tone: 'enthusiastic', styleguide: 'Use the Oxford comma.' });

    const replaced = await p.call('/v2/create/preferences', {
      method: 'PUT',
      key,
      json: { tone: 'neutral' },
    });
    expect(await replaced.json()).toEqual({ tone: 'neutral' });
    const bad = await p.call('/v2/create/preferences', { method: 'PUT', key, json: { language: 'xx' } });
    expect(bad.status).toBe(400);
    expect(await (await p.call('/v2/create/preferences', { key })).json()).toEqual({ tone: 'neutral' });
  });
});
