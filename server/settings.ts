/**
 * The platform's settings, read from the environment once (`server/main.ts` passes
 * `process.env`): the only module of `server/` that reads environment variables. Every value is
 * checked here, so a misconfigured server stops at start with the variable and its value named,
 * never on its first translation, generation or delivery.
 *
 * | variable | meaning |
 * |---|---|
 * | LOG_LEVEL | pino level (default info) |
 * | SVC_HEADERS_TIMEOUT_MS, SVC_REQUEST_TIMEOUT_MS, SVC_KEEP_ALIVE_TIMEOUT_MS | HTTP server timeouts |
 * | SVC_RATE_WINDOW_MS, SVC_RATE_LIMIT_GENERAL, _REQUESTS, _CHARACTERS | per-organization limits |
 * | SVC_AUTO_DELIVER_MS | demos and tests: jobs pretranslated and delivered after this delay |
 * | SVC_WORK_CONCURRENCY, SVC_WORK_LEASE_MS | background work items at once; their lease |
 * | SVC_WEBHOOK_RETRY_SCALE, SVC_WEBHOOK_RETENTION_DAYS, SVC_WEBHOOK_ALLOW_PRIVATE | webhooks |
 * | SVC_MT_PROVIDER | `offline` (default), `openai` or `libretranslate` |
 * | SVC_MT_TIMEOUT_MS | deadline of one provider request (default 30000) |
 * | SVC_MT_BATCH_SEGMENTS, SVC_MT_BATCH_CHARS | most segments / characters per request |
 * | SVC_OPENAI_BASE_URL, SVC_OPENAI_API_KEY | default https://api.openai.com/v1 (the key is then required) |
 * | SVC_OPENAI_MODEL | default gpt-4o-mini |
 * | SVC_OPENAI_TEMPERATURE | default 0; `default` sends none (for models that refuse the field) |
 * | SVC_LIBRETRANSLATE_URL, SVC_LIBRETRANSLATE_API_KEY | server root (required) and optional key |
 * | SVC_CONTENT_PROVIDER | `offline` (default) or `openai` |
 * | SVC_CONTENT_MODEL | model for content; default SVC_OPENAI_MODEL, then gpt-4o-mini |
 * | SVC_CONTENT_TIMEOUT_MS | longest silence from the provider, before and during the stream (default 60000) |
 * | SVC_CONTENT_TEMPERATURE | 0 to 2; unset leaves it to the server |
 * | SVC_CONTENT_HEARTBEAT_MS | `: keep-alive` comment interval on open streams (default 15000) |
 * | SVC_TM_INDEX | `memory`: per-process TM indexes on PostgreSQL too (the former way, for benchmarks) |
 */
import { logLevelFromEnv } from '../src/config/env.ts';
import { type ServerTimeouts, timeoutsFromEnv } from '../src/http/server-timeouts.ts';
import type { LibreTranslateOptions } from './engine/mt/libretranslate.ts';
import type { OpenAiOptions } from './engine/mt/openai.ts';
import { DEFAULT_LIMITS, type LimitsConfig } from './limits/config.ts';
import type { OpenAiContentOptions } from './services/content/openai.ts';

type Env = NodeJS.ProcessEnv;

/** Headers within 20 s, a whole request (uploads of up to 512 MiB) within 2 min, idle keep-alive 5 s. */
export const PLATFORM_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
};

/** The machine translation provider's settings; `server/engine/mt/from-settings.ts` builds it. */
export type MtSettings =
  | { provider: 'offline' }
  | ({ provider: 'openai' } & Omit<OpenAiOptions, 'fetch'>)
  | ({ provider: 'libretranslate' } & Omit<LibreTranslateOptions, 'fetch'>);

/** The content generator's settings; `server/services/content/from-settings.ts` builds it. */
export type ContentSettings =
  | { provider: 'offline' }
  | ({ provider: 'openai' } & Omit<OpenAiContentOptions, 'fetch'>);

export interface PlatformSettings {
  logLevel: string;
  timeouts: ServerTimeouts;
  limits: LimitsConfig;
  /** Unset: jobs are delivered by people or by `POST /v2/jobs/{id}/deliver`. */
  autoDeliverMs?: number;
  work: { concurrency?: number; leaseMs?: number };
  webhooks: WebhookEnvSettings;
  mt: MtSettings;
  content: ContentSettings;
  /** The keep-alive comment interval for open content streams. */
  contentHeartbeatMs: number;
  tm: TmSettings;
}

