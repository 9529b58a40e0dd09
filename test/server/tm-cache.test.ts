/**
 * The TM index cache keeps a memory's index in step with the changes this process makes, without
 * rebuilding it, and gives the answer a rebuild would give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/support/random.ts';
import { createTmIndex } from '../../server/engine/tm/index.ts';
import { createTmCache } from '../../server/services/tm-cache.ts';
import type { Db } from '../../server/store/db.ts';
import { bumpVersion, sourceHash } from '../../server/store/memories.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { segmentRow } from '../support/segments.ts';
import { tmxOf } from '../support/tmx.ts';

let p: TestPlatform;
let db: Db;
beforeAll(async () => {
  p = await startPlatform();
  db = p.database.db;
});
afterAll(() => p.close());

async function createMemory(): Promise<number> {
  const res = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'cache', srclang: 'en', trglang: 'de' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

async function version(memoryId: number): Promise<number> {
  const row = await db
    .selectFrom('memories')
    .select('version')
    .where('id', '=', memoryId)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

async function insert(memoryId: number, source: string, target: string): Promise<number> {
  const { id } = await db
    .insertInto('segments')
    .values({ ...segmentRow(source, target, { source_hash: sourceHash(source) }), memory_id: memoryId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const sources = (matches: { source: string }[]) => matches.map((m) => m.source);

describe('TmCache', () => {
  it('applies the next change to the cached index in place, with no rebuild', async () => {
    const memoryId = await createMemory();
    await insert(memoryId, 'The file could not be saved.', 'Die Datei konnte nicht gespeichert werden.');
    const gone = await insert(memoryId, 'The folder is empty.', 'Der Ordner ist leer.');
    const cache = createTmCache(db);
    const before = await cache.get(memoryId, await version(memoryId));

    const id = await insert(
      memoryId,
      'The file could not be opened.',
      'Die Datei konnte nicht geöffnet werden.',
    );
    await db.deleteFrom('segments').where('id', '=', gone).execute();
    const next = (await bumpVersion(db, memoryId, 1))!;
    expect(cache.isNext(memoryId, next)).toBe(true);
    cache.apply({
      memoryId,
      version: next,
      removed: [gone],
      added: [
        { id, source: 'The file could not be opened.', target: 'Die Datei konnte nicht geöffnet werden.' },
      ],
    });

    const after = await cache.get(memoryId, next);
    expect(after).toBe(before);
    expect(sources(after.query('The file could not be opened.'))).toEqual([
      'The file could not be opened.',
      'The file could not be saved.',
    ]);
    expect(after.has(gone)).toBe(false);
  });

  it('ignores a change that is not the next one, and the new version rebuilds', async () => {
    const memoryId = await createMemory();
    await insert(memoryId, 'Open the settings.', 'Öffnen Sie die Einstellungen.');
    const cache = createTmCache(db);
    const at = await version(memoryId);
    const before = await cache.get(memoryId, at);
    // Another process changed the memory first (at + 1); this process's change is at + 2.
    await insert(memoryId, 'Close the settings.', 'Schließen Sie die Einstellungen.');
    await bumpVersion(db, memoryId, 1);
    const later = (await bumpVersion(db, memoryId, 2))!;
    expect(cache.isNext(memoryId, later)).toBe(false);
    cache.apply({ memoryId, version: later, removed: [], added: [] });
    const rebuilt = await cache.get(memoryId, later);
    expect(rebuilt).not.toBe(before);
    expect(rebuilt.size).toBe(2);
  });

  it('a request that read an older version gets the newer index instead of rebuilding the old one', async () => {
    const memoryId = await createMemory();
    await insert(memoryId, 'Save changes?', 'Änderungen speichern?');
    const cache = createTmCache(db);
    const old = await version(memoryId);
    const index = await cache.get(memoryId, old);
    const next = (await bumpVersion(db, memoryId, 1))!;
    cache.apply({ memoryId, version: next, removed: [], added: [] });
    expect(await cache.get(memoryId, old)).toBe(index);
    expect(await cache.get(memoryId, next)).toBe(index);
  });
});

describe('the platform’s index after its own changes', () => {
  const WORDS = 'file folder image the a could not be saved opened deleted moved is empty full ready'.split(
    ' ',
  );

  async function importUnits(memoryId: number, name: string, content: string) {
    const res = await p.call('/v2/memories/import', {
      method: 'POST',
      headers: {
        'SVC-API': JSON.stringify({ memory_id: memoryId, name }),
        'content-type': 'application/octet-stream',
      },
      body: content,
    });
    expect(res.status).toBe(200);
    await p.idle();
    const [memory] = (await (await p.call(`/v2/memories?id=${memoryId}`)).json()) as {
      last_import: { name: string; status: string };
    }[];
    expect(memory!.last_import).toMatchObject({ name, status: 'succeeded' });
  }

  async function query(memoryId: number, text: string) {
    const res = await p.call(`/v2/memories/query?id=${memoryId}&query=${encodeURIComponent(text)}&n=10`);
    expect(res.status).toBe(200);
    const matches = (await res.json()) as { score: number; metadata: { segment_id: number } }[];
    return matches.map((m) => [m.metadata.segment_id, m.score]);
  }

  /** What an index built now from the stored rows answers. */
  async function rebuilt(memoryId: number, text: string) {
    const index = createTmIndex();
    index.addMany(
      await db
        .selectFrom('segments')
        .select(['id', 'source', 'target'])
        .where('memory_id', '=', memoryId)
        .where('visible', '=', 1)
        .orderBy('id')
        .execute(),
    );
    return index.query(text, { n: 10 }).map((m) => [m.id, m.score]);
  }

  it('property: after imports, termbase imports and deleted segments, queries answer as a rebuilt index', async () => {
    const memoryId = await createMemory();
    const random = seededRandom(20261122);
    const sentence = () =>
      Array.from(
        { length: 4 + Math.floor(random() * 4) },
        () => WORDS[Math.floor(random() * WORDS.length)],
      ).join(' ');
    await importUnits(
      memoryId,
      'first.tmx',
      tmxOf(Array.from({ length: 40 }, () => [sentence(), 'x'] as [string, string])),
    );
    // Each step changes the memory, then asks for the text it touched and for a random one.
    for (let step = 0; step < 30; step++) {
      const roll = random();
      let touched: string;
      if (roll < 0.4) {
        const units = Array.from(
          { length: 1 + Math.floor(random() * 5) },
          () => [sentence(), `t${step}`] as [string, string],
        );
        await importUnits(memoryId, `step-${step}.tmx`, tmxOf(units));
        touched = units[0]![0];
      } else if (roll < 0.5) {
        touched = WORDS[step % WORDS.length]!;
        await importUnits(memoryId, `terms-${step}.csv`, `${touched},w${step}\n`);
      } else {
        const rows = await db
          .selectFrom('segments')
          .select(['id', 'source'])
          .where('memory_id', '=', memoryId)
          .execute();
        const victim = rows[Math.floor(random() * rows.length)]!;
        const res = await p.call(`/v2/memories/segment?id=${memoryId}&segment_id=${victim.id}`, {
          method: 'DELETE',
        });
        expect(await res.json()).toEqual({ success: true });
        touched = victim.source;
      }
      for (const text of [touched, sentence()]) {
        expect(await query(memoryId, text), `step ${step}: ${text}`).toEqual(await rebuilt(memoryId, text));
      }
    }
  });
});
