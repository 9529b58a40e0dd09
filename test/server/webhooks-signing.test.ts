import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../server/settings.ts';
import { nextRetryAt, RETRY_OFFSETS_MS } from '../../server/webhooks/retry-schedule.ts';
import { newSecret, signatureHeaders } from '../../server/webhooks/signing.ts';

describe('signatureHeaders', () => {
  // The Standard Webhooks reference vector, checked independently with
  // `openssl dgst -sha256 -mac HMAC` over "msg_id.timestamp.body".
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const message = {
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: 1614265330_000,
    body: '{"test": 2432232314}',
  };

  it('signs id.timestamp.body with HMAC-SHA256 of the decoded secret (v1)', () => {
    expect(signatureHeaders({ ...message, secrets: [secret] })).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('sends whole seconds: milliseconds do not change the signature', () => {
    const a = signatureHeaders({ ...message, secrets: [secret] });
    const b = signatureHeaders({ ...message, timestamp: message.timestamp + 999, secrets: [secret] });
    expect(b).toEqual(a);
  });

  it('carries one signature per secret, so either secret verifies during a rotation', () => {
    const other = newSecret(() => Buffer.alloc(32, 7));
    const headers = signatureHeaders({ ...message, timestamp: Date.now(), secrets: [other, secret] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(message.body, headers)).toEqual({ test: 2432232314 });
    expect(new Webhook(other).verify(message.body, headers)).toEqual({ test: 2432232314 });
  });

  it('throws a TypeError without a secret', () => {
    expect(() => signatureHeaders({ ...message, secrets: [] })).toThrow(TypeError);
  });
});

describe('newSecret', () => {
  it('is whsec_ and base64 of 32 random bytes', () => {
    const secret = newSecret((n) => Buffer.alloc(n, 0xab));
    expect(secret).toBe(`whsec_${Buffer.alloc(32, 0xab).toString('base64')}`);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });
});

describe('nextRetryAt', () => {
  const failedAt = 1_000_000;

  it('retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h after the first failure', () => {
    const hours = (h: number) => h * 3600_000;
    const expected = [
      5_000,
      300_000,
      1_800_000,
      hours(2),
      hours(5),
      hours(10),
      hours(14),
      hours(20),
      hours(24),
    ];
    expect(RETRY_OFFSETS_MS).toEqual(expected);
    for (let failures = 1; failures <= 9; failures++) {
      expect(nextRetryAt(failedAt, failures, 1, failedAt)).toBe(failedAt + expected[failures - 1]!);
    }
  });

  it('gives up after the ninth retry fails', () => {
    expect(nextRetryAt(failedAt, 10, 1, failedAt)).toBeUndefined();
  });

  it('scales the offsets and never schedules in the past', () => {
    expect(nextRetryAt(failedAt, 2, 0.001, failedAt)).toBe(failedAt + 300);
    expect(nextRetryAt(failedAt, 1, 1, failedAt + 60_000)).toBe(failedAt + 60_000);
  });

  it('refuses a failure count below one', () => {
    expect(() => nextRetryAt(failedAt, 0, 1, failedAt)).toThrow(TypeError);
  });
});

describe('SVC_WEBHOOK_RETRY_SCALE', () => {
  const retryScaleFrom = (env: NodeJS.ProcessEnv) => readSettings(env).webhooks.retryScale;
  it('reads SVC_WEBHOOK_RETRY_SCALE, 1 when unset, and refuses nonsense', () => {
    expect(retryScaleFrom({})).toBe(1);
    expect(retryScaleFrom({ SVC_WEBHOOK_RETRY_SCALE: '0.001' })).toBe(0.001);
    expect(() => retryScaleFrom({ SVC_WEBHOOK_RETRY_SCALE: '0' })).toThrow(/positive number/);
    expect(() => retryScaleFrom({ SVC_WEBHOOK_RETRY_SCALE: 'fast' })).toThrow(/positive number/);
  });
});
