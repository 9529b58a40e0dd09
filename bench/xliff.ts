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

const strings: Record<string, string> = {};
for (let i = 0; i < SEGMENTS; i++)
  strings[`screen${i % 50}.item${i}`] = `Save the current document ${i} before you close window ${i % 37}`;
const documentId = await platform.jobDocument(strings);

// A workbench session, as a browser gets one.
const { page: send, csrf } = await platform.workbench();
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