/**
 * Where TM matches come from. SQLite always keeps a per-process index; PostgreSQL answers from
 * the database unless `index` is `memory` (the former way, kept to compare in benchmarks).
 */
export interface TmSettings {
  index?: 'memory' | 'database';
}

export interface WebhookEnvSettings {
  /** Multiplies the retry offsets (tests use 0.001). */
  retryScale: number;
  /** Days finished messages and their delivery log are kept. */
  retentionDays: number;
  /** SVC_WEBHOOK_ALLOW_PRIVATE=1: webhooks may target loopback and private addresses. */
  allowPrivate: boolean;
}

/** How long a webhook message and its delivery log are kept by default. */
export const DEFAULT_RETENTION_DAYS = 30;

export function readSettings(env: Env): PlatformSettings {
  const autoDeliverMs = env.SVC_AUTO_DELIVER_MS ? Number(env.SVC_AUTO_DELIVER_MS) : undefined;
  if (autoDeliverMs !== undefined && !(autoDeliverMs >= 0)) {
    throw new TypeError(
      `SVC_AUTO_DELIVER_MS must be a number of milliseconds, got "${env.SVC_AUTO_DELIVER_MS}"`,
    );
  }
  const concurrency = positiveInt(env, 'SVC_WORK_CONCURRENCY');
  const leaseMs = positiveInt(env, 'SVC_WORK_LEASE_MS');
  return {
    logLevel: logLevelFromEnv(env, 'info'),
    timeouts: timeoutsFromEnv(env, PLATFORM_TIMEOUTS),
    limits: {
      ...DEFAULT_LIMITS,
      windowMs: positiveInt(env, 'SVC_RATE_WINDOW_MS') ?? DEFAULT_LIMITS.windowMs,
      general: positiveInt(env, 'SVC_RATE_LIMIT_GENERAL') ?? DEFAULT_LIMITS.general,
      requests: positiveInt(env, 'SVC_RATE_LIMIT_REQUESTS') ?? DEFAULT_LIMITS.requests,
      characters: positiveInt(env, 'SVC_RATE_LIMIT_CHARACTERS') ?? DEFAULT_LIMITS.characters,
    },
    ...(autoDeliverMs !== undefined ? { autoDeliverMs } : {}),
    work: { ...(concurrency ? { concurrency } : {}), ...(leaseMs ? { leaseMs } : {}) },
    webhooks: {
      retryScale: positiveNumber(env, 'SVC_WEBHOOK_RETRY_SCALE', 'a positive number') ?? 1,
      retentionDays:
        positiveNumber(env, 'SVC_WEBHOOK_RETENTION_DAYS', 'a positive number of days') ??
        DEFAULT_RETENTION_DAYS,
      allowPrivate: env.SVC_WEBHOOK_ALLOW_PRIVATE === '1',
    },
    mt: readMtSettings(env),
    content: readContentSettings(env),
    contentHeartbeatMs: positiveInt(env, 'SVC_CONTENT_HEARTBEAT_MS', 'content') ?? 15_000,
    tm: readTmSettings(env),
  };
}

function readTmSettings(env: Env): TmSettings {
  const index = env.SVC_TM_INDEX?.trim() || undefined;
  if (index !== undefined && index !== 'memory' && index !== 'database') {
    throw new TypeError(`SVC_TM_INDEX must be "memory" or "database", got "${index}"`);
  }
  return index ? { index } : {};
}

const OPENAI_DEFAULT_BASE = 'https://api.openai.com/v1';

