import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCharacters } from '../../src/api/helpers/characters.ts';
import { androidFormat } from '../../src/formats/android/index.ts';
import { jsonFormat } from '../../src/formats/json/index.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { json, uploader } from './instant-support.ts';

let p: TestPlatform;
let hooks: WebhookReceiver;
let secret: string;
let memoryId: number;

const upload = uploader(() => p);

const APP_JSON = `{
  "nav": {
    "home": "Home page",
    "settings": "Account settings"
  },
  "greeting": "Hello {{name}}, welcome back!",
  "items_one": "{{count}} item",
  "items_other": "{{count}} items"
}
`;
const APP_PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: de\\n"

#: src/app.c:12
msgid "Save the document"
msgstr ""

msgid "Delete %d files"
msgstr ""
`;

beforeAll(async () => {
  p = await startPlatform({ webhooks: { retryScale: 0.001 } });
  hooks = await startWebhookReceiver();
  secret = (
    await json(
      await p.call('/v3/connectors/configuration/webhooks', {
        method: 'POST',
        json: {
          webhookName: 'instant',
          webhookUrl: `${hooks.url}/i`,
          eventType: ['INSTANT_TRANSLATE_COMPLETED', 'INSTANT_TRANSLATE_FAILED'],
        },
      }),
    )
  ).secret;
  memoryId = (
    await json(
      await p.call('/v2/memories', { method: 'POST', json: { name: 'de', srclang: 'en', trglang: 'de' } }),
    )
  ).id;
  await p.call('/v2/memories/import', {
    method: 'POST',
    headers: {
      'SVC-API': JSON.stringify({ memory_id: memoryId, name: 'tm.tmx' }),
      'content-type': 'application/octet-stream',
    },
    body: `<tmx version="1.4"><header srclang="en" segtype="sentence" adminlang="en" datatype="plaintext" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
