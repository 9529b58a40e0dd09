/**
 * Pieces every resource of the typed client shares: per-call options, upload bodies, downloads
 * as a stream, bytes or text, and the JSON header uploads carry their metadata in.
 */
import type { Readable } from 'node:stream';
import type { BodySource } from '../http/wire.ts';
import type { Transport } from '../http.ts';

/** Options every method takes last. */
export interface CallExtras {
  /** Aborts the call, also while it waits for the limits. */
  signal?: AbortSignal;
  /** Bounds each attempt (default: the client's timeoutMs). */
  timeoutMs?: number;
}

/**
 * A request body: bytes or text, a stream or async iterable (sent as it is read, never held
 * whole), or a function returning one — which lets the transport send it again after a 429.
 */
export type UploadBody = BodySource | (() => BodySource);

export type DownloadAs = 'stream' | 'bytes' | 'text';

/** What a download resolves to: a Readable by default (nothing buffered), or the whole body. */
export type Downloaded<A extends DownloadAs> = A extends 'bytes'
  ? Uint8Array
  : A extends 'text'
    ? string
    : Readable;

export interface DownloadOptions<A extends DownloadAs = 'stream'> extends CallExtras {
  /** `stream` (default), `bytes` or `text`. */
  as?: A;
}

/** A download call: GET `path` with `query`, decoded as the caller asked. */
export function download<A extends DownloadAs>(
  t: Transport,
  path: string,
  query: Record<string, string | number | boolean>,
  options: DownloadOptions<A> = {},
): Promise<Downloaded<A>> {
  const { as = 'stream', signal, timeoutMs } = options;
  return t.request({ method: 'GET', path, query, responseType: as, signal, timeoutMs }) as Promise<
    Downloaded<A>
  >;
}

/**
 * JSON for a header value. HTTP header values are read as Latin-1, so every non-ASCII character
 * is written as a `\uXXXX` escape: still the same JSON, and a file name like `übersicht.tmx`
 * arrives intact.
 */
export function jsonHeaderValue(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** An id as a path segment. */
export const segment = (id: string | number): string => encodeURIComponent(String(id));
