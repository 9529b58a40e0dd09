import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmxOfPairs } from '../../src/translations/teach.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { tmxOf } from '../support/tmx.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform({ maxUploadBytes: 256 * 1024 });
});
afterAll(() => p.close());

async function createMemory(body: Record<string, unknown> = {}, key?: string) {
  const res = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'product', srclang: 'en', trglang: 'de', ...body },
    ...(key ? { key } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; [k: string]: unknown };
}

async function importFile(
  memoryId: number,
  name: string,
  content: string,
  extra: Record<string, unknown> = {},
) {
  const res = await p.call('/v2/memories/import', {
    method: 'POST',
    headers: {
      'SVC-API': JSON.stringify({ memory_id: memoryId, name, ...extra }),
      'content-type': 'application/octet-stream',
    },
    body: content,
  });
  return { status: res.status, body: await res.json() };
}

async function memory(id: number) {
  const res = await p.call(`/v2/memories?id=${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Record<string, unknown>[])[0]!;
}

async function settled(id: number) {
  await p.idle();
  const m = await memory(id);
  expect(m.is_processing).toBe(false);
  return m;
}

const SENTENCES: [string, string][] = [
  [
    'The quick brown fox jumps over the lazy dog today',
    'Der schnelle braune Fuchs springt heute über den faulen Hund',
  ],
  [
    'Delete the selected files from your account now',
    'Löschen Sie jetzt die ausgewählten Dateien aus Ihrem Konto',
  ],
  [
    'Hello {name}, you have {count} new messages waiting for you',
    'Hallo {name}, Sie haben {count} neue Nachrichten',
  ],
];

describe('memory resources', () => {
  it('creates a memory with the spec fields, normalising locales', async () => {
    const m = await createMemory({ name: 'legal', srclocale: 'us', trglocale: 'at' });
    expect(m).toMatchObject({
      name: 'legal',
      srclang: 'en',
      trglang: 'de',
      srclocale: 'US',
      trglocale: 'AT',
      is_processing: false,
      version: 0,
      resources: [],
    });
    expect(m.created_at).toBeGreaterThan(1_700_000_000);
    expect(m.created_at).toBeLessThan(10_000_000_000);
  });

  it('answers 400 for an unknown language code', async () => {
    const res = await p.call('/v2/memories', {
      method: 'POST',
      json: { name: 'x', srclang: 'en', trglang: 'xx' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/trglang: unknown language code "xx"/);
  });

  it('lists all memories or one by id; renames; deletes', async () => {
    const m = await createMemory({ name: 'to-rename' });
    const all = (await (await p.call('/v2/memories')).json()) as { id: number }[];
    expect(all.map((x) => x.id)).toContain(m.id);
    const renamed = await p.call('/v2/memories', { method: 'PUT', json: { id: m.id, name: 'renamed' } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).name).toBe('renamed');
    const del = await p.call(`/v2/memories?id=${m.id}`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ id: m.id, deleted: true });
    expect((await p.call(`/v2/memories?id=${m.id}`)).status).toBe(401);
  });

  it('answers 401 for a memory of another organization or none at all, without saying which', async () => {
    const other = await p.addOrganization('mem-other');
    const theirs = await createMemory({}, other.key);
    const a = await p.call(`/v2/memories?id=${theirs.id}`);
    const b = await p.call('/v2/memories?id=999999');
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect((await a.json()).message.replace(String(theirs.id), 'N')).toBe(
      (await b.json()).message.replace('999999', 'N'),
    );
  });
});

describe('TMX import and fuzzy query', () => {
  let id: number;
  beforeAll(async () => {
    id = (await createMemory({ name: 'ui' })).id;
    const res = await importFile(id, 'ui.tmx', tmxOf(SENTENCES));
    expect(res).toEqual({ status: 200, body: { id, isProcessing: 1 } });
    const m = await settled(id);
    expect(m.resources).toEqual(['ui.tmx']);
    expect(m.version).toBe(1);
  });

  const query = async (text: string) =>
    (await (await p.call(`/v2/memories/query?id=${id}&query=${encodeURIComponent(text)}`)).json()) as {
      source: string;
      target: string;
      score: number;
      metadata: Record<string, unknown>;
    }[];

  it('an exact source scores 100 with its target and resource_name', async () => {
    const [match] = await query(SENTENCES[0]![0]);
    expect(match).toMatchObject({ source: SENTENCES[0]![0], target: SENTENCES[0]![1], score: 100 });
    expect(match!.metadata).toMatchObject({ resource_name: 'ui.tmx', user_email: null });
    expect(match!.metadata.created_at).toEqual(expect.any(Number));
  });

  it('shows a match’s author, date and notes beside it, as the TMX gave them', async () => {
    const { id: annotated } = await createMemory({ name: 'annotated' });
    const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t" adminlang="en" srclang="en" datatype="plaintext"/><body>
  <tu creationid="ana@example.org" creationdate="20240315T101500Z"><note>Button on the checkout page</note>
    <tuv xml:lang="en"><seg>Place your order now</seg></tuv><tuv xml:lang="de"><seg>Jetzt bestellen</seg></tuv></tu>
</body></tmx>`;
    await importFile(annotated, 'shop.tmx', tmx);
    await settled(annotated);
    const res = await p.call(
      `/v2/memories/query?id=${annotated}&query=${encodeURIComponent('Place your orders now')}`,
    );
    const [match] = (await res.json()) as { score: number; metadata: Record<string, unknown> }[];
    expect(match!.score).toBeGreaterThanOrEqual(75);
    expect(match!.metadata).toEqual({
      segment_id: expect.any(Number),
      resource_name: 'shop.tmx',
      user_email: 'ana@example.org',
      created_at: Date.UTC(2024, 2, 15, 10, 15) / 1000,
      notes: 'Button on the checkout page',
    });
  });

  it('one word changed in a 10-word segment scores 75–99', async () => {
    const [match] = await query('The quick brown fox jumps over the lazy cat today');
    expect(match!.source).toBe(SENTENCES[0]![0]);
    expect(match!.score).toBeGreaterThanOrEqual(75);
    expect(match!.score).toBeLessThan(100);
  });

  it('unrelated text returns []', async () => {
    expect(await query('Configure the database connection pool size')).toEqual([]);
  });

  it('a source differing only in placeholder names scores ≥ 90 and its target is fixed up', async () => {
    const [match] = await query('Hello {user}, you have {total} new messages waiting for you');
    expect(match!.score).toBeGreaterThanOrEqual(90);
    expect(match!.target).toBe('Hallo {user}, Sie haben {total} neue Nachrichten');
  });

  it('deletes a segment by the id the query reports', async () => {
    const [match] = await query(SENTENCES[1]![0]);
    const segment = match!.metadata.segment_id;
    const del = await p.call(`/v2/memories/segment?id=${id}&segment_id=${segment}`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ success: true });
    expect((await query(SENTENCES[1]![0]))[0]?.score ?? 0).toBeLessThan(100);
    const again = await p.call(`/v2/memories/segment?id=${id}&segment_id=${segment}`, { method: 'DELETE' });
    expect(await again.json()).toEqual({ success: false });
  });

  it('deletes no segment for an int64 segment_id past 32 bits (PostgreSQL answered 500)', async () => {
    const del = await p.call(`/v2/memories/segment?id=${id}&segment_id=9007199254740991`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: false });
  });
});

