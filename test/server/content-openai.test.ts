/**
 * The `openai` content generator against a local server speaking the streaming chat-completions
 * protocol, and the environment that selects it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentGenerator } from '../../server/services/content/from-settings.ts';
import { ContentGenerationError, type GenerationRequest } from '../../server/services/content/generator.ts';
import { openAiGenerator } from '../../server/services/content/openai.ts';
import { TEMPLATES } from '../../server/services/content/templates.ts';
import { readSettings } from '../../server/settings.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai.ts';

/** The generator an environment selects, as the server builds it. */
const generatorFromEnv = (env: NodeJS.ProcessEnv) => contentGenerator(readSettings(env).content);
const heartbeatFromEnv = (env: NodeJS.ProcessEnv) => readSettings(env).contentHeartbeatMs;

let fake: FakeOpenAi;
const KEY = 'sk-test-0123456789';

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY });
});
afterAll(() => fake.close());

const request: GenerationRequest = {
  language: 'de',
  template: TEMPLATES['press-release'],
  params: { summary: 'Acme opens an office in Graz', sections: ['Background', 'Outlook'], company: 'Acme' },
  preferences: { tone: 'formal', styleguide: 'No exclamation marks.', audience: 'journalists' },
  contentLength: 300,
};

const generator = (over: Partial<Parameters<typeof openAiGenerator>[0]> = {}) =>
  openAiGenerator({
    baseUrl: fake.baseUrl,
    apiKey: KEY,
    model: 'writer-1',
    idleTimeoutMs: 5000,
    fetch,
    ...over,
  });

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of iterable) out.push(piece);
  return out;
}

describe('openAiGenerator', () => {
  it('asks for a stream and passes each delta on in order', async () => {
    fake.respond = () => ({ stream: ['Acme ', 'eröffnet ', 'ein Büro.'] });
    const pieces = await collect(generator().generate(request, new AbortController().signal));
    expect(pieces).toEqual(['Acme ', 'eröffnet ', 'ein Büro.']);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = sent.body as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body).toMatchObject({ model: 'writer-1', stream: true });
    const [system, user] = body.messages;
    expect(system!.content).toContain('a press release');
    expect(system!.content).toContain('German (de)');
    expect(system!.content).toContain('about 300 words');
    expect(system!.content).toContain('"Background", "Outlook"');
    expect(system!.content).toContain('Tone: formal.');
    expect(system!.content).toContain('No exclamation marks.');
    expect(system!.content).toContain('audience: journalists');
    expect(user!.content).toBe('summary: Acme opens an office in Graz\ncompany: Acme');
    expect(generator().name).toBe('openai:writer-1');
  });

  it('the default fake streams the user message back word by word', async () => {
    fake.respond = undefined;
    const pieces = await collect(generator().generate(request, new AbortController().signal));
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe('Fake content. summary: Acme opens an office in Graz\ncompany: Acme');
  });

  it('an HTTP error before the stream is a ContentGenerationError with the provider’s message, the key redacted', async () => {
    fake.respond = undefined;
    const wrong = openAiGenerator({
      baseUrl: fake.baseUrl,
      apiKey: 'sk-wrong-key',
      model: 'm',
      idleTimeoutMs: 5000,
      fetch,
    });
    const error = await collect(wrong.generate(request, new AbortController().signal)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentGenerationError);
    expect((error as Error).message).toMatch(
      /^openai: http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered HTTP 401: Incorrect API key provided: \[redacted\]/,
    );
    expect((error as Error).message).not.toContain('sk-wrong-key');
  });

  it.each([
    [{ error: 'The server is overloaded' }, /the model failed: The server is overloaded/],
    ['drop' as const, /the stream from .* broke/],
    ['silent' as const, /ended before \[DONE\]/],
  ])('a failure mid-stream (%s) comes after the pieces already passed on', async (end, pattern) => {
    fake.respond = () => ({ stream: ['one ', 'two '], end });
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of generator().generate(request, new AbortController().signal))
        pieces.push(piece);
    })().catch((e: unknown) => e);
    expect(pieces).toEqual(['one ', 'two ']);
    expect(error).toBeInstanceOf(ContentGenerationError);
    expect((error as Error).message).toMatch(pattern);
  });

  it('a provider that goes quiet fails after the idle timeout', async () => {
    fake.respond = () => ({ stream: ['first '], end: 'hang' });
    const error = await collect(
      generator({ idleTimeoutMs: 200 }).generate(request, new AbortController().signal),
    ).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/no data within 200 ms/);
  });

  it('aborting the signal ends the provider request and rethrows the reason', async () => {
    fake.respond = () => ({ stream: Array.from({ length: 200 }, (_, i) => `w${i} `), delayMs: 20 });
    const controller = new AbortController();
    const reason = new Error('stop');
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of generator().generate(request, controller.signal)) {
        pieces.push(piece);
        if (pieces.length === 3) controller.abort(reason);
      }
    })().catch((e: unknown) => e);
    expect(error).toBe(reason);
    const recorded = fake.requests.at(-1)!;
    await vi.waitFor(() => expect(recorded.aborted).toBe(true));
    expect(recorded.sent).toBeLessThan(200);
  });

  it('leaving the loop early also ends the provider request', async () => {
    fake.respond = () => ({ stream: Array.from({ length: 200 }, (_, i) => `w${i} `), delayMs: 20 });
    for await (const _ of generator().generate(request, new AbortController().signal)) break;
    const recorded = fake.requests.at(-1)!;
    await vi.waitFor(() => expect(recorded.aborted).toBe(true));
  });
});

