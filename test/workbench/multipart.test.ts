import { describe, expect, it } from 'vitest';
import { parseMultipart } from '../../server/workbench/multipart.ts';

/** A multipart body as browsers send it (RFC 7578), from what `FormData` makes. */
async function encoded(form: FormData) {
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

describe('parseMultipart', () => {
  it('reads text fields and files, bytes untouched (CRLF, UTF-8, a boundary-like line inside)', async () => {
    const form = new FormData();
    form.set('_csrf', 'tök€n');
    const bytes = new TextEncoder().encode('<xliff>\r\n--not-the-boundary\r\nÄ</xliff>\r\n');
    form.set('file', new Blob([bytes]), 'de "quoted".xlf');
    const { body, type } = await encoded(form);
    const parsed = parseMultipart(body, type);
    expect(parsed.fields).toEqual({ _csrf: 'tök€n' });
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]!.field).toBe('file');
    expect(Buffer.from(parsed.files[0]!.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a body without its boundary, cut short, or with a nameless part', () => {
    const type = 'multipart/form-data; boundary=XYZ';
    expect(() => parseMultipart(Buffer.from('no boundary here'), type)).toThrow('without its boundary');
    expect(() =>
      parseMultipart(Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'), type),
    ).toThrow('cut short');
    expect(() =>
      parseMultipart(Buffer.from('--XYZ\r\nContent-Disposition: form-data\r\n\r\nv\r\n--XYZ--\r\n'), type),
    ).toThrow('without a name');
    expect(() => parseMultipart(Buffer.from(''), 'multipart/form-data')).toThrow('without a boundary');
  });
});
