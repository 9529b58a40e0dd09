/**
 * Workbench search and replace on a 5,000-segment document: the preview of a replace that changes
 * every segment (GET /workbench/documents/:id/replace, each change with before/after and
 * placeholder QA), a plain find and a regex find, over HTTP from a signed-in session, against the
 * editor's first page as the same-run baseline. The platform runs in this process on an embedded
 * SQLite file, as `svc-connector server` would.
 * Prints {"bench":"replace","preview_p50_ms":…,"preview_p95_ms":…,"ratio":…,…}.
 */
import { sql } from 'kysely';
import { embeddedPlatform } from './support/embedded-platform.ts';

const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const platform = await embeddedPlatform('replace');
const { database } = platform;

// One file of 5,000 strings with a placeholder each, in a job en → de.
const words = [
  'Save',
  'the',
  'current',
  'document',
  'before',
  'you',
  'close',
  'this',
  'window',
  'and',
  'open',
];
const strings: Record<string, string> = {};
for (let i = 0; i < SEGMENTS; i++) {
  const text = Array.from({ length: 5 + (i % 7) }, (_, w) => words[(i * 3 + w) % words.length]).join(' ');
  strings[`screen_${Math.floor(i / 50)}_key_${i}`] = `${text} {{count}}`;
}
const documentId = await platform.jobDocument(strings, 'Translate > Review > Secondary review');
// Every segment translated, each target holding "Dokument" and the source's placeholder.
await database.db
  .updateTable('document_segments')
  .set({ target: sql<string>`'Dokument: ' || source`, status: 'translated', origin: 'mt' })
  .where('document_id', '=', documentId)
  .execute();

// A workbench session, signed in through the login form as a browser does.
const { page } = await platform.workbench();

async function measure(path: string): Promise<{ p50: number; p95: number; first: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  let first = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const res = await page(path);
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 500)}`);
    bytes = Buffer.byteLength(res.text);
    if (i === 0) first = Math.round(ms);
    if (i >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), first, bytes };
}

const editor = await measure(`/workbench/documents/${documentId}`);
const previewPath = `/workbench/documents/${documentId}/replace?q=Dokument&in=target&with=Datei`;
const preview = await measure(previewPath);
const changes = ((await page(previewPath)).text.match(/name="apply"/g) ?? []).length;
const find = await measure(`/workbench/documents/${documentId}/find?q=window`);
const regex = await measure(
  `/workbench/documents/${documentId}/find?q=${encodeURIComponent('\\b(save|open)\\b.*\\{\\{\\w+\\}\\}')}&mode=regex`,
);

await platform.close();
process.stdout.write(
  `${JSON.stringify({
    bench: 'replace',
    segments: SEGMENTS,
    preview_changes: changes,
    preview_p50_ms: preview.p50,
    preview_p95_ms: preview.p95,
    preview_first_ms: preview.first,
    preview_kb: Math.round(preview.bytes / 1024),
    editor_p50_ms: editor.p50,
    editor_p95_ms: editor.p95,
    ratio: Math.round((preview.p50 / editor.p50) * 100) / 100,
    find_plain_p50_ms: find.p50,
    find_regex_p50_ms: regex.p50,
    goal_met: preview.p95 < 1000,
    runs: RUNS,
    database: 'sqlite',
  })}\n`,
);
