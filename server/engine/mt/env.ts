/**
 * Choosing the MT provider from the environment (DESIGN §5 "Machine translation").
 *
 * | variable | meaning |
 * |---|---|
 * | SVC_MT_PROVIDER | `offline` (default), `openai` or `libretranslate` |
 * | SVC_MT_TIMEOUT_MS | deadline of one provider request (default 30000) |
 * | SVC_MT_BATCH_SEGMENTS, SVC_MT_BATCH_CHARS | most segments / characters per request |
 * | SVC_OPENAI_BASE_URL | default https://api.openai.com/v1 |
 * | SVC_OPENAI_API_KEY | bearer token; required for the default base URL |
 * | SVC_OPENAI_MODEL | default gpt-4o-mini |
 * | SVC_OPENAI_TEMPERATURE | default 0; `default` sends none (for models that refuse the field) |
 * | SVC_LIBRETRANSLATE_URL, SVC_LIBRETRANSLATE_API_KEY | server root (required) and optional key |
 */
import { httpUrlSetting } from '../../providers/settings.ts';
import { type BatchLimits, positiveInt } from './batches.ts';
import { libreTranslateProvider } from './libretranslate.ts';
import { offlineProvider } from './offline.ts';
import { openAiProvider } from './openai.ts';
import type { MtProvider } from './types.ts';

const OPENAI_DEFAULT_BASE = 'https://api.openai.com/v1';

/**
 * The provider `env` selects. A setting that cannot work (unknown provider, missing URL or key,
 * malformed number) throws a TypeError naming the variable, so a misconfigured server fails at
 * start rather than on its first translation.
 */
export function providerFromEnv(env: NodeJS.ProcessEnv, deps: { fetch?: typeof fetch } = {}): MtProvider {
  const name = (env.SVC_MT_PROVIDER ?? '').trim() || 'offline';
  const doFetch = deps.fetch ?? globalThis.fetch;
  const timeoutMs = positiveInt(env, 'SVC_MT_TIMEOUT_MS', 30_000);
  switch (name) {
    case 'offline':
      return offlineProvider();
    case 'openai': {
      const baseUrl = httpUrlSetting(env, 'SVC_OPENAI_BASE_URL', 'mt') ?? OPENAI_DEFAULT_BASE;
      const apiKey = env.SVC_OPENAI_API_KEY?.trim() || undefined;
      if (!apiKey && baseUrl === OPENAI_DEFAULT_BASE) {
        throw new TypeError('[mt] SVC_OPENAI_API_KEY is required for api.openai.com');
      }
      return openAiProvider({
        baseUrl,
        apiKey,
        model: env.SVC_OPENAI_MODEL?.trim() || 'gpt-4o-mini',
        temperature: temperature(env.SVC_OPENAI_TEMPERATURE),
        timeoutMs,
        // An LLM writes every output token one by one: small batches keep each answer well within
        // the timeout and the model's output limit.
        limits: limits(env, { segments: 20, characters: 4000 }),
        fetch: doFetch,
      });
    }
    case 'libretranslate': {
      const url = httpUrlSetting(env, 'SVC_LIBRETRANSLATE_URL', 'mt');
      if (!url)
        throw new TypeError('[mt] SVC_LIBRETRANSLATE_URL is required for SVC_MT_PROVIDER=libretranslate');
      return libreTranslateProvider({
        url,
        apiKey: env.SVC_LIBRETRANSLATE_API_KEY?.trim() || undefined,
        timeoutMs,
        limits: limits(env, { segments: 50, characters: 5000 }),
        fetch: doFetch,
      });
    }
    default:
      throw new TypeError(
        `[mt] SVC_MT_PROVIDER=${JSON.stringify(name)} is not a provider; use offline, openai or libretranslate`,
      );
  }
}

function limits(env: NodeJS.ProcessEnv, defaults: BatchLimits): BatchLimits {
  return {
    segments: positiveInt(env, 'SVC_MT_BATCH_SEGMENTS', defaults.segments),
    characters: positiveInt(env, 'SVC_MT_BATCH_CHARS', defaults.characters),
  };
}

function temperature(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return 0;
  if (raw.trim() === 'default') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 2) {
    throw new TypeError(
      `[mt] SVC_OPENAI_TEMPERATURE must be a number from 0 to 2 or "default", got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}
