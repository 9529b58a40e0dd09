/**
 * The TM's posting lists on PostgreSQL (`tm_lists` and `tm_postings`, migrations 0010–0012) follow the segments: an
 * import and a confirmation write them with their segments, every process answers from them (a
 * change through one process is in another's next query), a deleted memory takes them along, the
 * postings of deleted segments are counted dead until a compaction rebuilds the lists, and a
 * database that held segments before the migration gets lists for them. SQLite keeps the table
 * empty: its index is in process.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, sentences } from '../../bench/support/tm-corpus.ts';
import { createApp } from '../../server/app.ts';
import { indexKey, PostingCollector } from '../../server/engine/tm/posting-collector.ts';
import { databaseTm } from '../../server/services/tm-database.ts';
import { readSettings } from '../../server/settings.ts';
import { dropStaged } from '../../server/store/memories/imports.ts';
import {
  COMPACT_WORK,
  compactPostings,
  noteDeadPostings,
  postingsOf as postingsOfSources,
} from '../../server/store/memories/postings.ts';
import { insertSegmentsReturning } from '../../server/store/memories/segments.ts';
import { MemoryNotOwned } from '../../server/store/memories.ts';
import { platformMigrations } from '../../server/store/migrations/index.ts';
import type { PlatformSchema } from '../../server/store/schema.ts';
import { connectDatabase, type Database } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createPostgresDatabase, testEngine } from '../support/db.ts';
import { basic, startPlatform, type TestPlatform } from '../support/platform.ts';
import { segmentRow } from '../support/segments.ts';
import { tmxOf } from '../support/tmx.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

async function createMemory(call = p.call): Promise<number> {
  const created = await call('/v2/memories', {
    method: 'POST',
    json: { name: 'lists', srclang: 'en', trglang: 'de' },
  });
  expect(created.status).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

async function importUnits(memoryId: number, units: [string, string][], name = 'units.tmx', call = p.call) {
  const res = await call('/v2/memories/import', {
    method: 'POST',
    headers: {
      'SVC-API': JSON.stringify({ memory_id: memoryId, name }),
      'content-type': 'application/octet-stream',
    },
    body: tmxOf(units),
  });
  expect(res.status).toBe(200);
  await p.idle();
}

/** Postings stored for a memory, and what the segments' keys say they should be. */
async function postingsOf(memoryId: number) {
  const { rows } = await sql<{ n: string | number; chunked: string | number }>`
    SELECT (SELECT coalesce(sum(n), 0) FROM tm_lists WHERE memory_id = ${memoryId}) AS n,
           (SELECT coalesce(sum(n), 0) FROM tm_postings WHERE memory_id = ${memoryId}) AS chunked`.execute(
    p.database.db,
  );
  const segments = await p.database.db
    .selectFrom('segments')
    .select(['id', 'source'])
    .where('memory_id', '=', memoryId)
    .execute();
  const collector = new PostingCollector();
  for (const s of segments) collector.add(s.id, s.source);
  // The lists' sizes and their chunks agree.
  expect(Number(rows[0]!.chunked)).toBe(Number(rows[0]!.n));
  return { stored: Number(rows[0]!.n), expected: collector.size };
}

/** Values of `tm_postings` kept in its TOAST table. */
async function toasted(db: Kysely<PlatformSchema>): Promise<number> {
  const { rows } = await sql<{ toast: string }>`
    SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE relname = 'tm_postings'`.execute(db);
  const counted = await sql<{
    n: string | number;
  }>`SELECT count(DISTINCT chunk_id) AS n FROM ${sql.raw(rows[0]!.toast)}`.execute(db);
  return Number(counted.rows[0]!.n);
}

const UNITS: [string, string][] = [
  ['Delete the selected file?', 'Ausgewählte Datei löschen?'],
  ['You have {count} unread messages', 'Sie haben {count} ungelesene Nachrichten'],
  ['Could not save the project.', 'Das Projekt konnte nicht gespeichert werden.'],
  [
    'Click <b>Save</b> to keep your changes.',
    'Klicken Sie auf <b>Speichern</b>, um Ihre Änderungen zu behalten.',
  ],
];

