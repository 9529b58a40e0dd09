/**
 * The workbench's offline XLIFF round trip on one document of 5,000 segments (embedded SQLite
 * file, platform in this process): the download, the upload of the untouched file (every unit
 * compared, none written) and the upload with every unit translated (5,000 saves through the
 * segment editor, each conditional on its revision).
 * Prints {"bench":"xliff","segments":N,"download_ms":D,"unchanged_upload_ms":U,"edited_upload_ms":E,…}.
 */
import { embeddedPlatform } from './support/embedded-platform.ts';

const SEGMENTS = Number(process.env.BENCH_XLIFF_SEGMENTS ?? 5000);

const platform = await embeddedPlatform('xliff');
const { base, call, key } = platform;

const strings: Record<string, string> = {};
for (let i = 0; i < SEGMENTS; i++)
  strings[`screen${i % 50}.item${i}`] = `Save the current document ${i} before you close window ${i % 37}`;
const file = await call('/v2/files?name=locales%2Fen%2Fapp.json', {
  method: 'POST',
  body: JSON.stringify(strings),
  headers: { 'content-type': 'application/octet-stream' },
});
const memory = await call('/v2/memories', {
  method: 'POST',
  json: { name: 'bench', srclang: 'en', trglang: 'de' },
});
const templates = (await call('/v2/workflows/templates')) as { id: number; name: string }[];
const job = await call('/v2/jobs', {
  method: 'POST',
  json: {
    name: 'bench',
    srcLang: 'en',
    fileIds: [file.id],
    languagePairs: [{ trgLang: 'de', memoryId: memory.id }],
    workflowTemplateId: templates[0]!.id,
  },
});
const projectId = (job.stats.projects as { id: number }[])[0]!.id;
let documentId: number | undefined;
for (let i = 0; i < 600 && documentId === undefined; i++) {
  const [project] = await call(`/v2/projects?id=${projectId}`);
  const doc = project.document?.[0];
  if (doc?.import_succeeded) documentId = doc.id;
  else await new Promise((r) => setTimeout(r, 100));
}
if (documentId === undefined) throw new Error('the document was not imported');

// A workbench session, as a browser gets one.
const jar = new Map<string, string>();
const send = async (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await fetch(base + path, { ...init, headers, redirect: 'manual' });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  return { status: res.status, text: await res.text() };
};
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
const login = await send('/workbench/login');
await send('/workbench/login', {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ _csrf: csrfOf(login.text), key: key, next: '/workbench' }).toString(),
});
const csrf = csrfOf((await send('/workbench')).text);
const upload = async (xml: string) => {
  const form = new FormData();
  form.set('_csrf', csrf);
  form.set('file', new Blob([xml]), 'app.json.de.xlf');
  const t = performance.now();
  const res = await send(`/workbench/documents/${documentId}/xliff`, { method: 'POST', body: form });
  const ms = performance.now() - t;
  const summary = /role="status">([^<]*)/.exec(res.text)?.[1];
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${summary ?? res.text.slice(0, 300)}`);
  return { ms, summary };
};

let t = performance.now();
const download = await send(`/workbench/documents/${documentId}/xliff/download`);
const downloadMs = performance.now() - t;
if (download.status !== 200) throw new Error(`download: ${download.status}`);
const unchanged = await upload(download.text);
const edited = await upload(
  download.text.replace(
    /(<source xml:lang="en">)([^<]*)(<\/source>\s*<target[^>]*>)<\/target>/g,
    '$1$2$3$2 (de)</target>',
  ),
);
t = performance.now();

console.log(
  JSON.stringify({
    bench: 'xliff',
    segments: SEGMENTS,
    bytes: Buffer.byteLength(download.text),
    download_ms: Math.round(downloadMs),
    unchanged_upload_ms: Math.round(unchanged.ms),
    edited_upload_ms: Math.round(edited.ms),
    unchanged: unchanged.summary,
    edited: edited.summary,
  }),
);
await platform.close();
