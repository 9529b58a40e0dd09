/**
 * Binary COPY reads (src/db/copy-out.ts): the format's parser on its own, then `copyOut` against
 * PostgreSQL (SVC_TEST_DB=postgres): every kind of field back byte for byte, errors that leave the
 * pool usable, and concurrent reads that keep their own data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/connect.ts';
import { BinaryCopyParser, type CopyRows, parseBinaryCopy } from '../../src/db/copy-out.ts';
import { sqlText } from '../../src/db/sql-literals.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../support/db.ts';

/** Binary COPY bytes of `tuples` (null: a NULL field), as PostgreSQL writes them. */
function copyBytes(tuples: (Buffer | null)[][], { flags = 0, extension = Buffer.alloc(0) } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')];
  const int32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  };
  const int16 = (n: number) => {
    const b = Buffer.alloc(2);
    b.writeInt16BE(n);
    return b;
  };
  parts.push(int32(flags), int32(extension.length), extension);
  for (const tuple of tuples) {
    parts.push(int16(tuple.length));
    for (const field of tuple) parts.push(...(field === null ? [int32(-1)] : [int32(field.length), field]));
  }
  parts.push(int16(-1));
  return Buffer.concat(parts);
}

describe('binary COPY data', () => {
  it('gives each tuple’s fields as their bytes, NULL as null, an empty field as no bytes', () => {
    const data = copyBytes(
      [
        [Buffer.from([0, 0, 0, 7]), null, Buffer.from([0x00, 0xff, 0x80])],
        [Buffer.alloc(0), Buffer.from('x'), null],
      ],
      { extension: Buffer.from('ext!') },
    );
    const rows = parseBinaryCopy(data);
    expect([rows.length, rows.width]).toEqual([2, 3]);
    expect([rows.fields(0), rows.fields(1)]).toEqual([
      [Buffer.from([0, 0, 0, 7]), null, Buffer.from([0x00, 0xff, 0x80])],
      [Buffer.alloc(0), Buffer.from('x'), null],
    ]);
    expect([rows.int32(0, 0), rows.isNull(0, 1), rows.isNull(1, 2), rows.text(1, 1)]).toEqual([
      7,
      true,
      true,
      'x',
    ]);
    expect(parseBinaryCopy(copyBytes([])).length).toBe(0);
  });

  it('reads a field only as the type it has, naming the field otherwise', () => {
    const rows = parseBinaryCopy(
      copyBytes([
        [
          Buffer.from([0, 0, 0, 7]),
          null,
          Buffer.from('ffffffffffffffff', 'hex'),
          Buffer.from('7fffffffffffffff', 'hex'),
        ],
      ]),
    );
    expect(rows.int64(0, 2)).toBe(-1);
    expect(() => rows.int64(0, 0)).toThrow(/tuple 0, column 0 has 4 bytes, not 8/);
    expect(() => rows.int32(0, 1)).toThrow(/tuple 0, column 1 is NULL/);
    expect(() => rows.text(0, 1)).toThrow(/tuple 0, column 1 is NULL/);
    expect(() => rows.int64(0, 3)).toThrow(/beyond 2\^53: 9223372036854775807/);
    expect(() => rows.bytes(1, 0)).toThrow(/no field \(1, 0\) in 1 tuples of 4/);
  });

  it('refuses what is not whole binary COPY data, naming what is wrong and where', () => {
    const good = copyBytes([[Buffer.from('abcd')]]);
    expect(() => parseBinaryCopy(Buffer.from('id,name\n1,x\n'))).toThrow(/no PGCOPY signature at byte 0/);
    expect(() => parseBinaryCopy(good.subarray(0, good.length - 2))).toThrow(/no end-of-data marker/);
    expect(() => parseBinaryCopy(good.subarray(0, good.length - 4))).toThrow(
      /a field of 4 bytes past the end at byte 21/,
    );
    expect(() => parseBinaryCopy(copyBytes([], { flags: 0x10000 }))).toThrow(/tuples with OIDs/);
    expect(() => parseBinaryCopy(copyBytes([[null, null], [null]]))).toThrow(
      /a tuple of 1 fields after tuples of 2 at byte 29/,
    );
    const longExtension = Buffer.from(good);
    longExtension.writeInt32BE(1000, 15);
    expect(() => parseBinaryCopy(longExtension)).toThrow(/header extension past the end/);
  });

  it('parses data as it arrives, in pieces of any size, as it parses it whole', () => {
    const tuples = Array.from({ length: 30 }, (_, i) => [
      Buffer.from([0, 0, 0, i]),
      i % 4 === 0 ? null : Buffer.from('é'.repeat(i)),
      Buffer.alloc(i * 3, i),
    ]);
    const data = copyBytes(tuples, { extension: Buffer.from('ext') });
    const whole = parseBinaryCopy(data);
    for (const piece of [1, 2, 3, 7, 19, 64, data.length]) {
      const parser = new BinaryCopyParser();
      const seen: number[] = [];
      // Each new tuple is readable as soon as its last byte is in.
      for (let size = piece; size < data.length + piece; size += piece) {
        const parsed = parser.feed(data, Math.min(size, data.length));
        for (let t = seen.length; t < parsed; t++) seen.push(parser.rows.int32(t, 0));
      }
      const rows = parser.finish(data, data.length);
      expect(seen, `pieces of ${piece}`).toEqual(tuples.map((_, i) => i));
      expect(rows.length).toBe(whole.length);
      for (let t = 0; t < rows.length; t++) expect(rows.fields(t)).toEqual(whole.fields(t));
    }
    // Bytes that cannot begin COPY data fail at once; a short end fails only at the finish.
    expect(() => new BinaryCopyParser().feed(Buffer.from('id,name\n1,x\n'), 12)).toThrow(
      /no PGCOPY signature at byte 0/,
    );
    const parser = new BinaryCopyParser();
    expect(parser.feed(data, data.length - 2)).toBe(tuples.length);
    expect(() => parser.finish(data, data.length - 2)).toThrow(/no end-of-data marker/);
  });
});