describe('failed imports leave the memory as it was', () => {
  let id: number;
  const before = async () => {
    const q = await p.call(`/v2/memories/query?id=${id}&query=${encodeURIComponent(SENTENCES[0]![0])}`);
    return (await q.json()) as unknown[];
  };
  beforeAll(async () => {
    id = (await createMemory({ name: 'kept' })).id;
    await importFile(id, 'good.tmx', tmxOf(SENTENCES));
    await settled(id);
  });

  it.each([
    ['a JSON file named .tmx', 'wrong.tmx', '{"hello": "world"}'],
    ['a truncated TMX', 'cut.tmx', tmxOf(SENTENCES).slice(0, 400)],
  ])(
    '%s: is_processing false, no new segments, a visible reason, earlier segments intact',
    async (_label, name, content) => {
      const versionBefore = (await memory(id)).version;
      const res = await importFile(id, name, content);
      expect(res.status).toBe(200);
      const m = await settled(id);
      expect(m.version).toBe(versionBefore);
      expect(m.resources).toEqual(['good.tmx']);
      expect(m.last_import).toMatchObject({ name, status: 'failed', added: 0, error: expect.any(String) });
      expect((m.last_import as { error: string }).error.length).toBeGreaterThan(10);
      expect(await before()).toHaveLength(1);
      const imports = (await (await p.call(`/v2/memories/imports?id=${id}`)).json()) as {
        name: string;
        status: string;
      }[];
      expect(imports.find((i) => i.name === name)?.status).toBe('failed');
      const staged = await p.database.db
        .selectFrom('segments')
        .select('id')
        .where('memory_id', '=', id)
        .where('visible', '=', 0)
        .execute();
      expect(staged).toEqual([]);
    },
  );
});