describe('generatorFromEnv', () => {
  it('offline by default; openai with a base URL, model and timeout from the environment', () => {
    expect(generatorFromEnv({}).name).toBe('offline');
    const g = generatorFromEnv({
      SVC_CONTENT_PROVIDER: 'openai',
      SVC_OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      SVC_OPENAI_MODEL: 'llama3',
    });
    expect(g.name).toBe('openai:llama3');
    expect(
      generatorFromEnv({
        SVC_CONTENT_PROVIDER: 'openai',
        SVC_OPENAI_API_KEY: 'k',
        SVC_CONTENT_MODEL: 'gpt-x',
      }).name,
    ).toBe('openai:gpt-x');
    expect(heartbeatFromEnv({})).toBe(15_000);
    expect(heartbeatFromEnv({ SVC_CONTENT_HEARTBEAT_MS: '50' })).toBe(50);
  });

  it('settings that cannot work fail at start, naming the variable', () => {
    expect(() => generatorFromEnv({ SVC_CONTENT_PROVIDER: 'gpt' })).toThrow(
      /SVC_CONTENT_PROVIDER="gpt" is not a generator/,
    );
    expect(() => generatorFromEnv({ SVC_CONTENT_PROVIDER: 'openai' })).toThrow(
      /SVC_OPENAI_API_KEY is required/,
    );
    expect(() =>
      generatorFromEnv({ SVC_CONTENT_PROVIDER: 'openai', SVC_OPENAI_BASE_URL: 'ftp://x' }),
    ).toThrow(/SVC_OPENAI_BASE_URL must be an http\(s\) URL/);
    expect(() =>
      generatorFromEnv({
        SVC_CONTENT_PROVIDER: 'openai',
        SVC_OPENAI_API_KEY: 'k',
        SVC_CONTENT_TIMEOUT_MS: '-1',
      }),
    ).toThrow(/SVC_CONTENT_TIMEOUT_MS must be a positive integer/);
    expect(() =>
      generatorFromEnv({
        SVC_CONTENT_PROVIDER: 'openai',
        SVC_OPENAI_API_KEY: 'k',
        SVC_CONTENT_TEMPERATURE: '3',
      }),
    ).toThrow(/SVC_CONTENT_TEMPERATURE/);
  });
});