function readMtSettings(env: Env): MtSettings {
  const name = (env.SVC_MT_PROVIDER ?? '').trim() || 'offline';
  const timeoutMs = positiveInt(env, 'SVC_MT_TIMEOUT_MS', 'mt') ?? 30_000;
  const limits = (segments: number, characters: number) => ({
    segments: positiveInt(env, 'SVC_MT_BATCH_SEGMENTS', 'mt') ?? segments,
    characters: positiveInt(env, 'SVC_MT_BATCH_CHARS', 'mt') ?? characters,
  });
  switch (name) {
    case 'offline':
      return { provider: 'offline' };
    case 'openai':
      return {
        ...openAiChat(env, 'mt', ['SVC_OPENAI_MODEL'], 'SVC_OPENAI_TEMPERATURE'),
        timeoutMs,
        // An LLM writes every output token one by one: small batches keep each answer well within
        // the timeout and the model's output limit.
        limits: limits(20, 4000),
      };
    case 'libretranslate': {
      const url = httpUrl(env, 'SVC_LIBRETRANSLATE_URL', 'mt');
      if (!url)
        throw new TypeError('[mt] SVC_LIBRETRANSLATE_URL is required for SVC_MT_PROVIDER=libretranslate');
      return {
        provider: 'libretranslate',
        url,
        apiKey: env.SVC_LIBRETRANSLATE_API_KEY?.trim() || undefined,
        timeoutMs,
        limits: limits(50, 5000),
      };
    }
    default:
      throw new TypeError(
        `[mt] SVC_MT_PROVIDER=${JSON.stringify(name)} is not a provider; use offline, openai or libretranslate`,
      );
  }
}

function readContentSettings(env: Env): ContentSettings {
  const name = (env.SVC_CONTENT_PROVIDER ?? '').trim() || 'offline';
  switch (name) {
    case 'offline':
      return { provider: 'offline' };
    case 'openai':
      return {
        ...openAiChat(env, 'content', ['SVC_CONTENT_MODEL', 'SVC_OPENAI_MODEL'], 'SVC_CONTENT_TEMPERATURE'),
        idleTimeoutMs: positiveInt(env, 'SVC_CONTENT_TIMEOUT_MS', 'content') ?? 60_000,
      };
    default:
      throw new TypeError(
        `[content] SVC_CONTENT_PROVIDER=${JSON.stringify(name)} is not a generator; use offline or openai`,
      );
  }
}

/**
 * The OpenAI-compatible chat endpoint machine translation and content generation share; the
 * model is the first of `models` that is set, else gpt-4o-mini.
 */
function openAiChat(env: Env, scope: 'mt' | 'content', models: string[], temperatureName: string) {
  const baseUrl = httpUrl(env, 'SVC_OPENAI_BASE_URL', scope) ?? OPENAI_DEFAULT_BASE;
  const apiKey = env.SVC_OPENAI_API_KEY?.trim() || undefined;
  if (!apiKey && baseUrl === OPENAI_DEFAULT_BASE) {
    throw new TypeError(`[${scope}] SVC_OPENAI_API_KEY is required for api.openai.com`);
  }
  return {
    provider: 'openai' as const,
    baseUrl,
    apiKey,
    model: models.map((name) => env[name]?.trim()).find(Boolean) || 'gpt-4o-mini',
    temperature: temperature(env, temperatureName, scope),
  };
}

/**
 * A sampling temperature from 0 to 2. Unset: 0 for translation (repeatable), none for content;
 * `default` (translation only) sends none, for models that refuse the field.
 */
function temperature(env: Env, name: string, scope: 'mt' | 'content'): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return scope === 'mt' ? 0 : undefined;
  if (scope === 'mt' && raw.trim() === 'default') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 2) {
    const allowed = scope === 'mt' ? 'a number from 0 to 2 or "default"' : 'a number from 0 to 2';
    throw new TypeError(`[${scope}] ${name} must be ${allowed}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** A positive integer, or undefined when unset; `scope` prefixes the message (`[mt] …`). */
function positiveInt(env: Env, name: string, scope?: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(
      `${scope ? `[${scope}] ` : ''}${name} must be a positive integer, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

/** A positive (not necessarily whole) number, or undefined when unset. */
function positiveNumber(env: Env, name: string, what: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new TypeError(`${name} must be ${what}, got ${JSON.stringify(raw)}`);
  return value;
}

/** An http(s) base URL without trailing slashes, or undefined when unset. */
function httpUrl(env: Env, name: string, scope: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`[${scope}] ${name} is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`[${scope}] ${name} must be an http(s) URL, got ${url.protocol}`);
  }
  return raw.replace(/\/+$/, '');
}
