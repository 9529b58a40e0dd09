import fc from 'fast-check';
import { type GenContext, valueArb } from './arbitraries.ts';
import type { JsonSchema } from './document.ts';
import { HUGE } from './values.ts';

/** A non-JSON request body with the headers that go with it. */
export interface RawBody {
  headers: Record<string, string>;
  body: Uint8Array;
  note: string;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Small files of the kinds the platform reads, by file name. */
export const SAMPLE_FILES: Readonly<Record<string, string>> = {
  'locales/en/app.json':
    '{"greeting": "Hello {name}", "save": "Save", "items": "{n, plural, one {# item} other {# items}}"}\n',
  'fuzz.tmx':
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" ' +
    'segtype="sentence" adminlang="en" creationtool="fuzz" creationtoolversion="1" o-tmf="fuzz"/><body>' +
    '<tu><tuv xml:lang="en"><seg>Hello</seg></tuv><tuv xml:lang="de"><seg>Hallo</seg></tuv></tu></body></tmx>\n',
  'terms.csv': 'en,de\nfile,Datei\nsave,Speichern\n',
  'strings.properties': 'greeting=Hello\nbye=Goodbye \\u00e9\n',
  'messages.po':
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr ""\n',
};

const sample = fc.constantFrom(...Object.entries(SAMPLE_FILES));
const garbage = fc.uint8Array({ minLength: 1, maxLength: 512 });

/**
 * Bodies for operations whose request body is a file (`format: binary`), or multipart parts as
 * the document's schema lists them (a `format: binary` part gets a sample file). Headers the
 * operation needs (SVC-API) are parameters of the document and come with them; broken bodies
 * also come with broken headers of the operations the fuzzer knows take them.
 */
export function rawBodyArb(
  contentType: string,
  path: string,
  ctx: GenContext,
  valid: boolean,
  schema: JsonSchema = {},
): fc.Arbitrary<RawBody> {
  const multipart = contentType.startsWith('multipart/');
  const memoryId = fc.nat().map((n) => ctx.pools.pick('/v2/memories', n) ?? n + 1);
  const projectId = fc.nat().map((n) => ctx.pools.pick('/v2/projects', n) ?? n + 1);
  if (valid) {
    if (multipart) return formArb(ctx.resolve(schema), ctx);
    return sample.map(([name, text]) => ({
      headers: { 'content-type': contentType },
      body: utf8(text),
      note: `file ${name}`,
    }));
  }
  const broken: fc.Arbitrary<RawBody>[] = [
    fc.constant({ headers: { 'content-type': contentType }, body: new Uint8Array(0), note: 'empty body' }),
    garbage.map((body) => ({ headers: { 'content-type': contentType }, body, note: 'random bytes' })),
    fc.constant({
      headers: { 'content-type': contentType },
      body: new Uint8Array(HUGE).fill(0x41),
      note: 'about 1 MB of bytes',
    }),
    sample.map(([name, text]) => ({
      headers: { 'content-type': contentType, 'content-encoding': 'gzip' },
      body: utf8(text),
      note: `${name} declared gzip but not compressed`,
    })),
  ];
  if (multipart) {
    broken.push(
      sample.map(([, text]) => ({
        headers: { 'content-type': 'multipart/form-data' },
        body: utf8(text),
        note: 'multipart without a boundary',
      })),
      sample.map(([name, text]) => {
        const whole = multipartBody([{ name: 'file', filename: name, value: text }]);
        return { ...whole, body: whole.body.slice(0, whole.body.length - 20), note: 'multipart cut short' };
      }),
      projectId.map((project) => multipartBody([{ name: 'project_id', value: String(project) }])),
      fc.tuple(sample, fc.constantFrom('-1', 'abc', '1e3', '')).map(([[name, text], project]) =>
        multipartBody([
          { name: 'project_id', value: project },
          { name: 'file', filename: name, value: text },
        ]),
      ),
    );
  } else if (path === '/v2/memories/import') {
    const badHeaders = ['{', '[]', 'null', '{"memory_id":"x","name":""}', '{"memory_id":-1,"name":"a.tmx"}'];
    broken.push(
      fc.tuple(sample, fc.constantFrom(...badHeaders)).map(([[, text], header]) => ({
        headers: { 'content-type': contentType, 'svc-api': header },
        body: utf8(text),
        note: `SVC-API ${header}`,
      })),
      fc.tuple(sample, memoryId).map(([[, text], memory]) => ({
        headers: {
          'content-type': contentType,
          memory_id: String(memory),
          name: 'a.unknown',
          sdlxliff_filters: '{',
        },
        body: utf8(text),
        note: 'separate headers, sdlxliff_filters not JSON',
      })),
    );
  }
  return fc.oneof(...broken);
}

/** A multipart body of the parts an object schema lists: files for binary parts, text for the rest. */
function formArb(schema: JsonSchema, ctx: GenContext): fc.Arbitrary<RawBody> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const binary = (name: string) => ctx.resolve(properties[name]!).format === 'binary';
  const files = Object.keys(properties).filter(binary);
  const text: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([n]) => !binary(n))),
    required: ((schema.required ?? []) as string[]).filter((n) => !files.includes(n)),
  };
  return fc
    .tuple(
      valueArb(text, { where: 'body' }, ctx, 'valid'),
      fc.array(sample, { minLength: files.length, maxLength: files.length }),
    )
    .map(([fields, picked]) =>
      multipartBody([
        ...Object.entries(fields as Record<string, unknown>).map(([name, value]) => ({
          name,
          value: typeof value === 'string' ? value : JSON.stringify(value),
        })),
        ...files.map((name, i) => {
          const [path, content] = picked[i]!;
          return { name, filename: path.split('/').pop()!, value: content };
        }),
      ]),
    );
}

interface Part {
  name: string;
  value: string;
  filename?: string;
}

/**
 * A name quoted for a part header: `"` and line breaks percent-encoded as browsers do (WHATWG
 * HTML, multipart/form-data encoding), and the other control characters too, which a header
 * line cannot carry at all.
 */
const quoted = (name: string) =>
  name.replace(
    /["\u0000-\u001f\u007f]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );

/** A multipart/form-data body (RFC 7578) of text fields and file parts. */
export function multipartBody(parts: Part[]): RawBody {
  const boundary = '----svcfuzz7MA4YWxkTrZu0gW';
  const chunks = parts.map((p) => {
    const disposition = `form-data; name="${quoted(p.name)}"${p.filename !== undefined ? `; filename="${quoted(p.filename)}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${p.value}\r\n`;
  });
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: utf8(`${chunks.join('')}--${boundary}--\r\n`),
    note: `multipart: ${parts.map((p) => p.name).join(', ')}`,
  };
}
