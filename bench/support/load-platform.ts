/**
 * Setting up and settling the platform of bench/load.ts over its own REST API: a memory with a
 * translation memory to match against, a webhook configuration pointing at the sink, several keys;
 * afterwards, waiting for every instant translation to finish and its webhook to arrive.
 */

import { tmxOf } from '../../test/support/tmx.ts';
import { PHRASES } from './load-mix.ts';
import type { WebhookSink } from './webhook-sink.ts';

export interface Platform {
  url: string;
  /** The bootstrap admin key. */
  key: string;
  /** Keys the workload spreads its requests over (the admin's among them). */
  keys: string[];
  memoryId: number;
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;

async function call<T>(
  platform: Pick<Platform, 'url' | 'key'>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const raw = typeof body === 'string';
  const send = () =>
    fetch(`${platform.url}${path}`, {
      method,
      headers: {
        authorization: basic(platform.key),
        ...(body === undefined
          ? {}
          : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
    });
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    // A kept-alive socket the server closed just as it was reused (its idle timer fires late on a
    // loaded server): a GET is safe to send once more; anything else is the benchmark's failure.
    if (method !== 'GET') throw err;
    res = await send();
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A TMX of `count` English–German units built from the workload's phrases. */
function tmx(count: number): string {
  return tmxOf(
    Array.from({ length: count }, (_, i) => {
      const source = i < PHRASES.length ? PHRASES[i]! : `${PHRASES[i % PHRASES.length]} ${i}`;
      return [source, `[de] ${source}`] as const;
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A memory with 2,000 TM units, the sink's webhook configuration and 8 keys. */
export async function seedPlatform(url: string, key: string, sink: WebhookSink): Promise<Platform> {
  const admin = { url, key };
  const memory = await call<{ id: number }>(admin, 'POST', '/v2/memories', {
    name: 'load en-de',
    srclang: 'en',
    trglang: 'de',
  });
  await call(admin, 'POST', '/v2/memories/import', tmx(2000), {
    'svc-api': JSON.stringify({ memory_id: memory.id, name: 'seed.tmx' }),
  });
  for (let i = 0; ; i++) {
    const [m] = await call<{ is_processing: number | boolean }[]>(
      admin,
      'GET',
      `/v2/memories?id=${memory.id}`,
    );
    if (m && !m.is_processing) break;
    if (i > 300) throw new Error('the seed TMX import did not finish within 30 s');
    await sleep(100);
  }
  const hook = await call<{ secret: string }>(admin, 'POST', '/v3/connectors/configuration/webhooks', {
    webhookName: 'load sink',
    webhookUrl: sink.url,
    eventType: ['INSTANT_TRANSLATE_COMPLETED', 'INSTANT_TRANSLATE_FAILED'],
  });
  sink.setSecret(hook.secret);
  const keys = [key];
  for (let i = 0; i < 7; i++)
    keys.push((await call<{ key: string }>(admin, 'POST', '/v2/api-keys', { name: `load ${i}` })).key);
  return { url, key, keys, memoryId: memory.id };
}

export interface Drained {
  failed: number;
  /** Still in progress when the wait ended. */
  unfinished: number;
  /** Finished translations whose webhook never reached the sink. */
  webhooksMissing: number;
}

/** Waits (up to `timeoutMs`) for every translation to end and for the sink to hold its webhook. */
export async function drainInstant(
  platform: Platform,
  ids: readonly number[],
  sink: WebhookSink,
  timeoutMs = 180_000,
): Promise<Drained> {
  const deadline = Date.now() + timeoutMs;
  const final = new Map<number, string>();
  let pending = [...ids];
  while (pending.length > 0 && Date.now() < deadline) {
    for (let i = 0; i < pending.length; i += 500) {
      const chunk = pending.slice(i, i + 500);
      const statuses = await call<{ id: number; status: string }[]>(
        platform,
        'GET',
        `/v2/translate/file?translationIds=${chunk.join(',')}`,
      );
      for (const s of statuses)
        if (s.status === 'ReadyForDownload' || s.status === 'Failed') final.set(s.id, s.status);
    }
    pending = pending.filter((id) => !final.has(id));
    if (pending.length > 0) await sleep(500);
  }
  const done = ids.filter((id) => final.has(id));
  while (done.some((id) => !sink.translations.has(id)) && Date.now() < deadline) await sleep(200);
  return {
    failed: done.filter((id) => final.get(id) === 'Failed').length,
    unfinished: pending.length,
    webhooksMissing: done.filter((id) => !sink.translations.has(id)).length,
  };
}
