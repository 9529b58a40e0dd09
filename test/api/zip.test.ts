import { crc32 } from 'node:zlib';
import { Deflate, deflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipError } from '../../src/api/errors.ts';
import { readZipEntries, unsafeName } from '../../src/api/zip.ts';

const text = (s: string) => new TextEncoder().encode(s);
const MB = 1024 * 1024;

interface RawEntry {
  name: string;
  data: Uint8Array;
  deflate?: boolean;
  /** The inflated size written in the headers, when it should lie. */
  declaredSize?: number;
  /** Sizes only in a data descriptor after the data, as streaming zip writers do. */
  descriptor?: boolean;
  /** Already-deflated bytes standing for `data` (for bombs too big to build from plain bytes). */
  compressed?: { bytes: Uint8Array; size: number; crc: number };
}

/** Writes a zip archive byte by byte, so tests can put in names and sizes a real writer refuses. */
function makeZip(entries: RawEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = text(e.name);
    const body = e.compressed?.bytes ?? (e.deflate ? deflateSync(e.data) : e.data);
    const size = e.declaredSize ?? e.compressed?.size ?? e.data.length;
    const crc = e.compressed?.crc ?? crc32(e.data);
    const method = e.deflate || e.compressed ? 8 : 0;
    const flags = (e.descriptor ? 8 : 0) | 0x800;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, flags, true);
    local.setUint16(8, method, true);
    local.setUint32(14, e.descriptor ? 0 : crc, true);
    local.setUint32(18, e.descriptor ? 0 : body.length, true);
    local.setUint32(22, e.descriptor ? 0 : size, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, body);
    let length = 30 + name.length + body.length;
    if (e.descriptor) {
      const dd = new DataView(new ArrayBuffer(16));
      dd.setUint32(0, 0x08074b50, true);
      dd.setUint32(4, crc, true);
      dd.setUint32(8, body.length, true);
      dd.setUint32(12, size, true);
      parts.push(new Uint8Array(dd.buffer));
      length += 16;
    }
    const cd = new DataView(new ArrayBuffer(46));
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 20, true);
    cd.setUint16(6, 20, true);
    cd.setUint16(8, flags, true);
    cd.setUint16(10, method, true);
    cd.setUint32(16, crc, true);
    cd.setUint32(20, body.length, true);
    cd.setUint32(24, size, true);
    cd.setUint16(28, name.length, true);
    cd.setUint32(42, offset, true);
    central.push(new Uint8Array(cd.buffer), name);
    offset += length;
  }
  const cdSize = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  return Buffer.concat([...parts, ...central, new Uint8Array(end.buffer)]);
}

/** Deflates `size` zero bytes without holding them: a zip bomb's payload. */
function zeros(size: number): { bytes: Uint8Array; size: number; crc: number } {
  const chunks: Uint8Array[] = [];
  const deflate = new Deflate({ level: 1 }, (chunk) => {
    chunks.push(chunk);
  });
  const block = new Uint8Array(MB);
  let crc = 0;
  for (let left = size; left > 0; left -= MB) {
    const piece = block.subarray(0, Math.min(MB, left));
    crc = crc32(piece, crc);
    deflate.push(piece, left <= MB);
  }
  return { bytes: Buffer.concat(chunks), size, crc };
}

let bombPayload: ReturnType<typeof zeros> | undefined;
/** 64 MB of zeros, ~64 KB deflated; built once for the tests that need it. */
const bomb64 = () => {
  bombPayload ??= zeros(64 * MB);
  return bombPayload;
};

/** Feeds bytes as a stream of small chunks and counts how many were pulled. */
function streamOf(bytes: Uint8Array, chunk = 16 * 1024) {
  const state = { pulled: 0, total: Math.ceil(bytes.length / chunk), closed: false };
  async function* source() {
    try {
      for (let at = 0; at < bytes.length; at += chunk) {
        state.pulled++;
        yield bytes.subarray(at, at + chunk);
      }
    } finally {
      state.closed = true;
    }
  }
  return { source: source(), state };
}

