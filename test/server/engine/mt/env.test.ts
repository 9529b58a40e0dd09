import { describe, expect, it } from 'vitest';
import { mtProvider } from '../../../../server/engine/mt/from-settings.ts';
import { readSettings } from '../../../../server/settings.ts';

/** The provider an environment selects, as the server builds it. */
const providerFromEnv = (env: NodeJS.ProcessEnv, deps: { fetch?: typeof fetch } = {}) =>
  mtProvider(readSettings(env).mt, deps);

describe('providerFromEnv', () => {
  it('chooses offline by default and by name', () => {
    expect(providerFromEnv({}).name).toBe('offline');
    expect(providerFromEnv({ SVC_MT_PROVIDER: ' offline ' }).name).toBe('offline');
  });

  it('chooses openai and libretranslate when configured', () => {
    expect(providerFromEnv({ SVC_MT_PROVIDER: 'openai', SVC_OPENAI_API_KEY: 'sk-x' }).name).toBe('openai');
    expect(
      providerFromEnv({ SVC_MT_PROVIDER: 'openai', SVC_OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).name,
    ).toBe('openai');
    expect(
      providerFromEnv({ SVC_MT_PROVIDER: 'libretranslate', SVC_LIBRETRANSLATE_URL: 'http://127.0.0.1:5000' })
        .name,
    ).toBe('libretranslate');
  });

  it.each([
    [{ SVC_MT_PROVIDER: 'deepl' }, 'SVC_MT_PROVIDER="deepl" is not a provider'],
    [{ SVC_MT_PROVIDER: 'openai' }, 'SVC_OPENAI_API_KEY is required'],
    [{ SVC_MT_PROVIDER: 'libretranslate' }, 'SVC_LIBRETRANSLATE_URL is required'],
    [
      { SVC_MT_PROVIDER: 'libretranslate', SVC_LIBRETRANSLATE_URL: 'localhost:5000' },
      'must be an http(s) URL',
    ],
    [{ SVC_MT_PROVIDER: 'openai', SVC_OPENAI_BASE_URL: 'not a url' }, 'SVC_OPENAI_BASE_URL is not a URL'],
    [{ SVC_MT_TIMEOUT_MS: '30s' }, 'SVC_MT_TIMEOUT_MS must be a positive integer'],
    [{ SVC_MT_TIMEOUT_MS: '0' }, 'SVC_MT_TIMEOUT_MS must be a positive integer'],
    [
      { SVC_MT_PROVIDER: 'openai', SVC_OPENAI_API_KEY: 'k', SVC_MT_BATCH_SEGMENTS: '-1' },
      'SVC_MT_BATCH_SEGMENTS must be a positive integer',
    ],
    [
      { SVC_MT_PROVIDER: 'openai', SVC_OPENAI_API_KEY: 'k', SVC_OPENAI_TEMPERATURE: 'hot' },
      'SVC_OPENAI_TEMPERATURE must be a number',
    ],
  ])('refuses a configuration that cannot work: %o', (env, message) => {
    expect(() => providerFromEnv(env)).toThrow(TypeError);
    expect(() => providerFromEnv(env)).toThrow(message);
  });

  it('uses the injected fetch', async () => {
    const calls: string[] = [];
    const fetch = (async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ translatedText: ['Hallo'] }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const provider = providerFromEnv(
      { SVC_MT_PROVIDER: 'libretranslate', SVC_LIBRETRANSLATE_URL: 'http://mt.internal/' },
      { fetch },
    );
    const [out] = await provider.translate({ sources: ['Hello'], srclang: 'en', trglang: 'de' });
    expect(out!.target).toBe('Hallo');
    expect(calls).toEqual(['http://mt.internal/translate']);
  });
});
