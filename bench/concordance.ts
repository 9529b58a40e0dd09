/**
 * Concordance benchmark: `node bench/concordance.ts` prints one JSON line (disagreements go to
 * stderr).
 *
 * One in-process TM index of 100k generated segments (CONCORDANCE_BENCH_SIZE); 300 fragments are
 * searched in the sources (pieces of stored sentences of 3 to 24 characters cut anywhere, words
 * and word pairs, 15 % not in the memory) and 100 in the targets, first page of 20, newest first.
 * Each answer (total and page) is checked against a scan of every segment. Latency: each query's
 * best of three passes; the scan's median for comparison.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { createTmIndex, type TmSegment } from '../server/engine/tm/index.ts';
import { lowerSameLength } from '../server/engine/tm/normalize.ts';
import { databaseTm } from '../server/services/tm-database.ts';
import { buildPostings } from '../server/store/memories/postings.ts';
import { platformMigrations } from '../server/store/migrations/index.ts';
import type { PlatformSchema } from '../server/store/schema.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seededRandom } from './support/random.ts';
import { sentences } from './support/tm-corpus.ts';

const SIZE = Number(process.env['CONCORDANCE_BENCH_SIZE'] ?? 100_000);
const SOURCE_QUERIES = 300;
const TARGET_QUERIES = 100;
const PAGE = 20;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

const segments: TmSegment[] = [];
const stream = sentences(20261129);
for (let id = 1; id <= SIZE; id++) segments.push({ id, ...stream.next().value! });
const index = createTmIndex();
const built = performance.now();
index.addMany(segments);
const buildMs = performance.now() - built;

const random = seededRandom(7);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
function fragmentOf(text: string): string {
  const kind = random();
  if (kind < 0.4) {
    const words = text.split(' ');
    const at = Math.floor(random() * words.length);
    return words.slice(at, at + 1 + Math.floor(random() * 2)).join(' ');
  }
  const length = 3 + Math.floor(random() * 22);
  const at = Math.floor(random() * Math.max(1, text.length - length));
  return text.slice(at, at + length);
}
const sourceFragments = Array.from({ length: SOURCE_QUERIES }, (_, i) =>
  i % 7 === 0 ? `zq${i}x unheard` : fragmentOf(pick(segments).source),
);
const targetFragments = Array.from({ length: TARGET_QUERIES }, () => fragmentOf(pick(segments).target));

/** Every segment holding the fragment, newest first: the answer by definition. */
function scan(fragment: string, field: 'source' | 'target'): number[] {
  const lower = lowerSameLength(fragment.normalize('NFC'));
  const ids: number[] = [];
  for (let i = segments.length - 1; i >= 0; i--)
    if (lowerSameLength(segments[i]![field]).includes(lower)) ids.push(segments[i]!.id);
  return ids;
}

function run(fragments: string[], field: 'source' | 'target') {
  const best: number[] = [];
  const scans: number[] = [];
  let agreed = 0;
  let viaIndex = 0;
  let hits = 0;
  for (const fragment of fragments) {
    let fastest = Number.POSITIVE_INFINITY;
    let result = index.containing(fragment, { field, limit: PAGE });
    for (let pass = 0; pass < 3; pass++) {
      const t = performance.now();
      result = index.containing(fragment, { field, limit: PAGE });
      fastest = Math.min(fastest, performance.now() - t);
    }
    best.push(fastest);
    const t = performance.now();
    const expected = scan(fragment, field);
    scans.push(performance.now() - t);
    const same =
      result.total === expected.length &&
      result.hits.map((h) => h.id).join() === expected.slice(0, PAGE).join();
    if (same) agreed++;
    else
      process.stderr.write(
        `disagreement on ${JSON.stringify(fragment)} (${field}): ${result.total} against ${expected.length}\n`,
      );
    if (result.via === 'index') viaIndex++;
    hits += result.total;
  }
  best.sort((a, b) => a - b);
  scans.sort((a, b) => a - b);
  return {
    p50_ms: round(quantile(best, 0.5), 3),
    p95_ms: round(quantile(best, 0.95), 3),
    max_ms: round(best[best.length - 1]!, 3),
    scan_p50_ms: round(quantile(scans, 0.5), 2),
    agreement: round(agreed / fragments.length, 4),
    via_index: viaIndex,
    mean_hits: Math.round(hits / fragments.length),
  };
}

/** The PostgreSQL path, on a fresh database holding the same segments (one memory). */
async function postgres(adminUrl: string) {
  const name = `concordance_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase<PlatformSchema>(url.toString());
  try {
    const db = database.db;
    await migrateToLatest(db as never, database.dialect, platformMigrations);
    const organization = await db
      .insertInto('organizations')
      .values({ name: 'bench', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const memory = await db
      .insertInto('memories')
      .values({
        organization_id: organization.id,
        name: 'bench',
        srclang: 'en',
        srclocale: null,
        trglang: 'de',
        trglocale: null,
        version: 1,
        processing: 0,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < segments.length; i += 2000) {
      await db
        .insertInto('segments')
        .values(
          segments.slice(i, i + 2000).map((s) => ({
            memory_id: memory.id,
            source: s.source,
            target: s.target,
            source_hash: String(s.id),
            notes: null,
            resource_name: 'bench.tmx',
            user_email: null,
            import_id: null,
            visible: 1,
            created_at: s.id,
          })),
        )
        .execute();
    }
    await buildPostings(db, memory.id);
    await sql`ANALYZE`.execute(db);
    const lookup = await databaseTm(database).get(memory.id, 1);
    const time = async (fragments: string[], field: 'source' | 'target') => {
      const ms: number[] = [];
      let agreed = 0;
      for (const fragment of fragments) {
        const t = performance.now();
        const found = await lookup.containing!(fragment, { field, limit: PAGE });
        ms.push(performance.now() - t);
        // Ids differ from the in-process index's (the rows got new ones): compare by source.
        const mine = index.containing(fragment, { field, limit: PAGE });
        if (
          found.total === mine.total &&
          found.hits.map((h) => h.source).join() === mine.hits.map((h) => h.source).join()
        )
          agreed++;
        else
          process.stderr.write(
            `postgres disagrees on ${JSON.stringify(fragment)} (${field}): ${found.total} against ${mine.total}\n`,
          );
      }
      ms.sort((a, b) => a - b);
      return {
        p50_ms: round(quantile(ms, 0.5), 1),
        p95_ms: round(quantile(ms, 0.95), 1),
        agreement: round(agreed / fragments.length, 4),
      };
    };
    return {
      source: await time(sourceFragments.slice(0, 100), 'source'),
      target: await time(targetFragments.slice(0, 50), 'target'),
    };
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
}

const source = run(sourceFragments, 'source');
const target = run(targetFragments, 'target');
const postgresUrl = process.env['CONCORDANCE_BENCH_POSTGRES_URL'];
const onPostgres = postgresUrl ? await postgres(postgresUrl) : undefined;
process.stdout.write(
  `${JSON.stringify({
    bench: 'concordance',
    segments: SIZE,
    build_ms: Math.round(buildMs),
    page: PAGE,
    source,
    target,
    ...(onPostgres ? { postgres: onPostgres } : {}),
  })}\n`,
);
