/** GET /v3/domains (DESIGN §5, Domains), authenticated with Basic, the `key` header or `?key=`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCredentials } from '../../server/auth/keys.ts';
import { DOMAINS, domainById } from '../../server/services/domains.ts';
import { DomainList } from '../../src/api/schemas/domains.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;

beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

describe('GET /v3/domains', () => {
  it('lists every domain with models, filter configurations and metadata, and their count', async () => {
    const res = await p.call('/v3/domains');
    expect(res.status).toBe(200);
    const body = DomainList.parse(await res.json());
    expect(body.size).toBe(DOMAINS.length);
    expect(body.items).toHaveLength(body.size);
    // The real API's shapes: its generated clients (pydantic, strict) refuse strings here.
    expect(body.items[1]).toEqual({
      domainId: 2,
      domainName: 'Software & UI',
      models: [
        {
          id: 2,
          name: 'offline-software',
          provider: 'offline',
          status: 'Active',
          srcLang: null,
          trgLang: null,
          srcLocale: null,
          trgLocale: null,
        },
      ],
      filterConfigs: [
        {
          id: 1,
          isDefault: true,
          filterName: 'default',
          configName: 'Software & UI: default',
          configDescription: 'Strings as the file format defines them',
          segmentationConfigSetting: 'SENTENCE',
        },
        {
          id: 2,
          isDefault: false,
          filterName: 'icu',
          configName: 'Software & UI: icu',
          configDescription: 'ICU MessageFormat syntax kept intact',
          segmentationConfigSetting: 'SENTENCE',
        },
      ],
      domainMetadata: [
        {
          id: 21,
          key: 'description',
          value: 'User interface strings, documentation and release notes; keeps placeholders and ICU syntax',
        },
        { id: 22, key: 'selectable', value: 'true' },
      ],
    });
    // The ids listed are the ones jobs accept as domainId.
    for (const item of body.items) expect(domainById(item.domainId)?.domainName).toBe(item.domainName);
  });

  it('takes the key in a `key` header as well as Basic and ?key=', async () => {
    const header = await p.call('/v3/domains', { key: null, headers: { key: p.key } });
    expect(header.status).toBe(200);
    const query = await p.call(`/v3/domains?key=${p.key}`, { key: null });
    expect(query.status).toBe(200);
    expect(await header.json()).toEqual(await query.json());
  });

  it('without a key, or with a wrong one in the header, answers 401', async () => {
    expect((await p.call('/v3/domains', { key: null })).status).toBe(401);
    const wrong = await p.call('/v3/domains', { key: null, headers: { key: `svc_${'0'.repeat(40)}` } });
    expect(wrong.status).toBe(401);
    expect((await p.call('/v3/domains', { key: null, headers: { key: 'not-a-key' } })).status).toBe(401);
  });

  it('the header is accepted on other routes too', async () => {
    expect((await p.call('/v2/workflows/templates', { key: null, headers: { key: p.key } })).status).toBe(
      200,
    );
  });
});

describe('readCredentials', () => {
  const basic = (v: string) => `Basic ${Buffer.from(v).toString('base64')}`;

  it('prefers Authorization, then the key header, then the query', () => {
    expect(readCredentials(basic('svc_a:svc_a'), 'svc_q', 'svc_h')).toEqual({ key: 'svc_a' });
    expect(readCredentials(undefined, 'svc_q', ' svc_h ')).toEqual({ key: 'svc_h' });
    expect(readCredentials(undefined, 'svc_q', undefined)).toEqual({ key: 'svc_q' });
    expect(readCredentials(undefined, undefined, undefined)).toBeUndefined();
  });

  it('an empty key header is a problem, not an absence', () => {
    expect(readCredentials(undefined, undefined, '  ')).toEqual({ problem: 'header "key" is empty' });
  });
});