describe(`TM posting lists on ${testEngine}`, () => {
  if (testEngine !== 'postgres') {
    it('stays empty on SQLite, whose TM index is in process', async () => {
      const memoryId = await createMemory();
      await importUnits(memoryId, UNITS);
      const { rows } = await sql<{
        n: number;
      }>`SELECT (SELECT count(*) FROM tm_lists) + (SELECT count(*) FROM tm_postings) AS n`.execute(
        p.database.db,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });
    return;
  }

  it('holds one posting per distinct gram of every imported segment, and a deleted memory takes them along', async () => {
    const memoryId = await createMemory();
    await importUnits(memoryId, UNITS);
    const { stored, expected } = await postingsOf(memoryId);
    expect(expected).toBeGreaterThan(100);
    expect(stored).toBe(expected);
    // A key's grams are its normalised, lower-cased text's: tags out, any placeholder alike.
    expect(indexKey('Click <b>Save</b> to keep {count} changes.')).toBe(
      indexKey('click save to keep %d changes.'),
    );
    expect((await p.call(`/v2/memories?id=${memoryId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await postingsOf(memoryId)).stored).toBe(0);
  });

  it("answers a memory's organization only: its lists read checks the owner, whatever the text", async () => {
    const ours = await p.addOrganization('lists-ours');
    const theirs = await p.addOrganization('lists-theirs');
    const call: typeof p.call = (path, init) => p.call(path, { ...init, key: ours.key });
    const memoryId = await createMemory(call);
    await importUnits(memoryId, UNITS, 'units.tmx', call);
    const tm = databaseTm(p.database);
    const texts = ['Delete the selected file?', '', '?!…', 'ab'.repeat(2500)];
    for (const text of texts) {
      for (const [organizationId, id] of [
        [theirs.organizationId, memoryId],
        [ours.organizationId, memoryId + 1000],
      ] as const) {
        const error = await tm.owned!(organizationId, id)
          .query(text, { n: 1 })
          .catch((e: unknown) => e);
        expect(error, `${organizationId}/${id}: ${text.slice(0, 20)}`).toBeInstanceOf(MemoryNotOwned);
      }
    }
    const [match] = await tm.owned!(ours.organizationId, memoryId).query(texts[0]!, { n: 1 });
    expect(match).toMatchObject({ score: 100, target: 'Ausgewählte Datei löschen?' });
    // A lookup by id alone (the caller read the memory's row) checks no owner.
    expect(await (await tm.get(memoryId, 0)).query(texts[0]!, { n: 1 })).toEqual([match]);
  });

  it('answers queries running at once in one process as it answers them one by one', async () => {
    const memoryId = await createMemory();
    const stream = sentences(7);
    const units = Array.from({ length: 1500 }, () => {
      const { source, target } = stream.next().value!;
      return [source, target] as [string, string];
    });
    await importUnits(memoryId, units);
    const lookup = await databaseTm(p.database).get(memoryId, 0);
    const texts = Array.from({ length: 24 }, (_, i) =>
      mutate(
        units.map(([source]) => source),
        99 + i,
      ),
    );
    const alone: unknown[] = [];
    for (const text of texts) alone.push(await lookup.query(text, { n: 3 }));
    // Each query decodes its lists while they arrive, between awaits: in lists of its own.
    const together = await Promise.all(texts.map((text) => lookup.query(text, { n: 3 })));
    expect(together).toEqual(alone);
    expect(alone.filter((matches) => (matches as unknown[]).length > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('keeps a list longer than a chunk in several, and answers from all of them', async () => {
    const memoryId = await createMemory();
    // Numbers are one character of a key: 2,600 sources with one key make lists of 2,600.
    const units = Array.from(
      { length: 2600 },
      (_, i) => [`Open the report ${i + 1}`, `Bericht ${i + 1} öffnen`] as [string, string],
    );
    await importUnits(memoryId, units);
    const { stored, expected } = await postingsOf(memoryId);
    expect(stored).toBe(expected);
    const { rows } = await sql<{ chunks: number }>`
      SELECT max(chunk) + 1 AS chunks FROM tm_postings WHERE memory_id = ${memoryId}`.execute(p.database.db);
    expect(Number(rows[0]!.chunks)).toBe(2);
    // A full chunk (over 2 kB of varints here) stays in its row, not in TOAST (migration 0011).
    expect(await toasted(p.database.db)).toBe(0);
    const res = await p.call(
      `/v2/memories/query?id=${memoryId}&n=3&query=${encodeURIComponent('Open the reports 7')}`,
    );
    const matches = (await res.json()) as { source: string; score: number }[];
    expect(matches).toHaveLength(3);
    for (const m of matches) {
      expect(m.source).toMatch(/^Open the report \d+$/);
      expect(m.score).toBeGreaterThanOrEqual(75);
    }
  });

  it('answers a change made through one process in another process’s next query', async () => {
    const memoryId = await createMemory();
    await importUnits(memoryId, UNITS);
    const database = connectDatabase<PlatformSchema>(p.databaseUrl);
    const { app, worker } = createApp({ database, settings: readSettings({}) });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const replica = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ask = async (text: string) => {
      const res = await fetch(
        `${replica}/v2/memories/query?id=${memoryId}&n=1&query=${encodeURIComponent(text)}`,
        {
          headers: { authorization: basic(p.key) },
        },
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { source: string; score: number }[];
    };
    try {
      expect((await ask('Delete the selected files?'))[0]?.source).toBe('Delete the selected file?');
      const added = 'The quarterly zebra invoice was archived by {user}.';
      expect(await ask('The quarterly zebra invoice was archived by {name}')).toEqual([]);
      await importUnits(memoryId, [[added, 'Die Zebra-Rechnung wurde von {user} archiviert.']], 'more.tmx');
      const [match] = await ask('The quarterly zebra invoice was archived by {name}');
      expect(match?.source).toBe(added);
      expect(match!.score).toBeGreaterThanOrEqual(75);
    } finally {
      await worker.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    }
  });

  /** A memory's dead-posting count and its pending compactions. */
  async function deadOf(memoryId: number) {
    const memory = await p.database.db
      .selectFrom('memories')
      .select('tm_dead_postings')
      .where('id', '=', memoryId)
      .executeTakeFirstOrThrow();
    const queued = await p.database.db
      .selectFrom('work_items')
      .select('status')
      .where('kind', '=', COMPACT_WORK)
      .where('payload', '=', JSON.stringify({ memoryId }))
      .execute();
    return { dead: Number(memory.tm_dead_postings), compactions: queued.map((w) => w.status) };
  }

  it('counts a deleted segment’s postings as dead, and a compaction rebuilds the lists without them', async () => {
    const memoryId = await createMemory();
    await importUnits(memoryId, UNITS);
    const gone = await p.database.db
      .selectFrom('segments')
      .select(['id', 'source'])
      .where('memory_id', '=', memoryId)
      .where('source', '=', UNITS[2]![0])
      .executeTakeFirstOrThrow();
    const res = await p.call(`/v2/memories/segment?id=${memoryId}&segment_id=${gone.id}`, {
      method: 'DELETE',
    });
    expect(await res.json()).toEqual({ success: true });
    const dead = postingsOfSources([gone.source]);
    expect(dead).toBeGreaterThan(20);
    expect((await deadOf(memoryId)).dead).toBe(dead);
    const before = await postingsOf(memoryId);
    expect(before.stored - before.expected).toBe(dead);

    expect(await compactPostings(p.database.db, memoryId)).toBe('compacted');
    const after = await postingsOf(memoryId);
    expect(after.stored).toBe(after.expected);
    expect((await deadOf(memoryId)).dead).toBe(0);
    const matches = (await (
      await p.call(
        `/v2/memories/query?id=${memoryId}&n=1&query=${encodeURIComponent('Delete the selected files?')}`,
      )
    ).json()) as { source: string }[];
    expect(matches[0]?.source).toBe(UNITS[0]![0]);
  });

  it('queues one compaction once the dead are a quarter of the lists; it waits while an import runs', async () => {
    const memoryId = await createMemory();
    await importUnits(memoryId, UNITS);
    const { stored } = await postingsOf(memoryId);
    const eighth = Math.ceil(stored / 8);
    await noteDeadPostings(p.database.db, memoryId, eighth, 0, 1);
    expect(await deadOf(memoryId)).toEqual({ dead: eighth, compactions: [] });
    await noteDeadPostings(p.database.db, memoryId, eighth, 0, 1);
    await noteDeadPostings(p.database.db, memoryId, 1, 0, 1);
    expect(await deadOf(memoryId)).toEqual({ dead: 2 * eighth + 1, compactions: ['queued'] });

    await p.database.db.updateTable('memories').set({ processing: 1 }).where('id', '=', memoryId).execute();
    expect(await compactPostings(p.database.db, memoryId)).toBe('busy');
    await p.database.db.updateTable('memories').set({ processing: 0 }).where('id', '=', memoryId).execute();
    // The platform's worker runs the queued compaction.
    await p.idle();
    expect(await deadOf(memoryId)).toEqual({ dead: 0, compactions: ['done'] });
    const after = await postingsOf(memoryId);
    expect(after.stored).toBe(after.expected);
  });

  it('counts the postings of segments a failed import staged as dead', async () => {
    const memoryId = await createMemory();
    const staged = UNITS.map(([source, target]) =>
      segmentRow(source, target, { resource_name: 'failed.tmx', import_id: 987_654, visible: 0 }),
    );
    await insertSegmentsReturning(p.database.db, memoryId, staged);
    await dropStaged(p.database.db, 987_654, memoryId, 0);
    expect((await deadOf(memoryId)).dead).toBe(postingsOfSources(UNITS.map(([source]) => source)));
    expect((await postingsOf(memoryId)).expected).toBe(0);
  });

  it('compacts once the writers of the memory’s lists have committed, losing none of theirs', async () => {
    const memoryId = await createMemory();
    await importUnits(memoryId, UNITS);
    const other = connectDatabase<PlatformSchema>(p.databaseUrl);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let appended!: () => void;
    const written = new Promise<void>((resolve) => {
      appended = resolve;
    });
    try {
      const writer = other.db.transaction().execute(async (tx) => {
        // As long as a stored source: its lists are partly the same ones, partly new.
        await insertSegmentsReturning(tx, memoryId, [
          segmentRow('Could not save the projects', 'Die Projekte konnten nicht gespeichert werden.'),
        ]);
        appended();
        await held;
      });
      await written;
      let settled = false;
      const compaction = compactPostings(p.database.db, memoryId).then((outcome) => {
        settled = true;
        return outcome;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      release();
      await writer;
      expect(await compaction).toBe('compacted');
      const after = await postingsOf(memoryId);
      expect(after.stored).toBe(after.expected);
      expect(after.expected).toBeGreaterThan(postingsOfSources(UNITS.map(([source]) => source)));
    } finally {
      release();
      await other.close();
    }
  });

  /** Runs `test` on a new database migrated up to, not including, `migration`; drops it after. */
  async function beforeMigration(
    migration: string,
    test: (database: Database<PlatformSchema>) => Promise<void>,
  ) {
    const created = await createPostgresDatabase();
    const database = connectDatabase<PlatformSchema>(created.url);
    try {
      const before = Object.fromEntries(
        Object.entries(platformMigrations).filter(([name]) => name < migration),
      );
      await migrateToLatest(database.db as never, database.dialect, before);
      await test(database);
    } finally {
      await database.close();
      await created.drop();
    }
  }

  it('is built by the migration for segments stored before it', async () => {
    await beforeMigration('0010', async (database) => {
      const db = database.db;
      const org = await db
        .insertInto('organizations')
        .values({ name: 'o', created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const memory = await db
        .insertInto('memories')
        .values({
          organization_id: org.id,
          name: 'm',
          srclang: 'en',
          srclocale: null,
          trglang: 'de',
          trglocale: null,
          version: 0,
          processing: 0,
          created_at: 0,
          updated_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('segments')
        .values(UNITS.map(([source, target]) => ({ ...segmentRow(source, target), memory_id: memory.id })))
        .execute();
      await migrateToLatest(database.db as never, database.dialect, platformMigrations);
      const segments = await db.selectFrom('segments').select(['id', 'source']).execute();
      const collector = new PostingCollector();
      for (const s of segments) collector.add(s.id, s.source);
      const { rows } = await sql<{ n: string }>`SELECT sum(n) AS n FROM tm_lists`.execute(db);
      expect(Number(rows[0]!.n)).toBe(collector.size);
    });
  });

  it('moves chunks stored in TOAST before migration 0011 into their rows, unchanged', async () => {
    await beforeMigration('0011', async (database) => {
      const ids = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 128));
      await database.db
        .insertInto('tm_postings')
        .values({ memory_id: 1, gram: 42, bucket: 3, chunk: 0, n: 3000, ids })
        .execute();
      expect(await toasted(database.db)).toBe(1);
      await migrateToLatest(database.db as never, database.dialect, platformMigrations);
      expect(await toasted(database.db)).toBe(0);
      const row = await database.db.selectFrom('tm_postings').select(['n', 'ids']).executeTakeFirstOrThrow();
      expect(row.n).toBe(3000);
      expect(Buffer.from(row.ids).equals(ids)).toBe(true);
    });
  });
});
