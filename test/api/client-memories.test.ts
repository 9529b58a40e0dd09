import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.ts';
import { findOrCreateMemory } from '../../src/api/helpers/find-or-create-memory.ts';
import { apiError } from '../support/api-error.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let client: Client;

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" segtype="sentence" adminlang="en" datatype="plaintext" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
<tu><tuv xml:lang="en"><seg>Account settings</seg></tuv><tuv xml:lang="de"><seg>Kontoeinstellungen</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Save the document</seg></tuv><tuv xml:lang="de"><seg>Dokument speichern</seg></tuv></tu>
</body></tmx>`;

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
});
afterAll(async () => {
  await client.close();
  await p.close();
});

/** Polls the memory's imports until the last one is finished (the platform imports in the background). */
async function importsSettled(id: number) {
  await p.idle();
  return client.memories.imports(id);
}

describe('memories', () => {
  it('create, get, list, rename and delete', async () => {
    const created = await client.memories.create({
      name: 'web en-de',
      srclang: 'EN',
      trglang: 'de',
      trglocale: 'at',
    });
    expect(created).toMatchObject({ name: 'web en-de', srclang: 'en', trglang: 'de', trglocale: 'AT' });
    expect(await client.memories.get(created.id)).toEqual(created);
    expect((await client.memories.list()).map((m) => m.id)).toContain(created.id);
    const renamed = await client.memories.rename(created.id, 'web en-de (AT)');
    expect(renamed.name).toBe('web en-de (AT)');
    expect(await client.memories.delete(created.id)).toEqual({ id: created.id, deleted: true });
    await apiError(client.memories.get(created.id), 401);
  });

  it('imports a TMX streamed from a Readable with a non-ASCII name, then queries and deletes a segment', async () => {
    const memory = await client.memories.create({ name: 'tm', srclang: 'en', trglang: 'de' });
    const started = await client.memories.import({
      memoryId: memory.id,
      name: 'übersicht.tmx',
      content: Readable.from([Buffer.from(TMX.slice(0, 100)), Buffer.from(TMX.slice(100))]),
    });
    expect(started).toEqual({ id: expect.any(Number), isProcessing: 1 });
    const [done] = await importsSettled(memory.id);
    expect(done).toMatchObject({ name: 'übersicht.tmx', status: 'succeeded', added: 2 });
    expect((await client.memories.get(memory.id)).resources).toContain('übersicht.tmx');

    const matches = await client.memories.query(memory.id, 'Account settings', { n: 5 });
    expect(matches[0]).toMatchObject({
      source: 'Account settings',
      target: 'Kontoeinstellungen',
      score: 100,
    });
    const segmentId = Number(matches[0]!.metadata.segment_id);
    expect(await client.memories.deleteSegment(memory.id, segmentId)).toEqual({ success: true });
    expect(await client.memories.deleteSegment(memory.id, segmentId)).toEqual({ success: false });
    expect(await client.memories.query(memory.id, 'Account settings')).toEqual([]);
  });

  it('a file that cannot be parsed shows as a failed import and leaves the memory unchanged', async () => {
    const memory = await client.memories.create({ name: 'broken', srclang: 'en', trglang: 'de' });
    await client.memories.import({ memoryId: memory.id, name: 'bad.tmx', content: '<tmx><body><tu>' });
    const [failed] = await importsSettled(memory.id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.any(String) });
    expect((await client.memories.get(memory.id)).resources).toEqual([]);
  });

  it('termbase: a CSV import with a header row, exported and downloaded as CSV (409 before the export)', async () => {
    const memory = await client.memories.create({ name: 'terms', srclang: 'en', trglang: 'de' });
    await apiError(client.memories.downloadTermbase(memory.id), 409);
    await client.memories.import({
      memoryId: memory.id,
      name: 'terms.csv',
      content: () => 'source,target\nworkspace,Arbeitsbereich\n',
      hasHeaderRow: true,
    });
    await importsSettled(memory.id);
    expect(await client.memories.exportTermbase(memory.id)).toEqual({ id: memory.id, is_processing: 1 });
    await p.idle();
    const csv = await client.memories.downloadTermbase(memory.id);
    expect(csv).toContain('workspace,Arbeitsbereich');
    expect(csv).not.toContain('source,target\nsource');
  });

  it('401 for a memory that is not the caller’s, 400 for bad input', async () => {
    const other = await p.addOrganization('elsewhere');
    const theirs = createClient({ baseUrl: p.url, apiKey: other.key });
    try {
      const memory = await theirs.memories.create({ name: 'secret', srclang: 'en', trglang: 'fr' });
      for (const call of [
        () => client.memories.get(memory.id),
        () => client.memories.rename(memory.id, 'mine'),
        () => client.memories.delete(memory.id),
        () => client.memories.query(memory.id, 'Hello'),
        () => client.memories.import({ memoryId: memory.id, name: 'tm.tmx', content: TMX }),
        () => client.memories.imports(memory.id),
        () => client.memories.exportTermbase(memory.id),
        () => client.memories.downloadTermbase(memory.id),
        () => client.memories.deleteSegment(memory.id, 1),
        () => client.translate.segment({ source: 'Hello', memory_id: memory.id }),
      ])
        await apiError(call(), 401);
    } finally {
      await theirs.close();
    }
    const unknownLanguage = await apiError(
      client.memories.create({ name: 'x', srclang: 'en', trglang: 'qq' }),
      400,
    );
    expect((unknownLanguage.body as { message: string }).message).toContain('qq');
    const mine = await client.memories.create({ name: 'mine', srclang: 'en', trglang: 'de' });
    await apiError(client.memories.rename(mine.id, ''), 400);
    await apiError(client.memories.query(mine.id, 'x', { n: 1000 }), 400);
    await apiError(client.memories.import({ memoryId: mine.id, name: '', content: TMX }), 400);
  });
});

describe('translate.segment', () => {
  it('TM match first, then MT; placeholders survive', async () => {
    const memory = await client.memories.create({ name: 'segments', srclang: 'en', trglang: 'de' });
    await client.memories.import({ memoryId: memory.id, name: 'tm.tmx', content: TMX });
    await importsSettled(memory.id);
    const result = await client.translate.segment({ source: 'Save the document', memory_id: memory.id });
    expect(result.untokenizedSource).toBe('Save the document');
    expect(result.translation[0]).toMatchObject({
      target: 'Dokument speichern',
      provenance: 'TM',
      isTMMatch: true,
    });
    expect(result.translation.at(-1)!.provenance).toBe('MT');
    const mt = await client.translate.segment({
      source: 'Hello {name}',
      memory_id: memory.id,
      tm_matches: false,
    });
    expect(mt.translation.every((t) => t.provenance === 'MT')).toBe(true);
    expect(mt.translation[0]!.target).toContain('{name}');
  });

  it('400 for a source over 5,000 characters', async () => {
    const memory = await client.memories.create({ name: 'long', srclang: 'en', trglang: 'de' });
    const error = await apiError(
      client.translate.segment({ source: 'a'.repeat(5001), memory_id: memory.id }),
      400,
    );
    expect((error.body as { message: string }).message).toMatch(/5000/);
  });
});

describe('findOrCreateMemory', () => {
  it('creates once, then reuses the memory with that name and pair; another pair gets its own', async () => {
    const first = await findOrCreateMemory(
      client,
      { srclang: 'en', trglang: 'fr', trglocale: 'CA' },
      'app fr-CA',
    );
    expect(first).toMatchObject({ name: 'app fr-CA', srclang: 'en', trglang: 'fr', trglocale: 'CA' });
    const again = await findOrCreateMemory(
      client,
      { srclang: 'EN', trglang: 'fr', trglocale: 'ca' },
      'app fr-CA',
    );
    expect(again.id).toBe(first.id);
    const plainFrench = await findOrCreateMemory(client, { srclang: 'en', trglang: 'fr' }, 'app fr-CA');
    expect(plainFrench.id).not.toBe(first.id);
    expect(plainFrench.trglocale).toBeNull();
    const renamed = await findOrCreateMemory(
      client,
      { srclang: 'en', trglang: 'fr', trglocale: 'CA' },
      'other',
    );
    expect(renamed.id).not.toBe(first.id);
    const named = (await client.memories.list()).filter((m) => m.name === 'app fr-CA');
    expect(named).toHaveLength(2);
  });

  it('callers racing to create the same memory settle on one, and the extra copy is deleted', async () => {
    const pair = { srclang: 'en', trglang: 'it' };
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => findOrCreateMemory(client, pair, 'raced it')),
    );
    expect(new Set(raced.map((m) => m.id)).size).toBe(1);
    const named = (await client.memories.list()).filter((m) => m.name === 'raced it');
    expect(named.map((m) => m.id)).toEqual([raced[0]!.id]);
  });

  it('a bad language code surfaces as the platform’s 400', async () => {
    await apiError(findOrCreateMemory(client, { srclang: 'en', trglang: 'zz' }, 'nope'), 400);
  });
});
