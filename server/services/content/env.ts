/**
 * Choosing the content generator from the environment (DESIGN §5 "Content generation").
 *
 * | variable | meaning |
 * |---|---|
 * | SVC_CONTENT_PROVIDER | `offline` (default) or `openai` |
 * | SVC_CONTENT_MODEL | model for content; default SVC_OPENAI_MODEL, then gpt-4o-mini |
 * | SVC_CONTENT_TIMEOUT_MS | longest silence from the provider, before and during the stream (default 60000) |
 * | SVC_CONTENT_TEMPERATURE | 0 to 2; unset leaves it to the server |
 * | SVC_CONTENT_HEARTBEAT_MS | `: keep-alive` comment interval on open streams (default 15000) |
 * | SVC_OPENAI_BASE_URL, SVC_OPENAI_API_KEY | shared with machine translation |
 */

import { httpUrlSetting, positiveIntSetting } from '../../providers/settings.ts';
import type { ContentGenerator } from './generator.ts';
import { offlineGenerator } from './offline.ts';
import { openAiGenerator } from './openai.ts';

const OPENAI_DEFAULT_BASE = 'https://api.openai.com/v1';

/**
 * The generator `env` selects. A setting that cannot work throws a TypeError naming the
 * variable, so a misconfigured server fails at start rather than on its first generation.
 */
export function generatorFromEnv(
  env: NodeJS.ProcessEnv,
  deps: { fetch?: typeof fetch } = {},
): ContentGenerator {
  const name = (env.SVC_CONTENT_PROVIDER ?? '').trim() || 'offline';
  switch (name) {
    case 'offline':
      return offlineGenerator();
    case 'openai': {
      const baseUrl = httpUrlSetting(env, 'SVC_OPENAI_BASE_URL', 'content') ?? OPENAI_DEFAULT_BASE;
      const apiKey = env.SVC_OPENAI_API_KEY?.trim() || undefined;
      if (!apiKey && baseUrl === OPENAI_DEFAULT_BASE) {
        throw new TypeError('[content] SVC_OPENAI_API_KEY is required for api.openai.com');
      }
      return openAiGenerator({
        baseUrl,
        apiKey,
        model: env.SVC_CONTENT_MODEL?.trim() || env.SVC_OPENAI_MODEL?.trim() || 'gpt-4o-mini',
        temperature: temperature(env.SVC_CONTENT_TEMPERATURE),
        idleTimeoutMs: positiveIntSetting(env, 'SVC_CONTENT_TIMEOUT_MS', 60_000, 'content'),
        fetch: deps.fetch ?? globalThis.fetch,
      });
    }
    default:
      throw new TypeError(
        `[content] SVC_CONTENT_PROVIDER=${JSON.stringify(name)} is not a generator; use offline or openai`,
      );
  }
}

/** The keep-alive comment interval for open streams. */
export function heartbeatFromEnv(env: NodeJS.ProcessEnv): number {
  return positiveIntSetting(env, 'SVC_CONTENT_HEARTBEAT_MS', 15_000, 'content');
}

function temperature(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 2) {
    throw new TypeError(
      `[content] SVC_CONTENT_TEMPERATURE must be a number from 0 to 2, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}
