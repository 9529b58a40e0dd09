/**
 * The mixed workload of bench/load.ts: autocannon walks each connection through a fixed cycle of
 * requests (one per step), the way integrations use the platform: checking
 * a key, listing jobs, translating segments, uploading string files, starting instant translations
 * and polling their status, querying memory, creating and revoking keys. Instant translations
 * end in INSTANT_TRANSLATE_* webhooks, so the platform's delivery worker runs under the same load.
 */
import type autocannon from 'autocannon';

type Op =
  | 'auth'
  | 'listJobs'
  | 'segment'
  | 'upload'
  | 'instant'
  | 'status'
  | 'memoryQuery'
  | 'createKey'
  | 'revokeKey';

/** One connection's cycle, in this order: an upload always comes before the instant call that uses it. */
export const CYCLE: readonly Op[] = [
  'auth',
  'listJobs',
  'upload',
  'segment',
  'instant',
  'status',
  'listJobs',
  'memoryQuery',
  'segment',
  'upload',
  'auth',
  'listJobs',
  'segment',
  'status',
  'createKey',
  'upload',
  'instant',
  'memoryQuery',
  'listJobs',
  'segment',
  'revokeKey',
];

/** What varies the text: strings of a checkout screen, as apps have them. */
export const PHRASES = [
  'Pay now',
  'Your order has been placed',
  'Add {count} items to your cart',
  'Shipping address',
  'We could not charge your card. Please try another one.',
  'Free delivery on orders over {amount}',
  'Sign in to continue',
  'Remove this item?',
  'Your basket is empty',
  'Apply discount code',
  'Estimated delivery: {date}',
  'Thank you, {name}!',
];

/** Per connection, for one cycle (autocannon gives each connection a fresh context per cycle). */
interface Context {
  /** When the request in flight was built (autocannon sends it at once). */
  sentAt?: number;
  fileId?: number;
  translationIds?: number[];
  keyToRevoke?: string;
}

export interface Mix {
  requests: autocannon.Request[];
  stats: MixStats;
  /**
   * Call on autocannon's `start`: each connection's first request is built before its socket
   * connects, so only requests built afterwards are timed.
   */
  started(): void;
}

export interface MixStats {
  /** Responses per operation and status. */
  byOp: Record<string, Record<number, number>>;
  /** Round-trip times per operation (ms), as the workload saw them. */
  latencies: Record<string, number[]>;
  /** Instant translations the workload started (their ids). */
  translationIds: number[];
  /** Answers whose body was not what the operation promises (counted as errors). */
  malformed: number;
}

export interface MixOptions {
  memoryId: number;
  /** Keys of the organization; connections take them in turn (key lookups are part of the load). */
  keys: readonly string[];
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;

/** A strings file of 24 keys, different on each upload (so nothing is cached away). */
export function stringsFile(serial: number): string {
  const entries = Array.from({ length: 24 }, (_, i) => {
    const phrase = PHRASES[(serial + i) % PHRASES.length]!;
    return `  "screen.${i}": ${JSON.stringify(i % 6 === 0 ? `${phrase} (${serial})` : phrase)}`;
  });
  return `{\n${entries.join(',\n')}\n}\n`;
}

/** The autocannon requests (one per step of the cycle) and the statistics they fill in. */
export function loadMix(options: MixOptions): Mix {
  const stats: MixStats = { byOp: {}, latencies: {}, translationIds: [], malformed: 0 };
  const json = { 'content-type': 'application/json' };
  let serial = 0;
  let timing = false;

  const build = (op: Op, req: autocannon.Request, ctx: Context): autocannon.Request => {
    serial++;
    ctx.sentAt = timing ? performance.now() : undefined;
    const key = options.keys[serial % options.keys.length]!;
    const headers = { authorization: basic(key) };
    const phrase = PHRASES[serial % PHRASES.length]!;
    const m = options.memoryId;
    const get = (path: string) => ({ ...req, method: 'GET' as const, path, headers, body: undefined });
    switch (op) {
      case 'auth':
        // As fetch and most HTTP clients ask for it.
        return { ...get('/v2/languages'), headers: { ...headers, 'accept-encoding': 'gzip' } };
      case 'listJobs':
        return get('/v2/jobs?limit=25&isArchived=false');
      case 'segment':
        return {
          ...req,
          method: 'POST',
          path: '/v2/translate',
          headers: { ...headers, ...json },
          body: JSON.stringify({ source: phrase, memory_id: m }),
        };
      case 'upload':
        return {
          ...req,
          method: 'POST',
          path: `/v2/files?name=checkout-${serial}.json&labels=load`,
          headers: { ...headers, 'content-type': 'application/octet-stream' },
          body: stringsFile(serial),
        };
      case 'instant':
        return { ...get(`/v2/translate/file?fileId=${ctx.fileId}&memoryId=${m}`), method: 'POST' };
      case 'status':
        return get(`/v2/translate/file?translationIds=${(ctx.translationIds ?? [1]).join(',')}`);
      case 'memoryQuery':
        return get(`/v2/memories/query?id=${m}&query=${encodeURIComponent(phrase)}`);
      case 'createKey':
        return {
          ...req,
          method: 'POST',
          path: '/v2/api-keys',
          headers: { ...headers, ...json },
          body: JSON.stringify({ name: `load ${serial}` }),
        };
      case 'revokeKey':
        return { ...get(`/v2/api-keys/${ctx.keyToRevoke}`), method: 'DELETE' };
    }
  };

  const record = (op: Op, status: number, body: string, ctx: Context) => {
    const counts = stats.byOp[op] ?? {};
    counts[status] = (counts[status] ?? 0) + 1;
    stats.byOp[op] = counts;
    if (ctx.sentAt !== undefined) {
      const times = stats.latencies[op] ?? [];
      times.push(performance.now() - ctx.sentAt);
      stats.latencies[op] = times;
    }
    if (status >= 300) return;
    try {
      if (op === 'upload') ctx.fileId = (JSON.parse(body) as { id: number }).id;
      else if (op === 'instant') {
        const ids = (JSON.parse(body) as { id: number }[]).map((t) => t.id);
        ctx.translationIds = [...(ctx.translationIds ?? []), ...ids];
        stats.translationIds.push(...ids);
      } else if (op === 'createKey') ctx.keyToRevoke = (JSON.parse(body) as { id: string }).id;
    } catch {
      stats.malformed++;
    }
  };

  const requests = CYCLE.map(
    (op): autocannon.Request => ({
      setupRequest: (req, ctx) => build(op, req, ctx as Context),
      onResponse: (status, body, ctx) => record(op, status, body, ctx as Context),
    }),
  );
  return {
    requests,
    stats,
    started() {
      timing = true;
    },
  };
}
