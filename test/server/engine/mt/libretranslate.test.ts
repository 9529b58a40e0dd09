import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mtProvider } from '../../../../server/engine/mt/from-settings.ts';
import { translateSegments } from '../../../../server/engine/mt/pipeline.ts';
import { MtError, type MtProvider } from '../../../../server/engine/mt/types.ts';
import { readSettings } from '../../../../server/settings.ts';
import { type FakeLibreTranslate, startFakeLibreTranslate } from '../../../support/fake-libretranslate.ts';

/** The provider an environment selects, as the server builds it. */
const providerFromEnv = (env: NodeJS.ProcessEnv, deps: { fetch?: typeof fetch } = {}) =>
  mtProvider(readSettings(env).mt, deps);

const KEY = 'lt-key-secret-7';
let fake: FakeLibreTranslate;

/** A "German" engine: a few words, markup kept as LibreTranslate keeps it (`<x id="1"></x>`). */
function german(text: string): string {
  return text
    .replace(/<x id="(\d+)"\/>/g, '<x id="$1"></x>')
    .replace('Delete', 'Löschen')
    .replace('Save', 'Speichern')
    .replace('and', 'und');
}

beforeAll(async () => {
  fake = await startFakeLibreTranslate({ apiKey: KEY, translate: german });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.respond = undefined;
});

function provider(env: Record<string, string> = {}): MtProvider {
  return providerFromEnv({
    SVC_MT_PROVIDER: 'libretranslate',
    SVC_LIBRETRANSLATE_URL: fake.url,
    SVC_LIBRETRANSLATE_API_KEY: KEY,
    ...env,
  });
}

const de = { srclang: 'en', trglang: 'de' };

async function failure(promise: Promise<unknown>): Promise<MtError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MtError);
  return error as MtError;
}

describe('libretranslate provider', () => {
  it('sends plain segments as text with q as an array, source, target and api_key', async () => {
    const out = await provider().translate({ ...de, sources: ['Save', 'Delete'] });
    expect(out.map((o) => o.target)).toEqual(['Speichern', 'Löschen']);
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/translate');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      q: ['Save', 'Delete'],
      source: 'en',
      target: 'de',
      format: 'text',
      api_key: KEY,
    });
  });

  it('sends segments with inline codes as HTML, escaping their text, and reads the answer back', async () => {
    const [r] = await translateSegments(provider(), ['Save <b>{name}</b> & delete 1 < 2'], de);
    expect((fake.requests[0]!.body as { format: string }).format).toBe('html');
    expect((fake.requests[0]!.body as { q: string[] }).q).toEqual([
      'Save <x id="1"/><x id="2"/><x id="3"/> &amp; delete 1 &lt; 2',
    ]);
    expect(r!.targetWithTags).toBe('Speichern <b>{name}</b> & delete 1 < 2');
  });

  it('keeps term targets exactly by shielding them as inline codes', async () => {
    const [r] = await translateSegments(provider(), ['Save and Delete the cache'], {
      ...de,
      terms: [{ source: 'cache', target: 'Zwischenspeicher' }],
    });
    expect((fake.requests[0]!.body as { q: string[] }).q).toEqual(['Save and Delete the <x id="1"/>']);
    expect(r!.target).toBe('Speichern und Löschen the Zwischenspeicher');
  });

  it('batches by segments and characters', async () => {
    await provider({ SVC_MT_BATCH_SEGMENTS: '2', SVC_MT_BATCH_CHARS: '9' }).translate({
      ...de,
      sources: ['a', 'b', 'c', 'dddddddd', 'e'],
    });
    expect(fake.requests.map((r) => (r.body as { q: string[] }).q)).toEqual([
      ['a', 'b'],
      ['c', 'dddddddd'],
      ['e'],
    ]);
  });

  it('turns an {error} answer into MtError with the status, never the key', async () => {
    const error = await failure(
      provider({ SVC_LIBRETRANSLATE_API_KEY: 'wrong-key' }).translate({ ...de, sources: ['x'] }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toContain('HTTP 403: Invalid API key');
    const unsupported = await failure(
      provider().translate({ srclang: 'en', trglang: 'tlh', sources: ['x'] }),
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.message).toContain('tlh is not supported');
  });

  it('never shows the key even when the server echoes it', async () => {
    fake.respond = (req) => ({
      status: 429,
      json: { error: `Too many requests for key ${(req.body as { api_key: string }).api_key}` },
    });
    const error = await failure(provider().translate({ ...de, sources: ['x'] }));
    expect(error.status).toBe(429);
    expect(error.message).toContain('Too many requests for key [redacted]');
    expect(error.message).not.toContain(KEY);
  });

  it('gives up with MtError when the server never answers within the timeout', async () => {
    fake.respond = () => 'hang';
    const error = await failure(provider({ SVC_MT_TIMEOUT_MS: '150' }).translate({ ...de, sources: ['x'] }));
    expect(error.message).toContain('no answer within 150 ms');
  });

  it.each([
    ['a string for an array request', { translatedText: 'x' }],
    ['too few translations', { translatedText: [] }],
    ['no translatedText', { detectedLanguage: { language: 'en' } }],
  ])('rejects a malformed answer: %s', async (_, json) => {
    fake.respond = () => ({ json });
    const error = await failure(provider().translate({ ...de, sources: ['x'] }));
    expect(error.message).toContain('malformed answer');
  });

  it('rejects an answer that is not JSON', async () => {
    fake.respond = () => ({ text: '<html>maintenance</html>' });
    const error = await failure(provider().translate({ ...de, sources: ['x'] }));
    expect(error.message).toContain('malformed JSON');
  });
});
