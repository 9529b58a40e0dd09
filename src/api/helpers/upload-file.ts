import { createHash, type Hash } from 'node:crypto';
import type { CallExtras, UploadBody } from '../client/common.ts';
import type { FileUploadRequest } from '../client/files.ts';
import type { Client } from '../client.ts';
import type { BodySource } from '../http/wire.ts';
import type { FileRecord } from '../schemas/files.ts';
import { UploadIntegrityError } from './errors.ts';

export interface UploadFileRequest extends Omit<FileUploadRequest, 'fileHash'> {
  content: UploadBody;
}

/** MD5 as 32 lowercase hex characters, as the platform's file_hash. */
export function md5Hex(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

/**
 * Uploads a file with its labels (POST /v2/files) and makes sure the platform stored exactly the
 * bytes given. Bytes or text: their MD5 goes along as file_hash, which the platform checks before
 * storing (400 on a mismatch). A stream, or a function returning one (replayable after a 429): the
 * MD5 is computed while the body streams out and compared with the file_hash the platform
 * answers with; a mismatch deletes the stored file and throws UploadIntegrityError.
 */
export async function uploadFile(
  client: Client,
  request: UploadFileRequest,
  o: CallExtras = {},
): Promise<FileRecord> {
  const { content } = request;
  if (typeof content === 'string' || content instanceof Uint8Array)
    return client.files.upload({ ...request, fileHash: md5Hex(content) }, o);

  // One hash per attempt: a retry reads the body again from the start.
  let hash: Hash | undefined;
  const hashed = (source: BodySource) => {
    hash = createHash('md5');
    return hashing(source, hash);
  };
  const body = typeof content === 'function' ? () => hashed(content()) : hashed(content);
  const record = await client.files.upload({ ...request, content: body }, o);
  const sent = hash!.digest('hex');
  if (sent !== record.file_hash.toLowerCase()) {
    const deleted = await client.files.delete(record.id, o).then(
      () => true,
      () => false,
    );
    throw new UploadIntegrityError(record, sent, record.file_hash, deleted);
  }
  return record;
}

async function* hashing(source: BodySource, hash: Hash): AsyncGenerator<Uint8Array> {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    const bytes = typeof source === 'string' ? Buffer.from(source) : source;
    hash.update(bytes);
    yield bytes;
    return;
  }
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    // A Readable with an encoding set yields strings; the wire carries their UTF-8 bytes.
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    hash.update(bytes);
    yield bytes;
  }
}