<tu><tuv xml:lang="en"><seg>Account settings</seg></tuv><tuv xml:lang="de"><seg>Kontoeinstellungen</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Save the document</seg></tuv><tuv xml:lang="de"><seg>Dokument speichern</seg></tuv></tu>
</body></tmx>`,
  });
  await p.idle();
});
afterAll(async () => {
  await p.close();
  await hooks.close();
});

describe('instant file translation', () => {
  it('translates two files into one memory: ReadyForDownload, same format, targets filled, TM first', async () => {
    const a = await upload('locales/en/app.json', APP_JSON);
    const b = await upload('po/app.pot', APP_PO);
    const res = await p.call(`/v2/translate/file?fileId=${a.id},${b.id}&memoryId=${memoryId}`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('300');
    const started = await res.json();
    expect(started).toHaveLength(2);
    expect(started[0]).toMatchObject({
      fileId: String(a.id),
      status: 'InProgress',
      memoryId,
      trgLang: 'de',
      trgLocale: null,
    });
    await p.idle();
    const statuses = await json(
      await p.call(`/v2/translate/file?translationIds=${started.map((s: { id: number }) => s.id).join(',')}`),
    );
    expect(statuses.map((s: { status: string }) => s.status)).toEqual([
      'ReadyForDownload',
      'ReadyForDownload',
    ]);

    const jsonOut = new Uint8Array(
      await (await p.call(`/v2/translate/files?id=${started[0].id}`)).arrayBuffer(),
    );
    const units = new Map(jsonFormat.parse(jsonOut).map((u) => [u.id, u]));
    expect(units.get('nav.settings')!.source).toBe('Kontoeinstellungen');
    expect(units.get('nav.home')!.source).not.toBe('Home page');
    expect(units.get('greeting')!.source).toContain('{{name}}');
    expect(Object.keys(units.get('items')!.sourcePlural!)).toEqual(['one', 'other']);
    expect(new TextDecoder().decode(jsonOut).split('\n').length).toBe(APP_JSON.split('\n').length);

    const poOut = new Uint8Array(
      await (await p.call(`/v2/translate/files?id=${started[1].id}`)).arrayBuffer(),
    );
    const po = new Map(poFormat.parse(poOut).map((u) => [u.id, u]));
    expect(po.get('Save the document')!.target).toBe('Dokument speichern');
    expect(po.get('Delete %d files')!.target).toContain('%d');
  });

  it('sent INSTANT_TRANSLATE_COMPLETED for each, signed', async () => {
    await p.idle();
    const wh = new Webhook(secret);
    const completed = hooks.requests
      .map(
        (r) =>
          wh.verify(r.body, r.headers as Record<string, string>) as {
            eventType: string;
            translationId: number;
            fileId: string;
          },
      )
      .filter((e) => e.eventType === 'INSTANT_TRANSLATE_COMPLETED');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(typeof completed[0]!.fileId).toBe('string');
  });

  it('an unsupported file ends Failed with errorMsg and INSTANT_TRANSLATE_FAILED', async () => {
    const bin = await upload('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const empty = await upload('empty.json', '{}\n');
    const [s1, s2] = await json(
      await p.call(`/v2/translate/file?fileId=${bin.id}&fileId=${empty.id}&memoryId=${memoryId}`, {
        method: 'POST',
      }),
    );
    await p.idle();
    const [f1, f2] = await json(await p.call(`/v2/translate/file?translationIds=${s1.id},${s2.id}`));
    expect(f1).toMatchObject({ status: 'Failed', errorMsg: expect.stringMatching(/^Unsupported_file_type/) });
    expect(f2).toMatchObject({
      status: 'Failed',
      errorMsg: expect.stringMatching(/^No_translatable_content/),
    });
    const dl = await p.call(`/v2/translate/files?id=${s1.id}`);
    expect(dl.status).toBe(409);
    expect((await dl.json()).message).toMatch(/failed: Unsupported_file_type/);
    await p.idle();
    const failed = hooks.requests.filter((r) => r.headers['svc-event-type'] === 'INSTANT_TRANSLATE_FAILED');
    expect(failed.map((r) => JSON.parse(r.body).translationId).sort()).toEqual([s1.id, s2.id].sort());
  });

  it('lists by status and time; asks for at least one filter', async () => {
    const ready = await json(await p.call('/v2/translate/file?status=ReadyForDownload'));
    expect(ready.length).toBe(2);
    const recent = await json(
      await p.call(`/v2/translate/file?fromTime=${Math.floor(Date.now() / 1000) - 60}`),
    );
    expect(recent.length).toBe(4);
    // Fractional seconds are times too (PostgreSQL refused the fraction: a 500, fuzz counterexample).
    const fractional = await json(await p.call(`/v2/translate/file?fromTime=${Date.now() / 1000 - 60.5}`));
    expect(fractional.length).toBe(4);
    const past = await p.call('/v2/translate/file?toTime=1e300');
    expect(past.status).toBe(400);
    expect((await past.json()).message).toMatch(/toTime: must be a time in epoch seconds/);
    const none = await p.call('/v2/translate/file');
    expect(none.status).toBe(400);
    expect((await none.json()).message).toMatch(/at least one filter/);
  });

  it('charges the characters of small and large files alike (small ones read with their row)', async () => {
    const entries = (n: number) =>
      `{\n${Array.from({ length: n }, (_, i) => `  "k${i}": "Welcome back to the dashboard number ${i}"`).join(',\n')}\n}\n`;
    const small = entries(3);
    const large = entries(2000);
    expect(large.length).toBeGreaterThan(64 * 1024);
    const files = [await upload('small.json', small), await upload('large.json', large)];
    const started = await json(
      await p.call(`/v2/translate/file?fileId=${files[0].id}&fileId=${files[1].id}&memoryId=${memoryId}`, {
        method: 'POST',
      }),
    );
    const rows = await p.database.db
      .selectFrom('instant_translations')
      .select(['id', 'characters'])
      .where(
        'id',
        'in',
        started.map((t: { id: number }) => t.id),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.characters)).toEqual([
      countCharacters('small.json', new TextEncoder().encode(small)),
      countCharacters('large.json', new TextEncoder().encode(large)),
    ]);
    expect(rows[1]!.characters).toBeGreaterThan(60_000);
    await p.idle();
  });
});

describe('TM leverage in jobs', () => {
  it('counts lines present in the memory as exact words', async () => {
    const file = await upload(
      'lev.json',
      '{"a": "Account settings", "b": "Save the document", "c": "Something entirely new here"}',
    );
    const job = await json(
      await p.call('/v2/jobs', {
        method: 'POST',
        json: {
          name: 'lev',
          srcLang: 'en',
          fileIds: [file.id],
          languagePairs: [{ trgLang: 'de', memoryId }],
        },
      }),
    );
    await p.idle();
    const stats = await json(await p.call(`/v2/jobs/${job.id}/stats`));
    expect(stats).toMatchObject({ exactWords: 5, fuzzyWords: 0, newWords: 4, sourceWords: 9 });
  });
});

describe('plural forms a format writes for every language', () => {
  it('leaves Android resources marked translatable="false" out of the translated file (Lint: Untranslatable)', async () => {
    const en = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name" translatable="false">Pocket Notes</string>
    <string name="save">Save the document</string>
    <string-array name="units" translatable="false">
        <item>kB</item>
    </string-array>
</resources>
`;
    const file = await upload('app/src/main/res/values/strings.xml', en);
    const [started] = await json(
      await p.call(`/v2/translate/file?fileId=${file.id}&memoryId=${memoryId}`, { method: 'POST' }),
    );
    await p.idle();
    const out = new Uint8Array(await (await p.call(`/v2/translate/files?id=${started.id}`)).arrayBuffer());
    const text = new TextDecoder().decode(out);
    expect(text).not.toContain('app_name');
    expect(text).not.toContain('name="units"');
    expect(androidFormat.parse(out).map((u) => [u.id, u.source])).toEqual([['save', 'Dokument speichern']]);
  });
  it('keeps a Rails `zero:` form in a language whose plural rules have none (Rails uses it for 0 in every language)', async () => {
    const en =
      'en:\n  inbox:\n    count:\n      zero: "No messages"\n      one: "1 message"\n      other: "%{count} messages"\n';
    const file = await upload('config/locales/en.yml', en);
    const [started] = await json(
      await p.call(`/v2/translate/file?fileId=${file.id}&memoryId=${memoryId}`, { method: 'POST' }),
    );
    await p.idle();
    const out = new Uint8Array(await (await p.call(`/v2/translate/files?id=${started.id}`)).arrayBuffer());
    const [unit] = yamlFormat.parse(out);
    expect(Object.keys(unit!.sourcePlural!).sort()).toEqual(['one', 'other', 'zero']);
    expect(unit!.sourcePlural!.zero).not.toBe('No messages');
  });
});
