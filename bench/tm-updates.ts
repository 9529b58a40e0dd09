/**
 * TM after a change: `npm run bench -- tm-updates` prints one JSON line.
 *
 * A memory of TM_UPDATES_SEGMENTS generated segments (default 100,000) is imported into the
 * platform and queried once, so its index is cached. Then, ROUNDS times each, the memory changes
 * and the next query is timed:
 *  - own: a change through this platform process (a segment deleted, then a 10-unit TMX import:
 *    the two kinds of write the workbench and the API make), which it applies to its index;
 *  - other: the same kind of change made by another process (rows written and the version bumped
 *    in the database directly), which this process can only answer by rebuilding the index.
 * Figures are medians; speedup is other over own, measured in the same run.
 */
import { bumpVersion, sourceHash } from '../server/store/memories.ts';
import { startPlatform } from '../test/support/platform.ts';
import { tmxOf } from '../test/support/tmx.ts';
import { seededRandom } from './support/random.ts';

const SEGMENTS = Number(process.env['TM_UPDATES_SEGMENTS'] ?? 100_000);
const ROUNDS = 5;
const WORDS =
  'file folder image document the a your could not be saved opened deleted moved shared is empty full ready now later again'.split(
    ' ',
  );

const random = seededRandom(20261122);
const sentence = (n: number) =>
  `${Array.from({ length: 5 + Math.floor(random() * 8) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')} ${n}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const p = await startPlatform();
const { db } = p.database;
try {
  const created = await p.call('/v2/memories', {
    method: 'POST',
    json: { name: 'bench', srclang: 'en', trglang: 'de' },
  });
  const memoryId = ((await created.json()) as { id: number }).id;
  const importUnits = async (name: string, units: string[]) => {
    const res = await p.call('/v2/memories/import', {
      method: 'POST',
      headers: {
        'SVC-API': JSON.stringify({ memory_id: memoryId, name }),
        'content-type': 'application/octet-stream',
      },
      body: tmxOf(units.map((s) => [s, `DE ${s}`] as const)),
    });
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${await res.text()}`);
    await p.idle();
  };
  const timedQuery = async () => {
    const started = performance.now();
    const res = await p.call(`/v2/memories/query?id=${memoryId}&query=${encodeURIComponent(sentence(7))}`);
    if (res.status !== 200) throw new Error(`query answered ${res.status}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  /** The version bump another process makes with its change. */
  const bumpElsewhere = () => bumpVersion(db, memoryId, Date.now());
  const someSegment = async () =>
    (
      await db
        .selectFrom('segments')
        .select('id')
        .where('memory_id', '=', memoryId)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;

  await importUnits(
    'base.tmx',
    Array.from({ length: SEGMENTS }, (_, i) => sentence(i)),
  );
  const firstBuild = await timedQuery();

  const own: number[] = [];
  const other: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Own changes: deleting a segment, then importing a few units.
    const res = await p.call(`/v2/memories/segment?id=${memoryId}&segment_id=${await someSegment()}`, {
      method: 'DELETE',
    });
    if (res.status !== 200) throw new Error(`delete answered ${res.status}`);
    own.push(await timedQuery());
    await importUnits(
      `own-${round}.tmx`,
      Array.from({ length: 10 }, (_, i) => sentence(SEGMENTS + round * 10 + i)),
    );
    own.push(await timedQuery());

    // The same changes by another process: straight to the database, with the version bump.
    await db
      .deleteFrom('segments')
      .where('id', '=', await someSegment())
      .execute();
    await bumpElsewhere();
    other.push(await timedQuery());
    const source = sentence(SEGMENTS * 2 + round);
    await db
      .insertInto('segments')
      .values({
        memory_id: memoryId,
        source,
        target: `DE ${source}`,
        source_hash: sourceHash(source),
        notes: null,
        resource_name: 'other.tmx',
        user_email: null,
        import_id: null,
        visible: 1,
        created_at: Date.now(),
      })
      .execute();
    await bumpElsewhere();
    other.push(await timedQuery());
  }
  const round1 = (x: number) => Math.round(x * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({
      bench: 'tm-updates',
      segments: SEGMENTS,
      first_query_ms: round1(firstBuild),
      query_after_own_change_ms: round1(median(own)),
      query_after_other_change_ms: round1(median(other)),
      speedup: round1(median(other) / median(own)),
    })}\n`,
  );
} finally {
  await p.close();
}
