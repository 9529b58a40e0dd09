/**
 * A character XML 1.0 cannot carry (a U+0008 people typed in donnemartin/system-design-primer's
 * README-zh-Hans.md) never stops a sync: the pair that holds it is left out of the memory's TMX
 * import with a warning naming file, key and character, every other pair is taught, the file keeps
 * its bytes, and the unit the target lacks still arrives. A source unit holding one cannot go out
 * in the XLIFF delta: it stays untranslated with a warning, and the rest of its file is translated.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, downloadJobZip, waitForExport } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { markdownFormat } from '../../src/formats/markdown/index.ts';
import { runSync, type SyncResult } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

// Not in test/fixtures/markdown: the shared format suite reads that folder whole and extracts
// every file to XLIFF, which (by design) refuses a U+0008.
const fixture = (path: string) => readFileSync(join('test/fixtures/markdown-xml-chars', path), 'utf8');
const SOURCE = fixture('README.md');
const ZH = fixture('README-zh-Hans.md');

const CONFIG = `source: en
targets: [zh-Hans]
mode: instant
files:
  - source: README.md
    translation: README-%lang%.md
  - source: docs/en/notes.md
    translation: docs/%lang%/notes.md
`;

/** A source paragraph holding a backspace, as a person might paste it. */
const NOTES = 'Press Ctrl+H (\b) to erase.\n\nA second paragraph.\n';

let p: TestPlatform;
let client: Client;
let ws: Awaited<ReturnType<typeof workspaceSync>>;
let first: SyncResult;

/** The zh-Hans unit holding the U+0008 (found by reading, not assumed). */
const backspaceUnit = () =>
  markdownFormat.parse(new TextEncoder().encode(ZH)).find((u) => u.source.includes('\b'))!;

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'untaught' });
  await ws.put('README.md', SOURCE);
  await ws.put('README-zh-Hans.md', ZH);
  await ws.put('docs/en/notes.md', NOTES);
  first = await ws.sync();
}, 60_000);

afterAll(async () => {
  await client.close();
  await p.close();
  await ws?.remove();
});

describe('a translation holding a character TMX cannot carry', () => {
  it('does not stop the sync, and says which file, key and character were not taught', () => {
    expect(backspaceUnit()).toBeDefined();
    expect(first.failures ?? []).toEqual([]);
    expect(ws.warnings).toContain(
      `README-zh-Hans.md: ${backspaceUnit().id}: not taught to the zh-Hans memory: its text holds U+0008, which TMX (XML 1.0) cannot carry; the file keeps it as it is`,
    );
    expect(ws.warnings.filter((w) => w.startsWith('README-zh-Hans.md'))).toHaveLength(1);
  });

  it('teaches every other pair of the file to the memory', async () => {
    const held = markdownFormat.parse(new TextEncoder().encode(ZH)).filter((u) => !u.source.includes('\b'));
    expect(ws.infos).toContain(
      `zh-Hans: ${held.length} existing translation(s) taught to the memory (added ${held.length}, skipped 0 it held already)`,
    );
    const memory = (await client.memories.list()).find((m) => m.trglang === 'zh');
    expect(memory).toBeDefined();
    const heading = held.find((u) => u.id === 'h1')!;
    const sourceHeading = markdownFormat.parse(new TextEncoder().encode(SOURCE)).find((u) => u.id === 'h1')!;
    const matches = await client.memories.query(memory!.id, sourceHeading.source);
    expect(matches.map((m) => m.target)).toContain(heading.source);
  });

  it('keeps every unit people wrote, the U+0008 included, and adds the unit it lacked', async () => {
    const zh = await ws.read('README-zh-Hans.md');
    const after = new Map(markdownFormat.parse(new TextEncoder().encode(zh)).map((u) => [u.id, u.source]));
    for (const unit of markdownFormat.parse(new TextEncoder().encode(ZH)))
      expect(after.get(unit.id)).toBe(unit.source);
    expect(after.get(backspaceUnit().id)).toContain('\b');
    expect(after.size).toBe(markdownFormat.parse(new TextEncoder().encode(SOURCE)).length);
  });

  it('a source unit holding one is left untranslated with a warning; the rest of its file is translated', async () => {
    expect(ws.warnings).toContain(
      'docs/en/notes.md: p1: not sent for translation to zh-Hans: its source text holds U+0008, which XLIFF 1.2 (XML 1.0) cannot carry; it stays untranslated in docs/zh-Hans/notes.md',
    );
    const notes = markdownFormat.parse(new TextEncoder().encode(await ws.read('docs/zh-Hans/notes.md')));
    expect(notes.map((u) => u.source)).toEqual([
      'Press Ctrl+H (\b) to erase.',
      expect.not.stringMatching(/^A second paragraph\.$/),
    ]);
  });
});

describe('job mode', () => {
  it('uploads a source holding a U+0008 and its documents import: the job is created in full', async () => {
    // Japanese, which has no files yet: every unit needs translating, so both sources go out.
    const job = await runSync({
      client,
      workspace: ws.root,
      settings: settingsFrom(
        CONFIG.replace('mode: instant', 'mode: job').replace('[zh-Hans]', '[ja]'),
        '.svc.yml',
        {
          base: 'main',
        },
      ),
      origin: { owner: 'acme', repo: 'untaught-job', ref: 'main' },
    });
    expect(job.uploaded.map((u) => u.file.path).sort()).toEqual(['README.md', 'docs/en/notes.md']);
    expect(job.job).toBeDefined();
    await p.idle();
    expect((await client.jobs.get(job.job!.id)).creationStatus).toBe('COMPLETE');
    const stats = await client.jobs.stats(job.job!.id);
    for (const project of await client.projects.list({ id: stats.projects.map((x) => x.id) }))
      for (const document of project.document)
        expect([document.name, document.import_succeeded, document.import_error_message]).toEqual([
          document.name,
          true,
          '',
        ]);
    // Delivered and exported: the translated notes carry the U+0008 through the platform's files.
    await client.jobs.deliver(job.job!.id);
    await client.jobs.export(job.job!.id);
    await waitForExport(client, job.job!.id);
    const entries = await downloadJobZip(client, job.job!.id);
    const notes = entries.find((e) => e.name === 'ja/docs/en/notes.md');
    expect(notes, entries.map((e) => e.name).join(', ')).toBeDefined();
    const units = markdownFormat.parse(notes!.bytes);
    expect(units).toHaveLength(2);
    expect(units[0]!.source).toContain('\b');
  });
});
