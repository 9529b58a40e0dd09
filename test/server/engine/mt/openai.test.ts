import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mtProvider } from '../../../../server/engine/mt/from-settings.ts';
import { translateSegments } from '../../../../server/engine/mt/pipeline.ts';
import { MtError, type MtProvider } from '../../../../server/engine/mt/types.ts';
import { readSettings } from '../../../../server/settings.ts';
import {
  completion,
  type FakeOpenAi,
  startFakeOpenAi,
  userItems,
  userStrings,
} from '../../../support/fake-openai.ts';

/** The provider an environment selects, as the server builds it. */
const providerFromEnv = (env: NodeJS.ProcessEnv, deps: { fetch?: typeof fetch } = {}) =>
  mtProvider(readSettings(env).mt, deps);

const KEY = 'sk-test-0123456789abcdef';
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({
    apiKey: KEY,
    translate: (s) => s.replace('Hello', 'Bonjour').replace('file', 'fichier'),
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.respond = undefined;
});

function provider(env: Record<string, string> = {}): MtProvider {
  return providerFromEnv({
    SVC_MT_PROVIDER: 'openai',
    SVC_OPENAI_BASE_URL: fake.baseUrl,
    SVC_OPENAI_API_KEY: KEY,
    SVC_OPENAI_MODEL: 'llama3.1:8b',
    ...env,
  });
}

const fr = { srclang: 'en', trglang: 'fr' };

async function failure(promise: Promise<unknown>): Promise<MtError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MtError);
  return error as MtError;
}

