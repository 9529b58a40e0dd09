import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { ZipError } from './errors.ts';

export interface ZipLimits {
  /** Largest entry once inflated (default 64 MiB). */
  maxEntryBytes: number;
  /** Largest sum of inflated entries (default 256 MiB). */
  maxTotalBytes: number;
  /**
   * Most entries, directories included (default 100,000: a job of 5,000 files in 20 languages; a
   * job's archive holds one entry per file and language, so 10,000 refused a job of 1,000 files in
   * 10 languages). The bytes are bounded by maxTotalBytes whatever the count.
   */
  maxEntries: number;
}

export interface ZipEntry {
  /** The entry's path inside the archive, checked to be relative and to stay inside it. */
  name: string;
  /** A folder entry (`de/`): no bytes. */
  directory: boolean;
  bytes: Uint8Array;
}

const DEFAULT_LIMITS: ZipLimits = { maxEntryBytes: 64 << 20, maxTotalBytes: 256 << 20, maxEntries: 100_000 };
/**
 * Compressed bytes pushed to the inflater at a time. Deflate expands at most ~1032:1, so one
 * push yields at most ~8 MB before the size checks run again: a bomb is stopped early.
 */
const PIECE = 8 * 1024;

/**
 * Reads every entry of a zip archive from bytes or a stream (e.g. an HTTP download), with the
 * guards an archive from elsewhere needs: names that would escape the target folder are refused
 * (zip-slip: `..`, absolute paths, backslashes, drive letters), and sizes are checked both as
 * declared in the headers and as actually inflated, so a zip bomb fails after a few megabytes
 * instead of filling memory. Throws ZipError; reading stops (and a stream is closed) at the
 * first problem.
 */
export async function readZipEntries(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  limits: Partial<ZipLimits> = {},
): Promise<ZipEntry[]> {
  const { maxEntryBytes, maxTotalBytes, maxEntries } = { ...DEFAULT_LIMITS, ...limits };
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  const unfinished = new Set<string>();
  let failure: ZipError | undefined;
  let declaredTotal = 0;
  let total = 0;
  let head: Uint8Array = new Uint8Array(0);

  /** Fflate calls back synchronously; a problem is kept and reported once the push returns. */
  const guarded =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      if (failure) return;
      try {
        fn(...args);
      } catch (error) {
        failure =
          error instanceof ZipError ? error : new ZipError('corrupt archive', undefined, { cause: error });
      }
    };

  const onFile = guarded((file: UnzipFile) => {
    const { name } = file;
    const problem = unsafeName(name);
    if (problem) throw new ZipError(problem, name);
    if (names.has(name)) throw new ZipError('the archive holds this entry twice', name);
    names.add(name);
    if (names.size > maxEntries) throw new ZipError(`the archive holds more than ${maxEntries} entries`);
    if (file.compression !== 0 && file.compression !== 8)
      throw new ZipError(`unsupported compression method ${file.compression}`, name);
    const declared = file.originalSize ?? 0;
    declaredTotal += declared;
    if (declared > maxEntryBytes)
      throw new ZipError(`entry declares ${declared} bytes, over the limit of ${maxEntryBytes}`, name);
    if (declaredTotal > maxTotalBytes)
      throw new ZipError(`entries declare more than ${maxTotalBytes} bytes in all`);

    const chunks: Uint8Array[] = [];
    let size = 0;
    unfinished.add(name);
    file.ondata = guarded((error: Error | null, data: Uint8Array, final: boolean) => {
      if (error) throw new ZipError('corrupt entry', name, { cause: error });
      size += data.length;
      total += data.length;
      if (size > maxEntryBytes)
        throw new ZipError(`entry inflates beyond the limit of ${maxEntryBytes} bytes`, name);
      if (total > maxTotalBytes)
        throw new ZipError(`entries inflate beyond the limit of ${maxTotalBytes} bytes in all`);
      if (file.originalSize !== undefined && size > declared)
        throw new ZipError(`entry inflates beyond its declared ${declared} bytes`, name);
      if (data.length > 0) chunks.push(data);
      if (final) {
        unfinished.delete(name);
        entries.push({ name, directory: name.endsWith('/'), bytes: concat(chunks, size) });
      }
    });
    file.start();
  });

  const unzip = new Unzip(onFile);
  unzip.register(UnzipInflate);
  const push = (bytes: Uint8Array, final: boolean) => {
    try {
      unzip.push(bytes, final);
    } catch (error) {
      failure ??= new ZipError('the archive is truncated or corrupt', undefined, { cause: error });
    }
  };

  const chunks = source instanceof Uint8Array ? [source] : source;
  for await (const chunk of chunks) {
    if (head.length < 4) {
      head = concat([head, chunk.subarray(0, 4 - head.length)]);
      if (head.length === 4 && !startsLikeZip(head)) throw new ZipError('not a zip archive');
    }
    for (let at = 0; at < chunk.length && !failure; at += PIECE) push(chunk.subarray(at, at + PIECE), false);
    // Leaving the loop closes a stream source: nothing more is downloaded.
    if (failure) break;
  }
  if (!failure) push(new Uint8Array(0), true);
  if (!failure && head.length < 4) failure = new ZipError('not a zip archive: it is too short');
  if (!failure && unfinished.size > 0)
    failure = new ZipError('the archive ends inside an entry', [...unfinished][0]);
  if (failure) throw failure;
  return entries;
}

/** Why a name may not be extracted, or undefined when it is a plain relative path. */
export function unsafeName(name: string): string | undefined {
  if (name === '') return 'an entry has an empty name';
  if (name.includes('\0')) return 'entry name holds a NUL character';
  if (name.includes('\\')) return 'entry name holds a backslash (a Windows path separator)';
  if (name.startsWith('/')) return 'entry name is an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'entry name starts with a drive letter';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return 'entry name climbs out of the archive (..)';
  if (segments.some((s) => s === '' || s === '.')) return 'entry name has an empty or "." segment';
  return undefined;
}

/** A local file header, or the end record of an empty archive. */
const startsLikeZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));

function concat(chunks: Uint8Array[], size = chunks.reduce((n, c) => n + c.length, 0)): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
