import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type HeaderBag,
  newSecret,
  signatureHeaders,
  type VerifyFailure,
  verify,
} from '../../src/webhooks/standard-webhooks.ts';

// The Standard Webhooks reference vector (also checked in test/webhooks/sign.test.ts).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const BODY = '{"test": 2432232314}';
const AT = 1614265330_000;
const HEADERS = {
  'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  'webhook-timestamp': '1614265330',
  'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const OTHER = newSecret(() => Buffer.alloc(32, 7));

describe('verify', () => {
  it('accepts the Standard Webhooks reference vector', () => {
    expect(verify([SECRET], HEADERS, BODY, AT)).toEqual({
      ok: true,
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
    });
  });

  it('accepts a raw Buffer body and a secret without the whsec_ prefix', () => {
    expect(verify([SECRET.slice(6)], HEADERS, Buffer.from(BODY), AT).ok).toBe(true);
  });

  it('finds headers whatever their case', () => {
    const mixed = {
      'Webhook-Id': HEADERS['webhook-id'],
      'WEBHOOK-TIMESTAMP': HEADERS['webhook-timestamp'],
      'Webhook-Signature': HEADERS['webhook-signature'],
    };
    expect(verify([SECRET], mixed, BODY, AT).ok).toBe(true);
  });

  it('verifies what the platform signs, including bodies with special characters', () => {
    const body = '{"name":"Ünïcødé ✓ \\"quoted\\" \\u0000","emoji":"🎉"}';
    const headers = signatureHeaders({ id: 'msg_1', timestamp: AT + 123, body, secrets: [SECRET] });
    expect(verify([SECRET], headers, Buffer.from(body, 'utf8'), AT).ok).toBe(true);
  });

  describe('rotated secrets', () => {
    it('accepts a message signed with the old and the new secret by a receiver holding either', () => {
      const headers = signatureHeaders({ id: 'msg_2', timestamp: AT, body: BODY, secrets: [OTHER, SECRET] });
      expect(verify([SECRET], headers, BODY, AT).ok).toBe(true);
      expect(verify([OTHER], headers, BODY, AT).ok).toBe(true);
    });

    it('accepts a message signed with the old secret by a receiver holding new and old', () => {
      const headers = signatureHeaders({ id: 'msg_3', timestamp: AT, body: BODY, secrets: [SECRET] });
      expect(verify([OTHER, SECRET], headers, BODY, AT).ok).toBe(true);
    });

    it('refuses a message signed only with a secret the receiver does not hold', () => {
      const headers = signatureHeaders({ id: 'msg_4', timestamp: AT, body: BODY, secrets: [OTHER] });
      expect(verify([SECRET], headers, BODY, AT)).toMatchObject({ ok: false, reason: 'bad_signature' });
    });
  });

  it('refuses a tampered body, id or timestamp', () => {
    expect(verify([SECRET], HEADERS, '{"test": 2432232315}', AT)).toMatchObject({ reason: 'bad_signature' });
    expect(verify([SECRET], { ...HEADERS, 'webhook-id': 'msg_other' }, BODY, AT)).toMatchObject({
      reason: 'bad_signature',
    });
    expect(verify([SECRET], { ...HEADERS, 'webhook-timestamp': '1614265331' }, BODY, AT)).toMatchObject({
      reason: 'bad_signature',
    });
  });

  describe('timestamp window (5 minutes either way, against the injected clock)', () => {
    it('accepts exactly 5 minutes old and 5 minutes ahead', () => {
      expect(verify([SECRET], HEADERS, BODY, AT + 300_000).ok).toBe(true);
      expect(verify([SECRET], HEADERS, BODY, AT - 300_000).ok).toBe(true);
    });

    it('refuses an older message (a replay)', () => {
      expect(verify([SECRET], HEADERS, BODY, AT + 300_001)).toMatchObject({
        ok: false,
        reason: 'stale_timestamp',
      });
    });

    it('refuses a message from the future', () => {
      expect(verify([SECRET], HEADERS, BODY, AT - 300_001)).toMatchObject({
        ok: false,
        reason: 'future_timestamp',
      });
    });
  });

  describe('malformed headers give a reason, never an exception', () => {
    it.each([
      ['no webhook-id', { ...HEADERS, 'webhook-id': undefined }, 'missing_headers'],
      ['an empty signature', { ...HEADERS, 'webhook-signature': '' }, 'missing_headers'],
      ['a repeated header', { ...HEADERS, 'webhook-id': ['a', 'b'] }, 'missing_headers'],
      ['an overlong webhook-id', { ...HEADERS, 'webhook-id': 'm'.repeat(257) }, 'malformed_id'],
      [
        'a timestamp in milliseconds text',
        { ...HEADERS, 'webhook-timestamp': '1614265330.5' },
        'malformed_timestamp',
      ],
      ['a non-numeric timestamp', { ...HEADERS, 'webhook-timestamp': 'yesterday' }, 'malformed_timestamp'],
      [
        'only other signature versions',
        { ...HEADERS, 'webhook-signature': 'v1a,abcd v2,abcd' },
        'malformed_signature',
      ],
      [
        'a signature that is not base64',
        { ...HEADERS, 'webhook-signature': 'v1,!!!' },
        'malformed_signature',
      ],
      ['a short signature', { ...HEADERS, 'webhook-signature': 'v1,AAAA' }, 'bad_signature'],
    ] satisfies [string, HeaderBag, VerifyFailure][])('%s', (_name, headers, reason) => {
      expect(verify([SECRET], headers, BODY, AT)).toMatchObject({ ok: false, reason });
    });

    it('finds the valid signature among several, garbage included', () => {
      const headers = { ...HEADERS, 'webhook-signature': `v1,AAAA v2,zz ${HEADERS['webhook-signature']}` };
      expect(verify([SECRET], headers, BODY, AT).ok).toBe(true);
    });
  });

  it('throws TypeError for wrong arguments: no secret, a secret that is not base64', () => {
    expect(() => verify([], HEADERS, BODY, AT)).toThrow(TypeError);
    expect(() => verify(['whsec_not base64!'], HEADERS, BODY, AT)).toThrow(/whsec_/);
  });

  it('accepts every body the platform signs and refuses it with any byte changed', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 200 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, position, flip) => {
          const body = Buffer.from(bytes);
          const headers = signatureHeaders({
            id: 'msg_prop',
            timestamp: AT,
            body: body.toString('latin1'),
            secrets: [SECRET],
          });
          // The platform signs strings; latin1 keeps each byte as one character, as UTF-8 sends them.
          const sent = Buffer.from(body.toString('latin1'), 'utf8');
          expect(verify([SECRET], headers, sent, AT).ok).toBe(true);
          const changed = Buffer.from(sent);
          const i = position % changed.length;
          changed[i] = changed[i]! ^ flip;
          expect(verify([SECRET], headers, changed, AT).ok).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
