import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSecret, sign, signatureHeaders } from '../../src/webhooks/standard-webhooks.ts';

// Expected values computed independently with `openssl dgst -sha256 -mac HMAC -macopt hexkey:…`
// over "id.timestamp.body"; the first is the Standard Webhooks reference vector.
const SEVENS = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('sign', () => {
  it('gives the reference vector: v1 and base64 of HMAC-SHA256 over id.timestamp.body', () => {
    const message = {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
    };
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', message)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('signs a body with non-ASCII characters as its UTF-8 bytes', () => {
    const message = { id: 'msg_unicode', timestamp: 1700000000, body: '{"name":"Ünïcødé ✓ 🎉"}' };
    expect(sign(SEVENS, message)).toBe('v1,AWC+yln9vqPqzuDGS32EVSDt25qs8gbWzYmPF5Odl0s=');
  });

  it('signs a Buffer body byte for byte, and the same key with or without whsec_', () => {
    const message = { id: 'msg_bin', timestamp: 1700000000, body: Buffer.from([0x00, 0xff, 0x80, 0x0a]) };
    expect(sign(SEVENS, message)).toBe('v1,fki77NZ29PwuwS9hMqMf5lDYZLDLi2bl8OEaRIZ4gE0=');
    expect(sign(SEVENS.slice(6), message)).toBe('v1,fki77NZ29PwuwS9hMqMf5lDYZLDLi2bl8OEaRIZ4gE0=');
  });

  it('throws TypeError for wrong arguments, naming the problem', () => {
    const message = { id: 'msg_1', timestamp: 1700000000, body: '{}' };
    expect(() => sign('whsec_not base64!', message)).toThrow(/whsec_ followed by base64/);
    expect(() => sign(SEVENS, { ...message, id: '' })).toThrow(/message id/);
    expect(() => sign(SEVENS, { ...message, timestamp: 1700000000.5 })).toThrow(/whole epoch seconds/);
    expect(() => sign(SEVENS, { ...message, body: 42 as unknown as string })).toThrow(/string or a Buffer/);
    expect(() => sign(SEVENS, { ...message, id: '' })).toThrow(TypeError);
  });
});

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
