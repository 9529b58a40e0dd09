import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashApiKey, hashesEqual } from '../../server/auth/keys.ts';
import { tokensMatch } from '../../server/workbench/csrf.ts';
import { signatureHeaders, verify } from '../../src/webhooks/standard-webhooks.ts';

const ROOT = join(import.meta.dirname, '../..');
const KEY = `svc_${'0123456789abcdef'.repeat(2)}01234567`;

describe('hashesEqual (API keys, workbench sign-in)', () => {
  const hash = hashApiKey(KEY);

  it('is true for the same hash, in either letter case', () => {
    expect(hashesEqual(hash, hashApiKey(KEY))).toBe(true);
    expect(hashesEqual(hash, hash.toUpperCase())).toBe(true);
  });

  it('is false when only the last hex digit differs, and when the first does', () => {
    const last = hash.slice(0, -1) + (hash.endsWith('0') ? '1' : '0');
    const first = (hash.startsWith('0') ? '1' : '0') + hash.slice(1);
    expect(hashesEqual(hash, last)).toBe(false);
    expect(hashesEqual(hash, first)).toBe(false);
  });

  it('is false, without throwing, for hashes of different lengths (timingSafeEqual would throw)', () => {
    expect(() => hashesEqual(hash, hash.slice(0, 32))).not.toThrow();
    expect(hashesEqual(hash, hash.slice(0, 32))).toBe(false);
    expect(hashesEqual(hash, `${hash}00`)).toBe(false);
  });

  it('is false for anything that is not whole hex, even when both decode to the same bytes', () => {
    // Buffer.from(x, 'hex') stops at the first bad digit: these pairs decode alike.
    expect(hashesEqual('', '')).toBe(false);
    expect(hashesEqual('zz', 'yy')).toBe(false);
    expect(hashesEqual('ab', 'abzz')).toBe(false);
    expect(hashesEqual(`${hash}z`, hash)).toBe(false);
    expect(hashesEqual(hash.slice(0, -1), hash.slice(0, -1))).toBe(false);
  });
});

describe('tokensMatch (workbench CSRF and login double-submit tokens)', () => {
  const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr';

  it('is true only for the identical token', () => {
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(`${token.slice(0, -1)}l`, token)).toBe(false);
  });

  it('is false, without throwing, for a token of another length', () => {
    expect(tokensMatch(token.slice(1), token)).toBe(false);
    expect(tokensMatch(`${token}x`, token)).toBe(false);
  });

  it('never matches a missing or empty token, nor one sent as an array or object', () => {
    expect(tokensMatch('', '')).toBe(false);
    expect(tokensMatch(undefined, token)).toBe(false);
    expect(tokensMatch(token, undefined)).toBe(false);
    expect(tokensMatch([token], token)).toBe(false);
    expect(tokensMatch({ toString: () => token }, token)).toBe(false);
  });
});