describe('import variants', () => {
  it('takes the fields as separate headers, as generated clients send them', async () => {
    const id = (await createMemory()).id;
    const res = await p.call('/v2/memories/import', {
      method: 'POST',
      headers: { memory_id: String(id), name: 'separate.tmx', 'content-type': 'application/octet-stream' },
      body: tmxOf(SENTENCES.slice(0, 1)),
    });
    expect(res.status).toBe(200);
    expect((await settled(id)).resources).toEqual(['separate.tmx']);
  });

  it('skip_duplicates skips units already in the memory or repeated in the file', async () => {
    const id = (await createMemory()).id;
    await importFile(id, 'a.tmx', tmxOf(SENTENCES));
    await settled(id);
    await importFile(
      id,
      'b.tmx',
      tmxOf([...SENTENCES, ...SENTENCES, ['A brand new sentence here', 'Ein ganz neuer Satz hier']]),
      {
        skip_duplicates: true,
      },
    );
    const m = await settled(id);
    expect(m.last_import).toMatchObject({ name: 'b.tmx', status: 'succeeded', added: 1, skipped: 6 });
  });

  it('skip_duplicates with repository keys: a pair held with the same source, target and key is skipped and counted, an import of nothing new succeeds, the same words under another key are added', async () => {
    const id = (await createMemory()).id;
    const at = new Date('2026-01-02T03:04:05Z');
    const pairs = [
      { path: 'locales/de/app.json', id: 'save', source: 'Save the document', target: 'Dokument speichern' },
      { path: 'locales/de/app.json', id: 'title', source: 'Welcome back', target: 'Willkommen zurück' },
    ];
    const tmx = tmxOfPairs(pairs, { source: 'en', target: 'de' }, at);
    const segments = () =>
      p.database.db
        .selectFrom('segments')
        .select(['source', 'target', 'notes'])
        .where('memory_id', '=', id)
        .where('visible', '=', 1)
        .execute();

    expect((await importFile(id, 'first.tmx', tmx, { skip_duplicates: true })).status).toBe(200);
    expect((await settled(id)).last_import).toMatchObject({ status: 'succeeded', added: 2, skipped: 0 });
    expect((await importFile(id, 'again.tmx', tmx, { skip_duplicates: true })).status).toBe(200);
    expect((await settled(id)).last_import).toMatchObject({
      name: 'again.tmx',
      status: 'succeeded',
      added: 0,
      skipped: 2,
    });
    expect(await segments()).toHaveLength(2);

    const otherKey = tmxOfPairs([{ ...pairs[0]!, id: 'toolbar.save' }], { source: 'en', target: 'de' }, at);
    await importFile(id, 'other-key.tmx', otherKey, { skip_duplicates: true });
    expect((await settled(id)).last_import).toMatchObject({ status: 'succeeded', added: 1, skipped: 0 });
    // A pair without a key adds nothing the memory does not hold under some key.
    await importFile(id, 'no-key.tmx', tmxOf([['Save the document', 'Dokument speichern']]), {
      skip_duplicates: true,
    });
    expect((await settled(id)).last_import).toMatchObject({ status: 'succeeded', added: 0, skipped: 1 });
    const held = await segments();
    expect(held).toHaveLength(3);
    expect(held.filter((s) => s.source === 'Save the document').map((s) => s.notes?.split('\n')[0])).toEqual(
      expect.arrayContaining(['x-key: "save"', 'x-key: "toolbar.save"']),
    );

    // Without skip_duplicates an import adds what it holds, as the spec's default says.
    await importFile(id, 'plain.tmx', tmx);
    expect((await settled(id)).last_import).toMatchObject({ status: 'succeeded', added: 2, skipped: 0 });
  });

  it('rejects a bad header, an empty body and an oversized one with a clear 4xx', async () => {
    const id = (await createMemory()).id;
    const noHeader = await p.call('/v2/memories/import', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(noHeader.status).toBe(400);
    expect((await noHeader.json()).message).toMatch(/memory_id/);
    const badJson = await p.call('/v2/memories/import', {
      method: 'POST',
      body: 'x',
      headers: { 'SVC-API': '{nope' },
    });
    expect((await badJson.json()).message).toMatch(/SVC-API must be a JSON object/i);
    expect((await importFile(id, 'empty.tmx', '')).status).toBe(400);
    const big = await importFile(id, 'big.tmx', 'x'.repeat(300 * 1024));
    expect(big.status).toBe(413);
    expect((await importFile(999_999, 'x.tmx', tmxOf(SENTENCES))).status).toBe(401);
    const blobs = await p.database.db.selectFrom('blobs').select('id').where('complete', '=', 0).execute();
    expect(blobs).toEqual([]);
  });
});

describe('termbase', () => {
  it('imports CSV terms, exports them and downloads the CSV', async () => {
    const id = (await createMemory({ name: 'terms' })).id;
    const early = await p.call(`/v2/memories/termbase/download?id=${id}`);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toMatch(/start one with POST/);
    await importFile(
      id,
      'glossary.csv',
      'source,target,notes\r\nfile,Datei,noun\r\n"sign in, now",anmelden,\r\n',
      { has_header_row: true },
    );
    const m = await settled(id);
    expect(m.last_import).toMatchObject({ status: 'succeeded', added: 2 });
    const started = await p.call(`/v2/memories/termbase/export?id=${id}`, { method: 'POST' });
    expect(await started.json()).toEqual({ id, is_processing: 1 });
    await settled(id);
    const csv = await p.call(`/v2/memories/termbase/download?id=${id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await csv.text()).toBe('source,target,notes\r\nfile,Datei,noun\r\n"sign in, now",anmelden,\r\n');
  });
});
