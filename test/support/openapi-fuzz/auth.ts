import fc from 'fast-check';

export type AuthVariant = 'valid' | 'none' | 'malformed' | 'unknown' | 'revoked';

export interface Credentials {
  variant: AuthVariant;
  headers: Record<string, string>;
  /** Appended to the query string (`key=…`, the development-only way). */
  query?: string;
  /** What was sent, for reports (never the key itself). */
  note: string;
}

const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

/** HTTP Basic with the key as user name and password (spec, Authentication). */
export const basicAuth = (key: string) => `Basic ${b64(`${key}:${key}`)}`;

const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 40, maxLength: 40 });

/**
 * Credentials to send: mostly the valid key (as Basic, now and then as the `key` header or
 * `?key=`), otherwise none, a malformed Authorization header, a well-formed unknown key or a
 * revoked one.
 */
export function credentialsArb(keys: { valid: string; revoked?: string }): fc.Arbitrary<Credentials> {
  const { valid, revoked } = keys;
  const validForms = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constant<Credentials>({
        variant: 'valid',
        headers: { authorization: basicAuth(valid) },
        note: 'Basic',
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant<Credentials>({ variant: 'valid', headers: { key: valid }, note: 'key header' }),
    },
    {
      weight: 1,
      arbitrary: fc.constant<Credentials>({
        variant: 'valid',
        headers: {},
        query: `key=${valid}`,
        note: '?key=',
      }),
    },
  );
  const malformed = fc
    .constantFrom(
      ['Basic', 'scheme only'],
      ['Basic !!!not-base64!!!', 'not base64'],
      [`Bearer ${valid}`, 'Bearer scheme'],
      [`Basic ${b64(valid)}`, 'no colon'],
      [`Basic ${b64(`${valid}:svc_${'0'.repeat(40)}`)}`, 'two different keys'],
      [`Basic ${b64(':')}`, 'empty user and password'],
      [`Basic ${b64(`svc_${'g'.repeat(40)}:svc_${'g'.repeat(40)}`)}`, 'not hex'],
      [`Basic ${b64(`${valid}:${valid}`)} extra`, 'trailing token'],
      [`Basic ${'A'.repeat(6000)}`, 'very long'],
      ['', 'empty header'],
      [`Basic ${b64('Ã©\u00ff:Ã©\u00ff')}`, 'latin-1 bytes'],
    )
    .map(([authorization, note]) => ({ variant: 'malformed' as const, headers: { authorization }, note }));
  const malformedQuery = fc.constantFrom('key=a&key=b', 'key=', `key=${valid}x`).map((query) => ({
    variant: 'malformed' as const,
    headers: {},
    query,
    note: `?${query.replace(valid, '<key>')}`,
  }));
  const unknown = hex.map((h) => ({
    variant: 'unknown' as const,
    headers: { authorization: basicAuth(`svc_${h}`) },
    note: 'unknown key',
  }));
  return fc.oneof(
    { weight: 40, arbitrary: validForms },
    { weight: 2, arbitrary: fc.constant<Credentials>({ variant: 'none', headers: {}, note: 'none' }) },
    { weight: 2, arbitrary: fc.oneof(malformed, malformedQuery) },
    { weight: 2, arbitrary: unknown },
    {
      weight: 2,
      arbitrary: revoked
        ? fc.constant<Credentials>({
            variant: 'revoked',
            headers: { authorization: basicAuth(revoked) },
            note: 'revoked key',
          })
        : unknown,
    },
  );
}
