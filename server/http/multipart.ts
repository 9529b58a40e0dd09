import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/**
 * What busboy 1.x said for each failure, which our 400 bodies have always carried: the messages are
 * part of the API (test/server/bad-input.test.ts), not of whichever parser reads the body.
 */
const MESSAGES: [RegExp, (contentType: string) => string][] = [
  [/unexpected end of multipart data$/i, () => 'Unexpected end of form'],
  [/^Missing Content-Type-header\.$/, () => 'Missing Content-Type'],
  [/^Unsupported Content-Type\.$/, (contentType) => `Unsupported content type: ${contentType}`],
];

function ourMessage(err: Error, contentType = ''): string {
  return MESSAGES.find(([pattern]) => pattern.test(err.message))?.[1](contentType) ?? err.message;
}

/** The last segment of a part's file name, as busboy 1.x cut it (`..` and `.` give ''). */
function basename(path: string): string {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return base === '..' || base === '.' ? '' : base;
}

/** Reads the one file of a multipart body (spec: extra files in the body are ignored). */
export async function readMultipartFile(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{
  filename: string;
  fields: Record<string, string>;
  data: AsyncIterable<Uint8Array>;
}> {
  // @fastify/busboy: the maintained fork of busboy (whose last release was in 2022).
  const { Busboy } = await import('@fastify/busboy');
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: req.headers as Parameters<typeof Busboy>[0]['headers'],
        // RFC 7578 §4.2: file names are UTF-8 (the parser decodes parameters as UTF-8, so
        // `größe.json` stays `größe.json`). A part is a file when its type is octet-stream or it
        // has a non-empty file name, as busboy 1.x decided; the name is cut to its last segment
        // below, also as busboy 1.x did (so `dir/` names a file called '').
        isPartAFile: (_name, type, filename) =>
          type === 'application/octet-stream' || (filename !== undefined && filename !== ''),
        preservePath: true,
        limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024 },
      });
    } catch (err) {
      const message = ourMessage(err as Error, req.headers['content-type']);
      reject(new HttpError(400, `malformed multipart body: ${message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let got = false;
    // The file stream can end cleanly on a body cut short: the parser's error says so, and the
    // reader waits for the parser's end before it ends.
    let failure: Error | undefined;
    const parsed = new Promise<void>((done) => {
      parser.on('error', (err) => {
        failure ??= err as Error;
        done();
      });
      parser.on('finish', done);
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, filename) => {
      if (got) {
        stream.resume();
        return;
      }
      got = true;
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      // A body cut short errors the file stream, possibly before anyone reads it: the stream keeps
      // the error and the reader below rethrows it to the caller. This listener only keeps an
      // 'error' event without listeners from killing the process (fuzz counterexample), and no
      // other promise may hold the error, or nobody would handle it.
      stream.on('error', () => {});
      const data = (async function* () {
        try {
          for await (const chunk of stream) yield chunk as Uint8Array;
          await parsed;
        } catch (err) {
          failure ??= err as Error;
        }
        if (failure) throw new Error(ourMessage(failure), { cause: failure });
        if (truncated) throw new HttpError(413, `the file is larger than the limit of ${maxBytes} bytes`);
      })();
      resolve({
        filename: filename === undefined ? (fields.name ?? 'upload') : basename(filename),
        fields,
        data,
      });
    });
    parser.on('error', (err) =>
      reject(new HttpError(400, `malformed multipart body: ${ourMessage(err as Error)}`)),
    );
    parser.on('finish', () => {
      if (!got) reject(new HttpError(400, 'the multipart body holds no file part'));
    });
    req.pipe(parser);
  });
}
