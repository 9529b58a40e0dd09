import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/** Reads the one file of a multipart body (spec: extra files in the body are ignored). */
export async function readMultipartFile(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{
  filename: string;
  fields: Record<string, string>;
  data: AsyncIterable<Uint8Array>;
}> {
  const { default: busboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof busboy>;
    try {
      parser = busboy({
        headers: req.headers,
        // RFC 7578 §4.2: file names are UTF-8; busboy's default (latin1) would store `größe.json`
        // as `grÃ¶Ãe.json`.
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024 },
      });
    } catch (err) {
      reject(new HttpError(400, `malformed multipart body: ${(err as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let got = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (got) {
        stream.resume();
        return;
      }
      got = true;
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      // A body cut short errors the file stream ("Unexpected end of form"), possibly before anyone
      // reads it: the stream keeps the error and the reader below rethrows it to the caller. This
      // listener only keeps an 'error' event without listeners from killing the process (fuzz
      // counterexample), and no other promise may hold the error, or nobody would handle it.
      stream.on('error', () => {});
      const data = (async function* () {
        for await (const chunk of stream) yield chunk as Uint8Array;
        if (truncated) throw new HttpError(413, `the file is larger than the limit of ${maxBytes} bytes`);
      })();
      resolve({ filename: info.filename ?? fields.name ?? 'upload', fields, data });
    });
    parser.on('error', (err: Error) =>
      reject(new HttpError(400, `malformed multipart body: ${err.message}`)),
    );
    parser.on('close', () => {
      if (!got) reject(new HttpError(400, 'the multipart body holds no file part'));
    });
    req.pipe(parser);
  });
}
