/**
 * Standard Webhooks, both ends: the platform signs its deliveries with `signatureHeaders`, the
 * receiver checks them with `verify`, and the tests of both use the same functions.
 * Every function here is pure: the clock and randomness come in as arguments.
 * See https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/** Why a delivery was refused; also the `reason` label of the receiver's rejected-requests metric. */
export type VerifyFailure =
  | 'missing_headers'
  | 'malformed_id'
  | 'malformed_timestamp'
  | 'stale_timestamp'
  | 'future_timestamp'
  | 'malformed_signature'
  | 'bad_signature';

export type VerifyResult =
  | { ok: true; id: string /** Epoch seconds, as sent. */; timestamp: number }
  | { ok: false; reason: VerifyFailure; message: string };

/** Request headers as node gives them (lower-case names); other casings are found too. */
export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

// A type, not an interface, so it passes as a HeaderBag.
export type SignatureHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** How far the timestamp may be from our clock, either way (Standard Webhooks suggests 5 minutes). */
export const TOLERANCE_MS = 5 * 60_000;

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A new signing secret: `whsec_` and base64 of 32 random bytes, as Standard Webhooks expects. */
export function newSecret(random: (size: number) => Buffer): string {
  return `${SECRET_PREFIX}${random(32).toString('base64')}`;
}

/**
 * The HMAC key of a Standard Webhooks secret: `whsec_` (optional) and base64.
 * A secret that is not base64 is a configuration mistake: TypeError.
 */
export function secretKey(secret: string): Buffer {
  if (typeof secret !== 'string') throw new TypeError('[webhooks] a webhook secret must be a string');
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) {
    throw new TypeError('[webhooks] a webhook secret must be whsec_ followed by base64');
  }
  return Buffer.from(encoded, 'base64');
}

// Keys decoded once per secret: making a key object for every request shows in profiles at
// a thousand deliveries a second. Secrets are few (one, two while rotating).
const keyCache = new Map<string, KeyObject>();
function cachedKey(secret: string): KeyObject {
  let key = keyCache.get(secret);
  if (!key) {
    key = createSecretKey(secretKey(secret));
    if (keyCache.size >= 16) keyCache.clear();
    keyCache.set(secret, key);
  }
  return key;
}

function digest(key: KeyObject, id: string, seconds: string, body: string | Buffer): Buffer {
  return createHmac('sha256', key).update(`${id}.${seconds}.`).update(body).digest();
}

/**
 * The `v1,<base64>` signature of one message under one secret: HMAC-SHA256 of
 * `id.timestamp.body` keyed with the secret's decoded bytes. `timestamp` is in epoch seconds.
 */
export function sign(
  secret: string,
  message: { id: string; timestamp: number; body: string | Buffer },
): string {
  if (typeof message.id !== 'string' || message.id === '') {
    throw new TypeError('[webhooks] sign needs a non-empty message id');
  }
  if (!Number.isSafeInteger(message.timestamp) || message.timestamp < 0) {
    throw new TypeError('[webhooks] sign needs the timestamp in whole epoch seconds');
  }
  if (typeof message.body !== 'string' && !Buffer.isBuffer(message.body)) {
    throw new TypeError('[webhooks] sign needs the body as a string or a Buffer');
  }
  const mac = digest(cachedKey(secret), message.id, String(message.timestamp), message.body);
  return `v1,${mac.toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt. Several secrets give several space-separated
 * signatures, so a receiver still holding the secret from before a rotation keeps verifying.
 */
export function signatureHeaders(message: {
  id: string;
  /** Epoch milliseconds; sent as whole seconds. */
  timestamp: number;
  body: string;
  secrets: readonly string[];
}): SignatureHeaders {
  if (message.secrets.length === 0) throw new TypeError('[webhooks] at least one secret is needed to sign');
  const seconds = Math.floor(message.timestamp / 1000);
  const signatures = message.secrets.map((secret) =>
    sign(secret, { id: message.id, timestamp: seconds, body: message.body }),
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': signatures.join(' '),
  };
}

function header(headers: HeaderBag, name: string): string | undefined {
  let value = headers[name];
  if (value === undefined) {
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : headers[key];
  }
  // A repeated header is ambiguous: which one was signed?
  return typeof value === 'string' ? value : undefined;
}

/**
 * Verifies a Standard Webhooks delivery: `webhook-signature` must hold a `v1,` HMAC-SHA256 of
 * `id.timestamp.body` under one of `secrets` (several during a rotation), and `webhook-timestamp`
 * must be within 5 minutes of `nowMs` either way (replays of old messages fail).
 * A wrong signature or header is a result with a reason (the receiver counts refusals by reason),
 * never an exception; wrong arguments (no secret, a secret that is not base64) throw TypeError.
 */
export function verify(
  secrets: readonly string[],
  headers: HeaderBag,
  rawBody: Buffer | string,
  nowMs: number,
): VerifyResult {
  if (secrets.length === 0) throw new TypeError('[webhooks] verify needs at least one secret');
  if (!Number.isFinite(nowMs)) throw new TypeError('[webhooks] verify needs the current time in epoch ms');
  const keys = secrets.map(cachedKey);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature) {
    return fail('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are required');
  }
  // The id is stored to recognise retries; no platform needs more than this.
  if (id.length > 256) return fail('malformed_id', 'webhook-id must be at most 256 characters');
  if (!/^\d{1,12}$/.test(timestamp)) {
    return fail('malformed_timestamp', 'webhook-timestamp must be whole seconds since the epoch');
  }
  const seconds = Number(timestamp);
  if (seconds * 1000 < nowMs - TOLERANCE_MS) return fail('stale_timestamp', 'webhook-timestamp is too old');
  if (seconds * 1000 > nowMs + TOLERANCE_MS) {
    return fail('future_timestamp', 'webhook-timestamp is too far in the future');
  }

  const candidates = signature
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => part.slice(3))
    .filter((encoded) => BASE64.test(encoded))
    .map((encoded) => Buffer.from(encoded, 'base64'));
  if (candidates.length === 0) {
    return fail('malformed_signature', 'webhook-signature holds no v1 signature');
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody;
  for (const key of keys) {
    const expected = digest(key, id, timestamp, body);
    // timingSafeEqual throws on different lengths; the length itself is not secret.
    if (candidates.some((c) => c.length === expected.length && timingSafeEqual(c, expected))) {
      return { ok: true, id, timestamp: seconds };
    }
  }
  return fail('bad_signature', 'webhook signature does not match');
}

function fail(reason: VerifyFailure, message: string): VerifyResult {
  return { ok: false, reason, message };
}
