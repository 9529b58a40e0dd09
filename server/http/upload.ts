import type { Readable } from 'node:stream';
import type { Request } from 'express';
import { BlobTooLargeError, type StoredBlob, writeBlob } from '../store/blobs.ts';
import type { Db } from '../store/db.ts';
import { HttpError, payloadTooLarge } from './errors.ts';

/** A raw upload as services take it: the body and the two headers that decide how it is read. */
export interface UploadBody {
  body: Readable;
  contentEncoding?: string | undefined;
  contentLength?: string | undefined;
}

/** The upload a request carries. */
export function uploadOf(req: Request): UploadBody {
  return {
    body: req,
    contentEncoding: req.get('content-encoding'),
    contentLength: req.get('content-length'),
  };
}

export interface UploadOptions {
  maxBytes: number;
  now: number;
  allowEmpty?: boolean;
}

/** receiveBody for a request. */
export function receiveUpload(
  req: Request,
  db: Db,
  organizationId: number,
  options: UploadOptions,
): Promise<StoredBlob> {
  return receiveBody(db, organizationId, uploadOf(req), options);
}

/**
 * Streams a raw upload into blob storage, refusing bodies over `maxBytes` by their declared
 * length before reading, or as soon as they grow past it.
 */
export async function receiveBody(
  db: Db,
  organizationId: number,
  upload: UploadBody,
  options: UploadOptions,
): Promise<StoredBlob> {
  const encoding = (upload.contentEncoding ?? 'identity').toLowerCase();
  if (encoding !== 'identity') {
    // Inflating an upload could turn a small body into an arbitrarily large one (a zip bomb);
    // files are stored as sent, so a compressed body would be stored compressed.
    throw new HttpError(
      415,
      `Content-Encoding ${encoding} is not accepted for uploads: send the file uncompressed`,
    );
  }
  const declared = Number(upload.contentLength ?? Number.NaN);
  if (declared > options.maxBytes)
    throw payloadTooLarge(
      `request body of ${declared} bytes is larger than the limit of ${options.maxBytes}`,
    );
  const { body } = upload;
  let blob: StoredBlob;
  try {
    blob = await writeBlob(db, organizationId, body, { maxBytes: options.maxBytes, now: options.now });
  } catch (err) {
    if (err instanceof BlobTooLargeError)
      throw payloadTooLarge(`request body is larger than the limit of ${err.limit} bytes`);
    if (body.destroyed || body.readableAborted)
      throw new HttpError(400, 'the upload was aborted before it completed', { cause: err });
    throw err;
  }
  if (blob.size === 0 && !options.allowEmpty)
    throw new HttpError(400, 'the request body is empty: send the file as the body');
  return blob;
}

/** Reads a JSON header (the SVC-API header), naming it when it is not JSON. */
export function jsonHeader(req: Request, name: string): unknown {
  const raw = req.get(name);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, `header ${name} must be a JSON object`);
  }
}
