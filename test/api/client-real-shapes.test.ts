/** The client parses the answers whose shapes issue 23 brought to the real API's. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.ts';
import { parseAlignment } from '../../src/api/schemas/translate.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;
beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
});
afterAll(() => p.close());

describe('the client against the real API’s shapes', () => {
  it('reads align as the string of source-target pairs, and back into pairs', async () => {
    const memory = await client.memories.create({ name: 'm', srclang: 'en', trglang: 'de' });
    const result = await client.translate.segment({
      source: 'Save the file',
      memory_id: memory.id,
      rich: true,
      tm_matches: false,
    });
    const align = result.translation[0]!.align;
    expect(align).toBe('0-0 1-1 2-2');
    expect(parseAlignment(align)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(parseAlignment('')).toEqual([]);
  });

  it('reads domains with their models as objects', async () => {
    const { items, size } = await client.domains.list();
    expect(size).toBe(items.length);
    expect(items[0]!.models[0]).toEqual({
      id: 1,
      name: 'offline-general',
      provider: 'offline',
      status: 'Active',
      srcLang: null,
      trgLang: null,
      srcLocale: null,
      trgLocale: null,
    });
  });
});
