import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, importFile } from '../../server/engine/importers/index.ts';
import { segmentText } from '../../server/engine/importers/sdltm-segment.ts';
import { androidFormat } from '../../src/formats/android/index.ts';
import { FormatError } from '../../src/formats/errors.ts';
import { mergeXliff } from '../../src/formats/exchange.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import type { FormatModule } from '../../src/formats/model.ts';
import { stringsdictFormat } from '../../src/formats/stringsdict/index.ts';
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

/**
 * Every XML path of the toolkit, fed hostile documents. Each path is a document template with
 * three holes: `{{DOCTYPE}}` after the XML declaration, `{{INSIDE}}` right inside the root
 * element, and `{{REF}}` where translatable text goes. Filled harmlessly, every template must
 * yield its text (so the attacks below reach the parser, not an early "not this format").
 */
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

const TEMPLATES = {
  android: `${XML_DECL}{{DOCTYPE}}<resources>{{INSIDE}}<string name="a">{{REF}}</string></resources>`,
  stringsdict: `${XML_DECL}{{DOCTYPE}}<plist version="1.0">{{INSIDE}}<dict><key>n_files</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>
<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string>
<key>one</key><string>{{REF}}</string><key>other</key><string>%d {{REF}}</string></dict></dict></dict></plist>`,
  xliff12: `${XML_DECL}{{DOCTYPE}}<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">{{INSIDE}}<file original="a" source-language="en" target-language="de" datatype="plaintext"><body><trans-unit id="a"><source>{{REF}}</source><target>{{REF}}</target></trans-unit></body></file></xliff>`,
  xliff2: `${XML_DECL}{{DOCTYPE}}<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">{{INSIDE}}<file id="f"><unit id="a"><segment><source>{{REF}}</source><target>{{REF}}</target></segment></unit></file></xliff>`,
  tmx: `${XML_DECL}{{DOCTYPE}}<tmx version="1.4">{{INSIDE}}<header srclang="en" segtype="sentence" adminlang="en" datatype="plaintext" o-tmf="x" creationtool="x" creationtoolversion="1"/><body><tu><tuv xml:lang="en"><seg>{{REF}}</seg></tuv><tuv xml:lang="de"><seg>{{REF}}</seg></tuv></tu></body></tmx>`,
  tbx: `${XML_DECL}{{DOCTYPE}}<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">{{INSIDE}}<tbxHeader><fileDesc><sourceDesc><p>x</p></sourceDesc></fileDesc></tbxHeader><text><body><conceptEntry id="c1"><langSec xml:lang="en"><termSec><term>{{REF}}</term></termSec></langSec><langSec xml:lang="de"><termSec><term>{{REF}}</term></termSec></langSec></conceptEntry></body></text></tbx>`,
  sdlxliff: `${XML_DECL}{{DOCTYPE}}<xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0" xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2" sdl:version="1.0">{{INSIDE}}<file original="a.docx" datatype="x-sdlfilterframework2" source-language="en" target-language="de"><body><trans-unit id="u1"><source>{{REF}}</source><seg-source><mrk mtype="seg" mid="1">{{REF}}</mrk></seg-source><target><mrk mtype="seg" mid="1">{{REF}}</mrk></target><sdl:seg-defs><sdl:seg id="1" conf="Translated"/></sdl:seg-defs></trans-unit></body></file></xliff>`,
  sdltmSegment: `${XML_DECL}{{DOCTYPE}}<Segment>{{INSIDE}}<Elements><Text><Value>{{REF}}</Value></Text></Elements></Segment>`,
};

const bytes = (text: string) => new TextEncoder().encode(text);

/** Runs a whole document through the parser and returns the text it produced. */
const parseUnits = (format: FormatModule) => async (doc: string) =>
  format
    .parse(bytes(doc))
    .map((u) => `${u.source} ${u.target ?? ''}`)
    .join('\n');

