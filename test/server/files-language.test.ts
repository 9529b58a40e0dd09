/**
 * An uploaded file's language: the one given, else detected from its translatable text — at once
 * for a small file, in the background for a large one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform.ts';

let p: TestPlatform;

beforeAll(async () => {
  p = await startPlatform();
});

afterAll(async () => {
  await p.close();
});

interface FileRecord {
  id: number;
  detected_lang: string;
  detected_lang_confidence: number;
  labels: string[];
}

async function upload(name: string, body: string, query = ''): Promise<FileRecord> {
  const res = await p.call(`/v2/files?name=${encodeURIComponent(name)}${query}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as FileRecord;
}

async function stored(id: number): Promise<FileRecord> {
  const res = await p.call(`/v2/files?id=${id}`);
  return ((await res.json()) as FileRecord[])[0]!;
}

const GERMAN = [
  'Die Bestellung wurde erfolgreich aufgegeben und wird morgen versandt.',
  'Bitte melden Sie sich an, um fortzufahren.',
  'Ihr Warenkorb ist leer, aber das lässt sich ändern.',
  'Wir konnten Ihre Karte nicht belasten. Bitte versuchen Sie eine andere.',
];

/** A JSON strings file of German values (keys in English, which detection must not read). */
function germanJson(entries: number): string {
  const lines = Array.from(
    { length: entries },
    (_, i) => `  "checkout.screen.${i}.message": ${JSON.stringify(GERMAN[i % GERMAN.length])}`,
  );
  return `{\n${lines.join(',\n')}\n}\n`;
}

describe('file language', () => {
  it('a small file is detected from its values as it is uploaded', async () => {
    const file = await upload('de.json', germanJson(8));
    expect(file.detected_lang).toBe('de');
    expect(file.detected_lang_confidence).toBeGreaterThan(0);
    expect((await stored(file.id)).detected_lang).toBe('de');
  });

  it('a given language wins over detection, with full confidence', async () => {
    const file = await upload('de.json', germanJson(8), '&langId=fr');
    expect(file).toMatchObject({ detected_lang: 'fr', detected_lang_confidence: 1 });
  });

  it('a large file is detected in the background', async () => {
    const body = germanJson(3000);
    expect(body.length).toBeGreaterThan(256 * 1024);
    const file = await upload('big.json', body);
    expect(file.detected_lang).toBe('zxx');
    await p.idle();
    expect((await stored(file.id)).detected_lang).toBe('de');
  });

  it('a file with no text is `zxx`, and the upload answers with its labels', async () => {
    const one = await upload('empty.json', '{}', '&labels=repo:acme');
    expect(one).toMatchObject({ detected_lang: 'zxx', detected_lang_confidence: 0, labels: ['repo:acme'] });
    const two = await upload('empty.json', '{}', '&labels=ref:main,repo:acme,ref:main');
    expect(two.labels).toEqual(['ref:main', 'repo:acme']);
    expect((await stored(two.id)).labels).toEqual(['ref:main', 'repo:acme']);
  });
});
