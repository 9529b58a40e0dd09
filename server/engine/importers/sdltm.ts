import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { countSkipped, describePair, nothingImported, type ReadContext } from './context.ts';
import { notA } from './detect.ts';
import { ImportError } from './import-error.ts';
import { formatTag, parseLanguageTag, tagRank } from './languages.ts';
import { emailOf, joinNotes, parseIsoDate } from './metadata.ts';
import { segmentText } from './sdltm-segment.ts';
import type { ImportedSegment } from './types.ts';

type Row = Record<string, unknown>;

/** Columns read from `translation_units`; those a file lacks are read as NULL. */
const UNIT_COLUMNS = ['creation_date', 'creation_user', 'change_date', 'change_user'];

/**
 * An SDLTM: a Trados translation memory, which is an SQLite database. SQLite needs a file, so the
 * chunks go to a private temporary directory that is removed afterwards, on error too. The
 * database is opened read-only, with defensive mode on and its schema not trusted, and only real
 * tables are read (a view named translation_units could make a query run forever). Memories in
 * `translation_memories` whose source_language/target_language fit the pair are read; their
 * `translation_units` become segments (segment XML: sdltm-segment.ts), with creation_date →
 * createdAt, creation_user/change_user → userEmail when they are e-mail addresses, and the unit's
 * text fields (`string_attributes`) → notes as "field: value".
 */
export async function* readSdltm(
  bytes: AsyncIterable<Uint8Array>,
  context: ReadContext,
  tempDir: string = tmpdir(),
): AsyncGenerator<ImportedSegment> {
  const dir = await mkdtemp(join(tempDir, 'svc-sdltm-'));
  let db: DatabaseSync | undefined;
  try {
    const path = join(dir, 'import.sdltm');
    await writeFile(path, bytes);
    try {
      db = new DatabaseSync(path, { readOnly: true });
      db.enableDefensive(true);
      db.exec('PRAGMA trusted_schema = OFF');
      db.prepare('SELECT count(*) FROM sqlite_master').get();
    } catch (error) {
      throw notA(context.name, context.format, `SQLite cannot open it (${(error as Error).message})`);
    }
    try {
      yield* readUnits(db, context);
    } catch (error) {
      // A page damaged past the header surfaces only when a query reaches it.
      if (error instanceof ImportError) throw error;
      throw notA(context.name, context.format, `SQLite cannot read it (${(error as Error).message})`);
    }
  } finally {
    db?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeFile(path: string, bytes: AsyncIterable<Uint8Array>): Promise<void> {
  const handle = await open(path, 'wx', 0o600);
  try {
    for await (const chunk of bytes) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

function* readUnits(db: DatabaseSync, context: ReadContext): Generator<ImportedSegment> {
  const tables = new Set(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => String(row['name'])),
  );
  for (const table of ['translation_memories', 'translation_units']) {
    if (!tables.has(table)) throw notA(context.name, context.format, `it has no ${table} table`);
  }
  const memories = db.prepare('SELECT id, source_language, target_language FROM translation_memories').all();
  const fitting = memories.filter(
    (tm) =>
      tagRank(parseLanguageTag(String(tm['source_language'] ?? '')), context.sides.source) > 0 &&
      tagRank(parseLanguageTag(String(tm['target_language'] ?? '')), context.sides.target) > 0,
  );
  if (fitting.length === 0) {
    const found = memories
      .map((tm) => `${tag(tm['source_language'])} → ${tag(tm['target_language'])}`)
      .join(', ');
    throw new ImportError(
      `${context.name}: the SDLTM holds ${found || 'no memory'}, which does not fit this memory (${describePair(context)})`,
    );
  }
  const present = new Set(
    db
      .prepare('PRAGMA table_info(translation_units)')
      .all()
      .map((row) => String(row['name'])),
  );
  const extra = UNIT_COLUMNS.map((column) => (present.has(column) ? column : `NULL AS ${column}`)).join(', ');
  const units = db.prepare(
    `SELECT id, source_segment, target_segment, ${extra} FROM translation_units
     WHERE translation_memory_id IN (${fitting.map(() => '?').join(', ')}) ORDER BY id`,
  );
  const fields = attributeReader(db, tables);
  let read = 0;
  for (const unit of units.iterate(...fitting.map((tm) => tm['id'] as number))) {
    read++;
    const source = text(unit, 'source_segment', context);
    const target = text(unit, 'target_segment', context);
    if (!source.trim() || !target.trim()) {
      countSkipped(context.stats, 'empty');
      continue;
    }
    const segment: ImportedSegment = { source, target };
    const createdAt = parseIsoDate(unit['creation_date']) ?? parseIsoDate(unit['change_date']);
    const userEmail = emailOf(stringOf(unit['creation_user']), stringOf(unit['change_user']));
    const notes = joinNotes(fields(unit['id']));
    if (createdAt !== undefined) segment.createdAt = createdAt;
    if (userEmail !== undefined) segment.userEmail = userEmail;
    if (notes !== undefined) segment.notes = notes;
    context.stats.imported++;
    yield segment;
  }
  if (context.stats.imported === 0) {
    throw nothingImported(
      context,
      read === 0 ? 'the SDLTM holds no translation units' : `none of its ${read} translation units has text`,
      `memory ${describePair(context)}`,
    );
  }
}

/** "field: value" lines of a unit's text fields, when the database has Trados' attribute tables. */
function attributeReader(db: DatabaseSync, tables: Set<string>): (unitId: unknown) => string[] {
  if (!tables.has('string_attributes') || !tables.has('attributes')) return () => [];
  const query = db.prepare(
    `SELECT a.name AS name, s.value AS value FROM string_attributes s
     JOIN attributes a ON a.id = s.attribute_id WHERE s.translation_unit_id = ? ORDER BY a.name`,
  );
  return (unitId) =>
    query.all(unitId as number).map((row: Row) => `${String(row['name'])}: ${String(row['value'] ?? '')}`);
}

function text(unit: Row, column: string, context: ReadContext): string {
  const xml = unit[column];
  if (typeof xml !== 'string') return '';
  try {
    return segmentText(xml);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ImportError(
      `${context.name}: translation unit ${String(unit['id'])}: ${column} is not a Trados segment: ${detail}`,
      {},
      { cause: error },
    );
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function tag(value: unknown): string {
  const parsed = parseLanguageTag(String(value ?? ''));
  return parsed ? formatTag(parsed) : JSON.stringify(value);
}