const importText = (name: string) => async (doc: string) => {
  const result = importFile({
    name,
    pair: { srclang: 'en', trglang: 'de' },
    chunks: async function* () {
      yield bytes(doc);
    },
  });
  const out: string[] = [];
  if (result.kind === 'tm') for await (const s of result.segments) out.push(`${s.source} ${s.target}`);
  else for await (const t of result.terms) out.push(JSON.stringify(t));
  return out.join('\n');
};

/** Each XML path: a name, its template and what reads it. */
const PATHS: [string, string, (doc: string) => Promise<string>][] = [
  ['formats: android parse', TEMPLATES.android, parseUnits(androidFormat)],
  [
    'formats: android render',
    TEMPLATES.android,
    async (doc) => {
      const out = androidFormat.render(bytes(doc), new Map([['a', 'Hallo']]), { targetLang: 'de' });
      return new TextDecoder().decode(out).includes('>Hallo<') ? 'Hello rendered as Hallo' : 'not rendered';
    },
  ],
  ['formats: stringsdict parse', TEMPLATES.stringsdict, parseUnits(stringsdictFormat)],
  ['formats: xliff12 parse', TEMPLATES.xliff12, parseUnits(xliff12Format)],
  ['formats: xliff2 parse', TEMPLATES.xliff2, parseUnits(xliff2Format)],
  [
    'formats: merge (svc-connector merge) reading an XLIFF',
    TEMPLATES.xliff12,
    async (doc) =>
      new TextDecoder().decode(
        mergeXliff(jsonFormat, bytes('{"a": "x"}\n'), bytes(doc), { fileName: 'a.json', targetLang: 'de' }),
      ),
  ],
  ['importers: TMX', TEMPLATES.tmx, importText('hostile.tmx')],
  ['importers: TBX', TEMPLATES.tbx, importText('hostile.tbx')],
  ['importers: XLIFF', TEMPLATES.xliff12, importText('hostile.xlf')],
  ['importers: SDLXLIFF', TEMPLATES.sdlxliff, importText('hostile.sdlxliff')],
  ['importers: SDLTM segment', TEMPLATES.sdltmSegment, async (doc) => segmentText(doc)],
];

let listener: Server;
let port: number;
const connections: string[] = [];