describe(`copyOut on ${testEngine}`, () => {
  if (testEngine !== 'postgres') {
    it('is there only on PostgreSQL', async () => {
      const database = connectDatabase('sqlite::memory:');
      expect(database.copyOut).toBeUndefined();
      await database.close();
    });
    return;
  }

  let target: TestDatabase;
  let database: Database<unknown>;
  beforeAll(async () => {
    target = await createTestDatabase();
    // Two connections: the error test below must get a used one back.
    database = connectDatabase(target.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('reads integers, NULLs and bytea of every byte value, a megabyte too, as stored', async () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const big = Buffer.alloc(1 << 20);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    const rows = await database.copyOut!(`
      SELECT 9007199254740991::int8, -5::int4, NULL::bytea, decode('${all.toString('hex')}', 'hex'), ''::bytea
      UNION ALL
      SELECT 1, 2, decode('${big.toString('hex')}', 'hex'), NULL, NULL`);
    expect(rows.length).toBe(2);
    expect(rows.int64(0, 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(rows.int32(0, 1)).toBe(-5);
    expect(rows.isNull(0, 2)).toBe(true);
    expect(rows.bytes(0, 3)!.equals(all)).toBe(true);
    expect(rows.bytes(0, 4)!.length).toBe(0);
    expect(rows.bytes(1, 2)!.equals(big)).toBe(true);
    expect((await database.copyOut!('SELECT 1 WHERE false')).length).toBe(0);
  });

  it('decodes text as UTF-8, whatever the characters, from literals as `sqlText` writes them', async () => {
    const texts = [
      '',
      'plain',
      'naïve café',
      '日本語のテキスト',
      'emoji 🎉 and \u0001 control',
      "it's",
      'C:\\new\\',
      "\\'",
    ];
    const literals = texts.map((t, i) => `(${i}, ${sqlText(t)})`).join(', ');
    const rows = await database.copyOut!(`SELECT i::int4, t FROM (VALUES ${literals}) v(i, t) ORDER BY i`);
    expect(Array.from({ length: rows.length }, (_, i) => rows.text(i, 1))).toEqual(texts);
  });

  it('rejects with PostgreSQL’s message, and the connection serves the next statements', async () => {
    // Fails after some 30,000 rows have been sent.
    await expect(
      database.copyOut!(
        'SELECT CASE WHEN g = 30000 THEN 1 / (g - g) ELSE g END FROM generate_series(1, 40000) g',
      ),
    ).rejects.toThrow(/division by zero/);
    await expect(database.copyOut!('SELECT * FROM no_such_table')).rejects.toThrow(
      /relation "no_such_table" does not exist/,
    );
    for (let i = 0; i < 4; i++) {
      expect((await database.copyOut!(`SELECT ${i}::int4`)).int32(0, 0)).toBe(i);
    }
  });

  it('hands over each tuple as it arrives, in order, before the read ends', async () => {
    const seen: number[] = [];
    let ended = false;
    const read = database.copyOut!(
      "SELECT g::int4, repeat('x', g % 500)::bytea FROM generate_series(1, 3000) g",
      (rows: CopyRows, tuple: number) => {
        expect(ended).toBe(false);
        expect(rows.bytes(tuple, 1)!.length).toBe(rows.int32(tuple, 0) % 500);
        seen.push(rows.int32(tuple, 0));
      },
    );
    const rows = await read;
    ended = true;
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(rows.length).toBe(3000);
    // A throw while reading rejects the read; the connection serves the next statements.
    const failing = database.copyOut!('SELECT g::int4 FROM generate_series(1, 5000) g', (r, t) => {
      if (r.int32(t, 0) === 100) throw new Error('tuple 100 refused');
    });
    await expect(failing).rejects.toThrow('tuple 100 refused');
    for (let i = 0; i < 4; i++) expect((await database.copyOut!(`SELECT ${i}::int4`)).int32(0, 0)).toBe(i);
  });

  it('keeps each of many concurrent reads’ data apart', async () => {
    const reads = Array.from({ length: 12 }, (_, i) =>
      database.copyOut!(`SELECT g::int4, repeat(chr(65 + ${i}), 5000)::bytea FROM generate_series(1, 40) g`),
    );
    const results = await Promise.all(reads);
    results.forEach((rows, i) => {
      const tuples = Array.from({ length: rows.length }, (_, t) => t);
      expect(tuples.map((t) => rows.int32(t, 0))).toEqual(Array.from({ length: 40 }, (_, k) => k + 1));
      for (const t of tuples) expect(rows.text(t, 1)).toBe(String.fromCharCode(65 + i).repeat(5000));
    });
  });
});
