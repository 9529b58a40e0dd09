import express, { type RequestHandler } from 'express';

/** A file sent with a multipart form. */
export interface UploadedFile {
  field: string;
  fileName: string;
  bytes: Uint8Array;
}

class MultipartError extends Error {
  status = 400;
}

function headerParam(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
  return match ? match[1]!.replace(/\\(.)/g, '$1') : undefined;
}

/**
 * Parses a multipart/form-data body (RFC 7578): text fields by name, files with their name and
 * bytes. Throws on a body that is not one (no closing boundary, a part without a name).
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { fields: Record<string, string>; files: UploadedFile[] } {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new MultipartError('multipart form without a boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MultipartError('multipart form without its boundary');
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break; // "--": the closing delimiter
    if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 2;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) throw new MultipartError('multipart part without headers');
    const headers = body.subarray(at, headersEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next < 0) throw new MultipartError('multipart form cut short');
    const content = body.subarray(headersEnd + 4, next);
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = headerParam(disposition, 'name');
    if (name === undefined) throw new MultipartError('multipart part without a name');
    const fileName = headerParam(disposition, 'filename');
    if (fileName !== undefined) files.push({ field: name, fileName, bytes: new Uint8Array(content) });
    else fields[name] = content.toString('utf8');
    at = next + 2;
  }
  return { fields, files };
}

/**
 * Reads multipart forms of signed-in sessions into `req.body` (fields, so the CSRF check sees
 * `_csrf`) and `res.locals.files`; other requests pass untouched. Bodies over `limit` get 413.
 */
export function multipartForms(limit: number): RequestHandler {
  const raw = express.raw({ type: 'multipart/form-data', limit });
  return (req, res, next) => {
    if (!res.locals.session || !req.is('multipart/form-data')) return next();
    raw(req, res, (err?: unknown) => {
      if (err) return next(err);
      try {
        const { fields, files } = parseMultipart(
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          req.get('content-type') ?? '',
        );
        req.body = fields;
        res.locals.files = files;
        next();
      } catch (e) {
        next(e);
      }
    });
  };
}