beforeAll(async () => {
  // Stands in for an attacker's server and for an internal one: nothing may ever connect.
  listener = createServer((socket) => {
    connections.push(String(socket.remoteAddress));
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
});

const fill = (template: string, parts: { doctype?: string; inside?: string; ref?: string }) =>
  template
    .replace('{{DOCTYPE}}', parts.doctype ?? '')
    .replace('{{INSIDE}}', parts.inside ?? '')
    .replaceAll('{{REF}}', parts.ref ?? 'Hello');

const laughs = [
  '<!ENTITY lol0 "lol">',
  ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`),
].join('\n');

/** Attacks that must be refused: each declares or needs an entity the parser may not expand. */
const REFUSED: [string, () => { doctype: string; ref: string }][] = [
  ['billion laughs', () => ({ doctype: `<!DOCTYPE r [\n${laughs}\n]>\n`, ref: '&lol9;' })],
  [
    'quadratic blowup (one 64 KB entity referenced 4096 times)',
    () => ({ doctype: `<!DOCTYPE r [<!ENTITY a "${'a'.repeat(65_536)}">]>\n`, ref: '&a;'.repeat(4096) }),
  ],
  [
    'an external entity over HTTP (XXE)',
    () => ({ doctype: `<!DOCTYPE r [<!ENTITY xxe SYSTEM "http://127.0.0.1:${port}/xxe">]>\n`, ref: '&xxe;' }),
  ],
  [
    'an external entity naming /etc/passwd (XXE)',
    () => ({ doctype: '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n', ref: '&xxe;' }),
  ],
  [
    'a parameter entity pulling in an external DTD',
    () => ({
      doctype: `<!DOCTYPE r [<!ENTITY % dtd SYSTEM "http://127.0.0.1:${port}/evil.dtd"> %dtd;]>\n`,
      ref: '&exfil;',
    }),
  ],
  [
    'a reference to an entity only an external DTD would declare',
    () => ({ doctype: `<!DOCTYPE r SYSTEM "http://127.0.0.1:${port}/ext.dtd">\n`, ref: '&fromDtd;' }),
  ],
];

describe.each(PATHS)('XML path %s', (_name, template, read) => {
  it('reads the harmless document (the attacks below reach the parser)', async () => {
    expect(await read(fill(template, {}))).toContain('Hello');
  });

  it.each(REFUSED)('refuses %s, expanding and fetching nothing', async (_attack, attack) => {
    const { doctype, ref } = attack();
    const outcome = await read(fill(template, { doctype, ref })).then(
      (text) => ({ text }),
      (error: Error) => ({ error }),
    );
    expect(
      'error' in outcome ? outcome.error.message : `no error; read ${outcome.text.slice(0, 200)}`,
    ).toMatch(/entit|DOCTYPE/i);
    // A typed error (file formats: FormatError with line and column; imports: ImportError), never a crash.
    expect('error' in outcome && [FormatError, ImportError].some((t) => outcome.error instanceof t)).toBe(
      true,
    );
    expect('error' in outcome ? outcome.error.message : '').not.toMatch(/root:|lollol/);
    expect(connections).toEqual([]);
  });

  it('never fetches an external DTD or an XInclude, whatever it makes of them', async () => {
    const doctype = `<!DOCTYPE r PUBLIC "-//X//DTD X//EN" "http://127.0.0.1:${port}/public.dtd">\n`;
    const inside = `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="http://127.0.0.1:${port}/xi" parse="text"/>`;
    const outcome = await read(fill(template, { doctype, inside })).then(
      (text) => text,
      (error: Error) => error.message,
    );
    expect(outcome).not.toContain('root:');
    // A connection would arrive within moments of being made; give it the chance.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connections).toEqual([]);
  });
});

describe('XML through the platform’s HTTP API', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p?.close());

  const xxe = () => ({
    doctype: `<!DOCTYPE r [<!ENTITY xxe SYSTEM "http://127.0.0.1:${port}/xxe">]>\n`,
    ref: '&xxe;',
  });

  it('a memory import of a TMX with an external entity fails visibly and adds nothing', async () => {
    const memory = await (
      await p.call('/v2/memories', { method: 'POST', json: { name: 'm', srclang: 'en', trglang: 'de' } })
    ).json();
    const res = await p.call('/v2/memories/import', {
      method: 'POST',
      headers: {
        'SVC-API': JSON.stringify({ memory_id: memory.id, name: 'xxe.tmx' }),
        'content-type': 'application/octet-stream',
      },
      body: fill(TEMPLATES.tmx, xxe()),
    });
    expect(res.status).toBe(200);
    await p.idle();
    const [m] = await (await p.call(`/v2/memories?id=${memory.id}`)).json();
    expect(m.last_import).toMatchObject({ name: 'xxe.tmx', status: 'failed', added: 0 });
    expect(m.last_import.error).toMatch(/DOCTYPE declares entities/);
    expect(connections).toEqual([]);
  });

  it('an instant translation of an XLIFF with billion laughs ends Failed, the server unharmed', async () => {
    const memory = await (
      await p.call('/v2/memories', { method: 'POST', json: { name: 'i', srclang: 'en', trglang: 'de' } })
    ).json();
    const file = await (
      await p.call('/v2/files?name=laughs.xlf', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: fill(TEMPLATES.xliff12, { doctype: `<!DOCTYPE r [\n${laughs}\n]>\n`, ref: '&lol9;' }),
      })
    ).json();
    const [started] = await (
      await p.call(`/v2/translate/file?fileId=${file.id}&memoryId=${memory.id}`, { method: 'POST' })
    ).json();
    await p.idle();
    const [status] = await (await p.call(`/v2/translate/file?translationIds=${started.id}`)).json();
    expect(status.status).toBe('Failed');
    expect(status.errorMsg).toMatch(/entit/i);
    expect((await p.call('/healthz')).status).toBe(200);
  });
});