describe('openai provider', () => {
  it('posts a chat completion with the key, model, a system prompt and the segments as a JSON array', async () => {
    const [r] = await translateSegments(provider(), ['Hello {name}, open the file'], {
      ...fr,
      trglocale: 'CA',
      terms: [
        { source: 'file', target: 'fichier' },
        { source: 'folder', target: 'dossier' },
        { source: 'id', target: 'identifiant' },
      ],
    });
    expect(r!.target).toBe('Bonjour {name}, open the fichier');
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toBe('application/json');
    const body = req.body as {
      model: string;
      temperature: number;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('llama3.1:8b');
    expect(body.temperature).toBe(0);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const system = body.messages[0]!.content;
    expect(system).toContain('from English (en) to Canadian French (fr-CA)');
    expect(system).toContain('<x id="1"/>');
    expect(system).toContain('"file" → "fichier"');
    expect(system).not.toContain('folder');
    expect(system).not.toContain('identifiant');
    expect(userStrings(req)).toEqual(['Hello <x id="1"/>, open the file']);
  });

  it('batches by segment count and by characters, keeping the order', async () => {
    const sources = ['one', 'two', 'three', 'four', 'five'];
    const translated = await provider({ SVC_MT_BATCH_SEGMENTS: '2' }).translate({ ...fr, sources });
    expect(fake.requests.map(userStrings)).toEqual([['one', 'two'], ['three', 'four'], ['five']]);
    expect(translated.map((t) => t.target)).toEqual(sources);
    fake.requests.length = 0;
    await provider({ SVC_MT_BATCH_CHARS: '8' }).translate({ ...fr, sources });
    expect(fake.requests.map(userStrings)).toEqual([['one', 'two'], ['three'], ['four', 'five']]);
  });

  it('sends each string with its description, max_length, placeholder meanings and glossary terms, batched', async () => {
    const sources = ['Open the file', 'Hello', 'Save <x id="1"/> items', 'Close'];
    const contexts = [
      { description: 'Verb: a toolbar button', maxLength: 12 },
      undefined,
      { placeholders: { '<x id="1"/>': 'number of items' } },
      { description: 'Closes the dialog' },
    ];
    const translated = await provider({ SVC_MT_BATCH_SEGMENTS: '3' }).translate({
      ...fr,
      sources,
      contexts,
      terms: [{ source: 'file', target: 'fichier' }],
    });
    expect(translated.map((t) => t.target)).toEqual([
      'Open the fichier',
      'Bonjour',
      'Save <x id="1"/> items',
      'Close',
    ]);
    expect(fake.requests.map(userItems)).toEqual([
      [
        {
          text: 'Open the file',
          description: 'Verb: a toolbar button',
          max_length: 12,
          glossary: { file: 'fichier' },
        },
        { text: 'Hello' },
        { text: 'Save <x id="1"/> items', placeholders: { '<x id="1"/>': 'number of items' } },
      ],
      [{ text: 'Close', description: 'Closes the dialog' }],
    ]);
    const system = (fake.requests[0]!.body as { messages: { content: string }[] }).messages[0]!.content;
    expect(system).toContain('"description" says what the string is');
    // Without context the user message stays the plain array of strings.
    fake.requests.length = 0;
    await provider().translate({ ...fr, sources: ['Hello'], contexts: [undefined] });
    expect(
      JSON.parse((fake.requests[0]!.body as { messages: { content: string }[] }).messages[1]!.content),
    ).toEqual(['Hello']);
  });

  it('leaves temperature out when told to and sends no key when none is configured', async () => {
    const open = await startFakeOpenAi();
    try {
      await providerFromEnv({
        SVC_MT_PROVIDER: 'openai',
        SVC_OPENAI_BASE_URL: open.baseUrl,
        SVC_OPENAI_TEMPERATURE: 'default',
      }).translate({ ...fr, sources: ['Hi'] });
      expect(open.requests[0]!.headers.authorization).toBeUndefined();
      expect(open.requests[0]!.body).not.toHaveProperty('temperature');
      expect((open.requests[0]!.body as { model: string }).model).toBe('gpt-4o-mini');
    } finally {
      await open.close();
    }
  });

  it('turns an HTTP error into MtError with the status and message, never the key', async () => {
    const error = await failure(
      providerFromEnv({
        SVC_MT_PROVIDER: 'openai',
        SVC_OPENAI_BASE_URL: fake.baseUrl,
        SVC_OPENAI_API_KEY: 'sk-wrong-key-42',
      }).translate({ ...fr, sources: ['Hello'] }),
    );
    expect(error.status).toBe(401);
    expect(error.provider).toBe('openai');
    expect(error.message).toContain('HTTP 401: Incorrect API key provided');
    expect(error.message).not.toContain('sk-wrong-key-42');
  });

  it('reports a non-JSON error page by its text', async () => {
    fake.respond = () => ({ status: 502, text: '<html>Bad Gateway</html>' });
    const error = await failure(provider().translate({ ...fr, sources: ['Hello'] }));
    expect(error.status).toBe(502);
    expect(error.message).toContain('HTTP 502: <html>Bad Gateway</html>');
  });

  it('gives up with MtError when the server never answers within the timeout', async () => {
    fake.respond = () => 'hang';
    const error = await failure(
      provider({ SVC_MT_TIMEOUT_MS: '200' }).translate({ ...fr, sources: ['Hello'] }),
    );
    expect(error.message).toContain('no answer within 200 ms');
    expect(error.status).toBeUndefined();
  });

  it('rethrows the caller’s abort reason', async () => {
    fake.respond = () => 'hang';
    const controller = new AbortController();
    const pending = provider().translate({ ...fr, sources: ['Hello'], signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client disconnected')), 20);
    await expect(pending).rejects.toThrow('client disconnected');
  });

  it('reports an unreachable server', async () => {
    const gone = await startFakeOpenAi();
    const baseUrl = gone.baseUrl;
    await gone.close();
    const error = await failure(
      providerFromEnv({ SVC_MT_PROVIDER: 'openai', SVC_OPENAI_BASE_URL: baseUrl }).translate({
        ...fr,
        sources: ['x'],
      }),
    );
    expect(error.message).toMatch(
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: ECONNREFUSED/,
    );
  });

  it.each([
    ['content that is not JSON', completion('Bonjour !')],
    ['an array of the wrong length', completion('["a", "b"]')],
    ['an array with a non-string', completion('[1]')],
    ['an object instead of an array', completion('{"translations": ["a"]}')],
    ['no choices', { object: 'chat.completion', choices: [] }],
    ['an answer cut off at the output limit', completion('["Bonj', 'length')],
  ])('rejects a malformed answer: %s', async (_, json) => {
    fake.respond = () => ({ json });
    const error = await failure(provider().translate({ ...fr, sources: ['Hello'] }));
    expect(error.message).toMatch(/malformed answer|cut off/);
  });

  it('accepts an answer wrapped in a markdown code fence', async () => {
    fake.respond = (req) => ({ json: completion(`\`\`\`json\n${JSON.stringify(userStrings(req))}\n\`\`\``) });
    const [out] = await provider().translate({ ...fr, sources: ['Hello'] });
    expect(out!.target).toBe('Hello');
  });

  it('is repaired by the pipeline when the model drops an inline code', async () => {
    fake.respond = (req) => {
      const strings = userStrings(req).map((s) =>
        s.replace(/<x id="\d+"\/>/g, '').replace('Hello', 'Bonjour'),
      );
      return { json: completion(JSON.stringify(strings)) };
    };
    const [r] = await translateSegments(provider(), ['Hello %s'], fr);
    expect(r!.target).toBe('Bonjour %s');
    expect(fake.requests.map(userStrings)).toEqual([['Hello <x id="1"/>'], ['Hello ']]);
  });
});