describe('readZipEntries', () => {
  it('reads a job download: the language folder first, then the file, from bytes and from a stream', async () => {
    const archive = zipSync({ 'de/': new Uint8Array(0), 'de/app.json': text('{"hello":"Hallo"}') });
    const expected = [
      { name: 'de/', directory: true, bytes: new Uint8Array(0) },
      { name: 'de/app.json', directory: false, bytes: text('{"hello":"Hallo"}') },
    ];
    expect(await readZipEntries(archive)).toEqual(expected);
    expect(await readZipEntries(streamOf(archive, 7).source)).toEqual(expected);
  });

  it('reads stored and deflated entries and entries whose sizes follow in a data descriptor', async () => {
    const big = text('Übersetzung '.repeat(5000));
    const archive = makeZip([
      { name: 'a.txt', data: text('stored') },
      { name: 'fr/b.json', data: big, deflate: true },
      { name: 'c.po', data: big, deflate: true, descriptor: true },
    ]);
    const entries = await readZipEntries(streamOf(archive, 1000).source);
    expect(entries.map((e) => [e.name, e.bytes.length])).toEqual([
      ['a.txt', 6],
      ['fr/b.json', big.length],
      ['c.po', big.length],
    ]);
    expect(entries[2]?.bytes).toEqual(big);
  });

  it.each([
    ['../evil.json', 'climbs out'],
    ['de/../../etc/passwd', 'climbs out'],
    ['de/..', 'climbs out'],
    ['/etc/passwd', 'absolute path'],
    ['C:/Windows/win.ini', 'drive letter'],
    ['c:evil', 'drive letter'],
    ['de\\..\\..\\evil', 'backslash'],
    ['de\\app.json', 'backslash'],
    ['./de/app.json', '"." segment'],
    ['de//app.json', 'empty'],
    ['de/app\0.json', 'NUL'],
  ])('refuses the entry name %j (zip-slip)', async (name, reason) => {
    const archive = makeZip([
      { name: 'ok.txt', data: text('fine') },
      { name, data: text('pwned') },
    ]);
    const error = await readZipEntries(archive).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZipError);
    expect((error as ZipError).entry).toBe(name);
    expect((error as Error).message).toContain(reason);
  });

  it('accepts names that only look odd', () => {
    for (const name of ['de/app.json', 'de/', '..json', 'a/..b/c', 'de/v1.2/x:y', 'fr-CA/%file%.po'])
      expect(unsafeName(name)).toBeUndefined();
  });

  it('refuses an entry whose headers declare more than the entry limit, before inflating anything', async () => {
    const archive = makeZip([{ name: 'huge.bin', data: text('x'), declaredSize: 2 ** 31 }]);
    await expect(readZipEntries(archive, { maxEntryBytes: 10 * MB })).rejects.toThrow(
      'entry declares 2147483648 bytes, over the limit of 10485760',
    );
  });

  it('stops a zip bomb that lies about its size after the first chunks, without reading the rest', async () => {
    const bomb = bomb64();
    const archive = makeZip([
      { name: 'bomb.bin', data: new Uint8Array(0), compressed: bomb, declaredSize: 1000 },
    ]);
    const { source, state } = streamOf(archive, 1024);
    await expect(readZipEntries(source, { maxEntryBytes: 10 * MB })).rejects.toThrow(
      'entry inflates beyond its declared 1000 bytes',
    );
    expect(state.pulled).toBeLessThan(5);
    expect(state.closed).toBe(true);
  });

  it('stops a bomb with no declared size (data descriptor) at the entry limit', async () => {
    const bomb = bomb64();
    const archive = makeZip([
      { name: 'bomb.bin', data: new Uint8Array(0), compressed: bomb, descriptor: true },
    ]);
    const { source, state } = streamOf(archive, 1024);
    await expect(readZipEntries(source, { maxEntryBytes: 4 * MB })).rejects.toThrow(
      'entry inflates beyond the limit of 4194304 bytes',
    );
    expect(state.pulled).toBeLessThan(state.total / 4);
  });

  it('enforces the total size and the number of entries', async () => {
    const four = makeZip(
      ['a', 'b', 'c', 'd'].map((name) => ({ name, data: new Uint8Array(3 * MB), deflate: true })),
    );
    await expect(readZipEntries(four, { maxTotalBytes: 10 * MB })).rejects.toThrow('in all');
    await expect(readZipEntries(four, { maxEntries: 3 })).rejects.toThrow('more than 3 entries');
    expect(await readZipEntries(four, { maxTotalBytes: 12 * MB, maxEntries: 4 })).toHaveLength(4);
  });

  it('refuses duplicate names, archives that are not zips and archives cut short', async () => {
    const twice = makeZip([
      { name: 'a.json', data: text('1') },
      { name: 'a.json', data: text('2') },
    ]);
    await expect(readZipEntries(twice)).rejects.toThrow('the archive holds this entry twice');
    await expect(readZipEntries(text('<html>not found</html>'))).rejects.toThrow('not a zip archive');
    await expect(readZipEntries(new Uint8Array(0))).rejects.toThrow('not a zip archive');
    const noise = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251);
    const whole = makeZip([{ name: 'a.bin', data: noise }]);
    await expect(readZipEntries(whole.subarray(0, 2000))).rejects.toThrow('the archive is truncated');
  });
});
