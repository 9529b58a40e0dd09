import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readMultipartFile } from '../../server/http/multipart.ts';

const B = '----b';
const TYPE = `multipart/form-data; boundary=${B}`;
const part = (headers: string, body: string) => `--${B}\r\n${headers}\r\n\r\n${body}\r\n`;
const END = `--${B}--\r\n`;

function request(body: string, contentType: string | null): IncomingMessage {
  const req = Readable.from([Buffer.from(body, 'utf8')]) as unknown as IncomingMessage;
  req.headers = contentType === null ? {} : { 'content-type': contentType };
  return req;
}

/** The file part as the route sees it: name, fields and text, or the error reading it gives. */
async function read(body: string, contentType: string | null = TYPE, maxBytes = 20) {
  try {
    const file = await readMultipartFile(request(body, contentType), maxBytes);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of file.data) chunks.push(Buffer.from(chunk));
    } catch (error) {
      const { status, message } = error as { status?: number; message: string };
      return {
        filename: file.filename,
        fields: file.fields,
        error: status ? `${status} ${message}` : message,
      };
    }
    return { filename: file.filename, fields: file.fields, text: Buffer.concat(chunks).toString() };
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return `${status} ${message}`;
  }
}

describe('readMultipartFile (the parts busboy 1.x read, as it read them)', () => {
  it('returns the first file with the fields before it and ignores later files', async () => {
    const body =
      part('Content-Disposition: form-data; name="project_id"', '7') +
      part('Content-Disposition: form-data; name="file"; filename="a.json"', '{"a":1}') +
      part('Content-Disposition: form-data; name="f2"; filename="b.json"', 'B'.repeat(100)) +
      END;
    expect(await read(body)).toEqual({ filename: 'a.json', fields: { project_id: '7' }, text: '{"a":1}' });
  });

  it('keeps only the last segment of a file name, / or \\ separated', async () => {
    for (const [sent, kept] of [
      ['../x/y.json', 'y.json'],
      ['..\\x\\y.json', 'y.json'],
      ['dir/', ''],
      ['..', ''],
    ]) {
      const body = part(`Content-Disposition: form-data; name="file"; filename="${sent}"`, 'x') + END;
      expect(await read(body)).toMatchObject({ filename: kept });
    }
  });

  it('takes an octet-stream part without a file name as the file, and an empty file name as a field', async () => {
    const octet = part(
      'Content-Disposition: form-data; name="file"\r\nContent-Type: Application/Octet-Stream',
      'd',
    );
    expect(await read(octet + END)).toEqual({ filename: 'upload', fields: {}, text: 'd' });
    const empty = part('Content-Disposition: form-data; name="file"; filename=""', 'A');
    expect(await read(empty + END)).toBe('400 the multipart body holds no file part');
  });

  it('fails the file with "Unexpected end of form" when the body is cut short, even after all its bytes', async () => {
    const cut = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"a": "b"`;
    expect(await read(cut)).toMatchObject({ error: 'Unexpected end of form' });
    const unclosed = part('Content-Disposition: form-data; name="file"; filename="a.json"', 'A');
    expect(await read(unclosed)).toMatchObject({ error: 'Unexpected end of form' });
    expect(await read('')).toBe('400 malformed multipart body: Unexpected end of form');
  });

  it('answers 413 for a file over the limit', async () => {
    const body = part('Content-Disposition: form-data; name="file"; filename="a.json"', 'x'.repeat(50)) + END;
    expect(await read(body)).toMatchObject({ error: '413 the file is larger than the limit of 20 bytes' });
  });

  it('refuses a body that is not multipart with the messages our 400s have always carried', async () => {
    expect(await read(END, 'multipart/form-data')).toBe(
      '400 malformed multipart body: Multipart: Boundary not found',
    );
    expect(await read('x', 'text/plain')).toBe(
      '400 malformed multipart body: Unsupported content type: text/plain',
    );
    expect(await read('x', null)).toBe('400 malformed multipart body: Missing Content-Type');
  });
});