describe('verify (receiver webhook signatures)', () => {
  const secret = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
  const now = 1_700_000_000_000;
  const body = '{"eventType":"JOB_DELIVER","id":1}';
  const headers = signatureHeaders({ id: 'msg_1', timestamp: now, body, secrets: [secret] });
  const signature = headers['webhook-signature'].slice(3);
  const withSignature = (sig: string) => ({ ...headers, 'webhook-signature': `v1,${sig}` });

  it('accepts the signature the platform made', () => {
    expect(verify([secret], headers, body, now)).toMatchObject({ ok: true });
  });

  it('refuses, without throwing, a signature one byte short or one byte long', () => {
    const bytes = Buffer.from(signature, 'base64');
    for (const sig of [bytes.subarray(0, -1), Buffer.concat([bytes, Buffer.of(0)])]) {
      expect(verify([secret], withSignature(sig.toString('base64')), body, now)).toMatchObject({
        ok: false,
        reason: 'bad_signature',
      });
    }
  });

  it('refuses a signature of the right length with its last byte changed', () => {
    const bytes = Buffer.from(signature, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(verify([secret], withSignature(bytes.toString('base64')), body, now)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });
});

/**
 * Where secrets are compared. A lookup keyed by a hash of the secret (the key cache's Map, the
 * sessions table's token_hash index) is not a comparison of the secret and is not listed.
 */
const SECRET_MODULES = [
  'server/auth/keys.ts',
  'server/auth/authenticate.ts',
  'server/auth/api-key-service.ts',
  'server/auth/key-cache.ts',
  'server/workbench/csrf.ts',
  'server/workbench/sessions.ts',
  'server/workbench/auth.ts',
  'server/workbench/login-routes.ts',
  'src/webhooks/standard-webhooks.ts',
  'receiver/http/webhook-middleware.ts',
];

/** Comparisons that name a secret but compare no secret with a stored value, and why. */
const ALLOWED = new Map([
  // Both halves come from the same Authorization header: the presenter already knows both.
  ['server/auth/keys.ts: user !== password', 'the two halves of the presented Basic credentials'],
]);

const SECRETISH = /(hash|secret|token|signature|csrf|password|digest|hmac|expected)$/i;
const LITERAL = /^(undefined|null|true|false|''|""|\d+|'[^']*'|"[^"]*")$/;

/** `a === b`-style comparisons in a source text whose operands name a secret. */
function secretComparisons(source: string): string[] {
  const found: string[] = [];
  const code = source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of code.matchAll(/([\w.?!'"[\]]+)\s*(===|!==|==|!=)\s*([\w.?!'"[\]]+)/g)) {
    const [, left, op, right] = m as unknown as [string, string, string, string];
    const operands = [left, right].map((o) => o.replace(/^!+/, '').replace(/[?!]/g, ''));
    if (operands.some((o) => LITERAL.test(o) || o.endsWith('.length') || o.startsWith('typeof'))) continue;
    if (operands.some((o) => SECRETISH.test(o.split('.').pop() ?? ''))) found.push(`${left} ${op} ${right}`);
  }
  return found;
}

describe('source scan: secrets are compared only through timingSafeEqual', () => {
  const sources = SECRET_MODULES.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')] as const);

  it('the scan finds a secret compared with === (it is not blind)', () => {
    expect(secretComparisons('if (row.key_hash === hash) ok();')).toEqual(['row.key_hash === hash']);
    expect(secretComparisons('return sent !== session.csrfToken;')).toEqual(['sent !== session.csrfToken']);
    expect(secretComparisons("if (token === '' || secret.length === 0) no();")).toEqual([]);
  });

  it.each(SECRET_MODULES)('%s compares no secret with ===, !==, == or !=', (path) => {
    const source = sources.find(([p]) => p === path)![1];
    const unexpected = secretComparisons(source).filter((c) => !ALLOWED.has(`${path}: ${c}`));
    expect(unexpected).toEqual([]);
  });

  it.each(SECRET_MODULES)(
    '%s never uses Buffer#equals or localeCompare (neither is constant-time)',
    (path) => {
      const source = sources.find(([p]) => p === path)![1];
      expect(source).not.toMatch(/\.equals\(|\.localeCompare\(/);
    },
  );

  it.each([
    ['server/auth/keys.ts', 'x', 'y'],
    ['server/workbench/csrf.ts', 'a', 'b'],
    ['src/webhooks/standard-webhooks.ts', 'c', 'expected'],
  ])('%s calls timingSafeEqual only after comparing the lengths of the same two buffers', (path, a, b) => {
    const source = readFileSync(join(ROOT, path), 'utf8');
    const calls = [...source.matchAll(/timingSafeEqual\(([^)]*)\)/g)].filter((m) => !/import/.test(m[0]));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const before = source.slice(Math.max(0, call.index - 80), call.index);
      expect(call[1]).toBe(`${a}, ${b}`);
      expect(before).toMatch(new RegExp(`${a}\\.length === ${b}\\.length && $`));
    }
  });

  it('sign-in and CSRF checks go through the constant-time helpers', () => {
    const text = (p: string) => readFileSync(join(ROOT, p), 'utf8');
    expect(text('server/auth/authenticate.ts')).toMatch(/hashesEqual\(candidate\.key_hash, hash\)/);
    expect(text('server/workbench/sessions.ts')).toMatch(/hashesEqual\(r\.key_hash, hash\)/);
    expect(text('server/workbench/auth.ts')).toMatch(
      /tokensMatch\(body\._csrf, sessionOf\(res\)\.csrfToken\)/,
    );
    expect(text('server/workbench/login-routes.ts')).toMatch(/tokensMatch\(body\._csrf, pre\)/);
  });
});
