import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportError, type ImportedSegment, importFile } from '../../../../server/engine/importers/index.ts';
import { chunked, EN_US_DE_AT, importFailure } from './support.ts';

const work = mkdtempSync(join(tmpdir(), 'sdltm-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Trados' own layout of the two tables the importer reads, plus its text-field tables. */
const SCHEMA = `
CREATE TABLE translation_memories (
  id INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT NOT NULL UNIQUE, name TEXT NOT NULL UNIQUE,
  source_language TEXT NOT NULL, target_language TEXT NOT NULL, copyright TEXT, description TEXT,
  settings INTEGER NOT NULL, creation_user TEXT NOT NULL, creation_date DATETIME NOT NULL,
  expiration_date DATETIME, fuzzy_indexes INTEGER NOT NULL, last_recompute_date DATETIME,
  last_recompute_size INTEGER, fga_support INTEGER NOT NULL DEFAULT 0, data_version INTEGER NOT NULL DEFAULT 0);
CREATE TABLE translation_units (
  id INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT NOT NULL,
  translation_memory_id INTEGER NOT NULL REFERENCES translation_memories(id) ON DELETE CASCADE,
  source_hash INTEGER NOT NULL, source_segment TEXT NOT NULL, target_hash INTEGER NOT NULL,
  target_segment TEXT NOT NULL, creation_date DATETIME NOT NULL, creation_user TEXT NOT NULL,
  change_date DATETIME NOT NULL, change_user TEXT NOT NULL, last_used_date DATETIME NOT NULL,
  last_used_user TEXT NOT NULL, usage_counter INTEGER NOT NULL DEFAULT 0, flags INTEGER NOT NULL DEFAULT 0,
  source_token_data BLOB, target_token_data BLOB, alignment_data BLOB, insert_date DATETIME,
  tokenization_signature_hash INTEGER, relaxed_hash INTEGER);
CREATE TABLE attributes (id INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT NOT NULL, name TEXT NOT NULL,
  type INTEGER NOT NULL, tm_id INTEGER NOT NULL);
CREATE TABLE string_attributes (translation_unit_id INTEGER NOT NULL, attribute_id INTEGER NOT NULL,
  value TEXT NOT NULL, PRIMARY KEY (translation_unit_id, attribute_id, value));
`;

const segment = (culture: string, ...elements: string[]) =>
  `<?xml version="1.0" encoding="utf-16"?><Segment xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
  `xmlns:xsd="http://www.w3.org/2001/XMLSchema"><Elements>${elements.join('')}</Elements>` +
  `<CultureName>${culture}</CultureName></Segment>`;
const text = (value: string) => `<Text><Value>${value}</Value></Text>`;
const tag = (type: string, anchor: number, equivalent?: string) =>
  `<Tag><Type>${type}</Type><Anchor>${anchor}</Anchor><AlignmentAnchor>${anchor}</AlignmentAnchor>` +
  `<TagID>${anchor}</TagID><CanHide>false</CanHide>` +
  (equivalent ? `<TextEquivalent>${equivalent}</TextEquivalent>` : '') +
  '</Tag>';

function buildSdltm(file: string, languages: [string, string] = ['en-US', 'de-AT']): Uint8Array {
  const path = join(work, file);
  const db = new DatabaseSync(path);
  db.exec(SCHEMA);
  db.prepare(
    `INSERT INTO translation_memories (guid, name, source_language, target_language, settings, creation_user,
     creation_date, fuzzy_indexes) VALUES (?, ?, ?, ?, 0, 'ACME\\admin', '2022-05-02 08:00:00', 15)`,
  ).run('7d8e…', 'Legal', ...languages);
  const insert = db.prepare(
    `INSERT INTO translation_units (guid, translation_memory_id, source_hash, source_segment, target_hash,
     target_segment, creation_date, creation_user, change_date, change_user, last_used_date, last_used_user)
     VALUES (?, 1, 0, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const [src, trg] = languages;
  insert.run(
    'g1',
    segment(src, text('Termination of the Agreement')),
    segment(trg, text('Kündigung des Vertrags')),
    '2022-05-03 09:15:00',
    'anna.berger@example.com',
    '2022-06-01 10:00:00',
    'ACME\\jdoe',
    '2023-01-01 00:00:00',
    'ACME\\jdoe',
  );
  insert.run(
    'g2',
    segment(
      src,
      text('Click '),
      tag('Start', 1),
      text('Save &amp; close'),
      tag('End', 1),
      tag('TextPlaceholder', 2, '{0}'),
      tag('Standalone', 3),
    ),
    segment(
      trg,
      text('Klicken Sie auf '),
      tag('Start', 1),
      text('Speichern &amp; schließen'),
      tag('End', 1),
      tag('TextPlaceholder', 2, '{0}'),
      tag('Standalone', 3),
    ),
    'not a date',
    'ACME\\jdoe',
    '2022-07-04 11:12:13',
    'm.huber@kanzlei.at',
    '2023-01-01 00:00:00',
    'ACME\\jdoe',
  );
  insert.run(
    'g3',
    segment(src, text('Annex')),
    segment(trg),
    '2022-05-03 09:15:00',
    'x',
    '2022-05-03 09:15:00',
    'x',
    '2022-05-03 09:15:00',
    'x',
  );
  db.exec(`INSERT INTO attributes (guid, name, type, tm_id) VALUES ('a1', 'Client', 2, 1);
           INSERT INTO string_attributes VALUES (1, 1, 'ACME Legal');`);
  db.close();
  return new Uint8Array(readFileSync(path));
}

async function importSdltm(bytes: Uint8Array, tempDir: string, pair = EN_US_DE_AT) {
  const result = importFile({ name: 'legal.sdltm', chunks: chunked(bytes, 4096), pair }, { tempDir });
  if (result.kind !== 'tm') throw new Error('an SDLTM fills a translation memory');
  const items: ImportedSegment[] = [];
  for await (const item of result.segments) items.push(item);
  return { items, stats: result.stats };
}

describe('SDLTM import', () => {
  it('reads translation units with tags, dates, e-mail users and text fields', async () => {
    const temp = mkdtempSync(join(work, 'tmp-'));
    const { items, stats } = await importSdltm(buildSdltm('legal.sdltm'), temp);
    expect(items).toEqual([
      {
        source: 'Termination of the Agreement',
        target: 'Kündigung des Vertrags',
        createdAt: Date.UTC(2022, 4, 3, 9, 15, 0),
        userEmail: 'anna.berger@example.com',
        notes: 'Client: ACME Legal',
      },
      {
        source: 'Click <bpt i="1"/>Save & close<ept i="1"/><ph x="2">{0}</ph><ph x="3"/>',
        target: 'Klicken Sie auf <bpt i="1"/>Speichern & schließen<ept i="1"/><ph x="2">{0}</ph><ph x="3"/>',
        // creation_date is unreadable: the change date stands in; change_user is the e-mail.
        createdAt: Date.UTC(2022, 6, 4, 11, 12, 13),
        userEmail: 'm.huber@kanzlei.at',
      },
    ]);
    expect(stats.skippedBy).toEqual({ empty: 1 });
    // The temporary copy is gone once the import has finished.
    expect(readdirSync(temp)).toEqual([]);
  });

  it('refuses a database for another pair and removes the temporary copy', async () => {
    const temp = mkdtempSync(join(work, 'tmp-'));
    const bytes = buildSdltm('french.sdltm', ['en-US', 'fr-FR']);
    await expect(importSdltm(bytes, temp)).rejects.toThrow(
      'legal.sdltm: the SDLTM holds en-US → fr-FR, which does not fit this memory (en-US → de-AT)',
    );
    expect(readdirSync(temp)).toEqual([]);
  });

  it('removes the temporary copy when the consumer stops early', async () => {
    const temp = mkdtempSync(join(work, 'tmp-'));
    const result = importFile(
      { name: 'legal.sdltm', chunks: chunked(buildSdltm('early.sdltm')), pair: EN_US_DE_AT },
      { tempDir: temp },
    );
    if (result.kind !== 'tm') throw new Error('tm expected');
    for await (const _ of result.segments) break;
    expect(readdirSync(temp)).toEqual([]);
  });

  it('refuses a file that is not SQLite', async () => {
    const error = await importFailure('legal.sdltm', '<tmx version="1.4"/>');
    expect(error.message).toBe('legal.sdltm is not an SDLTM database: it is not an SQLite database');
  });

  it('refuses an SQLite database without Trados tables', async () => {
    const path = join(work, 'other.db');
    const db = new DatabaseSync(path);
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    db.close();
    const temp = mkdtempSync(join(work, 'tmp-'));
    const failure = await importSdltm(new Uint8Array(readFileSync(path)), temp).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ImportError);
    expect((failure as ImportError).message).toBe(
      'legal.sdltm is not an SDLTM database: it has no translation_memories table',
    );
    expect(readdirSync(temp)).toEqual([]);
  });

  it('refuses a damaged database', async () => {
    const bytes = buildSdltm('damaged.sdltm').slice();
    bytes.fill(0x41, 100, 4096);
    const temp = mkdtempSync(join(work, 'tmp-'));
    const failure = await importSdltm(bytes, temp).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportError);
    expect((failure as ImportError).message).toMatch(/^legal\.sdltm is not an SDLTM database: /);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('refuses a database whose translation_units pages are damaged', async () => {
    const bytes = buildSdltm('damaged-units.sdltm').slice();
    const db = new DatabaseSync(join(work, 'damaged-units.sdltm'), { readOnly: true });
    const { rootpage } = db
      .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'translation_units'")
      .get() as {
      rootpage: number;
    };
    db.close();
    bytes.fill(0xff, (rootpage - 1) * 4096, rootpage * 4096);
    const temp = mkdtempSync(join(work, 'tmp-'));
    const failure = await importSdltm(bytes, temp).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportError);
    expect((failure as ImportError).message).toMatch(
      /^legal\.sdltm is not an SDLTM database: SQLite cannot read it \(/,
    );
    expect(readdirSync(temp)).toEqual([]);
  });
});
