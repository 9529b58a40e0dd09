/**
 * TMX inline codes end to end (issue 23): imported as the placeholders and tags they stand for,
 * matched on their text with a small penalty for tags, and put into JSON, YAML and Android
 * targets without any TMX markup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { androidFormat } from '../../src/formats/android/index.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;
let memoryId: number;

async function json(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" segtype="sentence" adminlang="en" datatype="html" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
<tu><tuv xml:lang="en"><seg>Save <bpt i="1">&lt;b&gt;</bpt>all<ept i="1">&lt;/b&gt;</ept> files</seg></tuv><tuv xml:lang="de"><seg><bpt i="1">&lt;b&gt;</bpt>Alle<ept i="1">&lt;/b&gt;</ept> Dateien speichern</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Hello <ph x="1">%s</ph>, you have <ph x="2">%d</ph> messages</seg></tuv><tuv xml:lang="de"><seg>Hallo <ph x="1">%s</ph>, Sie haben <ph x="2">%d</ph> Nachrichten</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Open the <hi type="italic">settings</hi> page<ph x="1"/></seg></tuv><tuv xml:lang="de"><seg>Öffnen Sie die <hi type="italic">Einstellungen</hi><ph x="1"/></seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Read <it pos="begin" x="1">&lt;a href="/terms"&gt;</it>the terms<ut>&lt;br/&gt;</ut></seg></tuv><tuv xml:lang="de"><seg>Lesen Sie <it pos="begin" x="1">&lt;a href="/terms"&gt;</it>die AGB<ut>&lt;br/&gt;</ut></seg></tuv></tu>
</body></tmx>`;

beforeAll(async () => {
  p = await startPlatform();
  memoryId = (
    await json(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'de', srclang: 'en', trglang: 'de' } }),
    )
  ).id;
  await json(
    await p.call('/v2/memories/import', {
      method: 'POST',
      headers: {
        'SVC-API': JSON.stringify({ memory_id: memoryId, name: 'inline.tmx' }),
        'content-type': 'application/octet-stream',
      },
      body: TMX,
    }),
  );
  await p.idle();
});
afterAll(async () => {
  await p.close();
});

async function query(text: string) {
  const res = await json(
    await p.call(`/v2/memories/query?id=${memoryId}&query=${encodeURIComponent(text)}&n=1`),
  );
  return res as { score: number; source: string; target: string }[];
}

async function instant(name: string, content: string): Promise<Uint8Array> {
  const file = await json(
    await p.call(`/v2/files?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      body: content,
      headers: { 'content-type': 'application/octet-stream' },
    }),
  );
  const [started] = await json(
    await p.call(`/v2/translate/file?fileId=${file.id}&memoryId=${memoryId}`, { method: 'POST' }),
  );
  await p.idle();
  const [status] = await json(await p.call(`/v2/translate/file?translationIds=${started.id}`));
  expect(status.status).toBe('ReadyForDownload');
  return new Uint8Array(await (await p.call(`/v2/translate/files?id=${started.id}`)).arrayBuffer());
}

const TMX_MARKUP = /<\/?(?:bpt|ept|ph|it|ut|hi|sub)\b/;

describe('TMX inline codes in the memory', () => {
  it('stores inline codes as their native placeholders and tags, and a code without data not at all', async () => {
    expect((await query('Save <b>all</b> files'))[0]).toMatchObject({
      score: 100,
      source: 'Save <b>all</b> files',
      target: '<b>Alle</b> Dateien speichern',
    });
    expect((await query('Hello %s, you have %d messages'))[0]).toMatchObject({
      score: 100,
      target: 'Hallo %s, Sie haben %d Nachrichten',
    });
    expect((await query('Open the settings page'))[0]).toMatchObject({
      score: 100,
      target: 'Öffnen Sie die Einstellungen',
    });
    expect((await query('Read <a href="/terms">the terms<br/>'))[0]).toMatchObject({
      score: 100,
      target: 'Lesen Sie <a href="/terms">die AGB<br/>',
    });
  });

  it('scores text identical but for its tags 99, and a plain query gets the target without the tags', async () => {
    const [match] = await query('Save all files');
    expect(match).toMatchObject({ score: 99, target: 'Alle Dateien speichern' });
    expect((await query('Save <i>all</i> files'))[0]).toMatchObject({
      score: 99,
      target: '<i>Alle</i> Dateien speichern',
    });
  });

  it('puts no TMX markup into JSON, YAML and Android targets', async () => {
    const jsonOut = await instant(
      'app.json',
      '{\n  "save": "Save all files",\n  "hello": "Hello %s, you have %d messages"\n}\n',
    );
    expect(new TextDecoder().decode(jsonOut)).toBe(
      '{\n  "save": "Alle Dateien speichern",\n  "hello": "Hallo %s, Sie haben %d Nachrichten"\n}\n',
    );
    const yamlOut = new TextDecoder().decode(
      await instant('app.yml', 'open: Open the settings page\nsave: Save all files\n'),
    );
    expect(yamlOut).toBe('open: Öffnen Sie die Einstellungen\nsave: Alle Dateien speichern\n');
    const androidOut = new TextDecoder().decode(
      await instant(
        'strings.xml',
        '<resources>\n  <string name="save">Save all files</string>\n  <string name="hello">Hello %s, you have %d messages</string>\n</resources>\n',
      ),
    );
    expect(androidOut).toBe(
      '<resources>\n  <string name="save">Alle Dateien speichern</string>\n  <string name="hello">Hallo %s, Sie haben %d Nachrichten</string>\n</resources>\n',
    );
    for (const [format, bytes] of [
      [jsonFormat, jsonOut],
      [yamlFormat, new TextEncoder().encode(yamlOut)],
      [androidFormat, new TextEncoder().encode(androidOut)],
    ] as const) {
      for (const unit of format.parse(bytes)) expect(unit.source).not.toMatch(TMX_MARKUP);
    }
  });
});
