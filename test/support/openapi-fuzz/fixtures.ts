import { basicAuth } from './auth.ts';
import { successJson } from './check.ts';
import type { ApiDocument } from './document.ts';
import type { IdPools } from './pools.ts';
import { SAMPLE_FILES } from './raw-bodies.ts';
import { send } from './send.ts';

export interface Fixtures {
  /** A key of the caller's organization revoked on purpose, for the revoked-key variant. */
  revokedKey?: string;
}

/**
 * Creates a small set of the caller's own resources — an API key, a memory, files, a job (with
 * its projects and documents), a webhook, an instant translation — and learns their ids, so
 * path and id parameters hit existing resources as well as random ones. Protects the caller's
 * own key from being revoked or rotated by the pass. Throws when a step fails: a pass without
 * fixtures would mostly probe 404s.
 */
export async function createFixtures(
  baseUrl: string,
  key: string,
  doc: ApiDocument,
  pools: IdPools,
  timeoutMs: number,
): Promise<Fixtures> {
  pools.keep(true);
  const call = async (method: string, target: string, body?: unknown, raw?: Uint8Array): Promise<unknown> => {
    const path = target.split('?')[0]!;
    const op = doc.operations.find((o) => o.method === method.toLowerCase() && o.path === path);
    const headers: Record<string, string> = { authorization: basicAuth(key) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (raw) headers['content-type'] = 'application/octet-stream';
    const sent = await send(
      baseUrl,
      {
        method,
        target,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : raw ? { body: raw } : {}),
      },
      timeoutMs,
    );
    if (!('answer' in sent))
      throw new Error(`[openapi-fuzz] fixture ${method} ${target}: ${JSON.stringify(sent)}`);
    const value = successJson(sent.answer);
    if (sent.answer.status >= 300) {
      const text = new TextDecoder().decode(sent.answer.body).slice(0, 300);
      throw new Error(`[openapi-fuzz] fixture ${method} ${target} answered ${sent.answer.status}: ${text}`);
    }
    if (op && value !== undefined) pools.harvest(op, value);
    return value;
  };
  const idOf = (value: unknown) => (value as { id: number | string }).id;

  const own = (await call('GET', '/v2/api-keys')) as { id: string; prefix: string }[];
  const mine = own.find((k) => k.prefix === key.slice(4, 12));
  if (mine) pools.protect('/v2/api-keys', mine.id);
  await call('POST', '/v2/api-keys', { name: 'fuzz spare key' });
  const doomed = (await call('POST', '/v2/api-keys', { name: 'fuzz revoked key' })) as {
    id: string;
    key: string;
  };
  await call('DELETE', `/v2/api-keys/${doomed.id}`);

  const memory = idOf(await call('POST', '/v2/memories', { name: 'fuzz de', srclang: 'en', trglang: 'de' }));
  const memoryFr = idOf(
    await call('POST', '/v2/memories', { name: 'fuzz fr', srclang: 'en', trglang: 'fr' }),
  );
  const files: Record<string, number | string> = {};
  for (const [name, text] of Object.entries(SAMPLE_FILES)) {
    const bytes = new TextEncoder().encode(text);
    files[name] = idOf(await call('POST', `/v2/files?name=fuzz/${name}`, undefined, bytes));
  }
  // String files a job can import as documents (a TMX or a termbase would make it fail).
  const documents = [files['locales/en/app.json'], files['strings.properties']];
  const hooks = '/v3/connectors/configuration/webhooks';
  const hook = {
    webhookName: 'fuzz hook',
    webhookUrl: 'http://127.0.0.1:9/fuzz',
    eventType: ['JOB_UPDATE', 'JOB_DELIVER'],
  };
  const hookId = idOf(await call('POST', hooks, hook));
  // Two jobs, so one can be delivered, archived or exported while the other stays as it is.
  for (const [name, pairs] of [
    ['fuzz job', [{ trgLang: 'de', memoryId: memory }]],
    [
      'fuzz job 2',
      [
        { trgLang: 'de', memoryId: memory },
        { trgLang: 'fr', memoryId: memoryFr },
      ],
    ],
  ] as const) {
    await call('POST', '/v2/jobs', { name, srcLang: 'en', languagePairs: pairs, fileIds: documents });
  }
  await call('GET', '/v2/projects');
  await call('GET', `${hooks}/${hookId}/deliveries`);
  await call('POST', `/v2/translate/file?fileId=${documents[0]}&memoryId=${memory}`);
  await call('GET', '/v2/workflows/templates');
  pools.keep(false);
  return { revokedKey: doomed.key };
}
