import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { readScreenshotFolder, ScreenshotFolderError } from '../../src/screenshots/local.ts';
import { readPng } from '../../src/screenshots/png.ts';
import { SCREENSHOT_LABEL, syncScreenshots } from '../../src/screenshots/upload.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { makePng } from '../support/png.ts';

const repository = { owner: 'acme', repo: 'app' };
let p: TestPlatform;
let client: Client;
let dir: string;

const put = async (path: string, content: string | Buffer) => {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
};

/** One run over the folder, with the requests it sent counted by the client. */
async function run() {
  const before = client.transport.counters.requests;
  const result = await syncScreenshots({ client, repository, screenshots: await readScreenshotFolder(dir) });
  return { ...result, sent: client.transport.counters.requests - before };
}

const listed = async () =>
  (await client.files.list({ labels: [SCREENSHOT_LABEL] })).map((f) => ({
    name: f.name,
    category: f.category,
    labels: f.labels,
    screenshot: f.screenshot,
  }));

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
});
afterAll(async () => {
  await client.close();
  await p.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shots-'));
  for (const f of await client.files.list()) await client.files.delete(f.id);
  return () => rm(dir, { recursive: true, force: true });
});

const MANIFEST = `settings/general.png:
  - settings.nav
  - key: settings.tabs.general
    box: { x: 10, y: 20, w: 60, h: 16 }
home.png: [home.title]
`;

describe('screenshots upload: the platform follows the folder', () => {
  it('uploads new screenshots as REFERENCE files labelled and marked with their keys and boxes', async () => {
    await put('settings/general.png', makePng(200, 100));
    await put(
      'home.png',
      makePng(50, 40, () => [0, 0, 255]),
    );
    await put('screenshots.yml', MANIFEST);
    const r = await run();
    expect(r).toMatchObject({ uploaded: ['home.png', 'settings/general.png'], unchanged: [], removed: [] });
    // A listing, then per screenshot its upload and its keys.
    expect(r.sent).toBe(5);
    expect(r.requests).toBe(5);
    expect(await listed()).toEqual([
      {
        name: 'screenshots/home.png',
        category: 'REFERENCE',
        labels: ['repo:acme/app', 'svc:screenshot'],
        screenshot: { width: 50, height: 40, keys: [{ key: 'home.title' }] },
      },
      {
        name: 'screenshots/settings/general.png',
        category: 'REFERENCE',
        labels: ['repo:acme/app', 'svc:screenshot'],
        screenshot: {
          width: 200,
          height: 100,
          keys: [
            { key: 'settings.nav' },
            { key: 'settings.tabs.general', box: { x: 10, y: 20, w: 60, h: 16 } },
          ],
        },
      },
    ]);
  });

  it('an unchanged re-run sends only the listing', async () => {
    await put('settings/general.png', makePng(200, 100));
    await put('home.png', makePng(50, 40));
    await put('screenshots.yml', MANIFEST);
    await run();
    const again = await run();
    expect(again).toMatchObject({ uploaded: [], replaced: [], relabelled: [], removed: [] });
    expect(again.unchanged).toEqual(['home.png', 'settings/general.png']);
    expect(again.sent).toBe(1);
    expect(again.requests).toBe(1);
  });

  it('replaces a screenshot whose content changed, and only re-marks one whose boxes changed', async () => {
    await put('settings/general.png', makePng(200, 100));
    await put('home.png', makePng(50, 40));
    await put('screenshots.yml', MANIFEST);
    await run();
    const [oldHome] = await client.files
      .list({ labels: [SCREENSHOT_LABEL] })
      .then((l) => l.filter((f) => f.name.endsWith('home.png')));
    await put(
      'home.png',
      makePng(60, 40, () => [255, 0, 0]),
    );
    await put('screenshots.yml', MANIFEST.replace('x: 10', 'x: 12'));
    const r = await run();
    expect(r).toMatchObject({ replaced: ['home.png'], relabelled: ['settings/general.png'], unchanged: [] });
    // Listing; home: upload, mark, delete the old one; general: mark.
    expect(r.sent).toBe(5);
    const now = await listed();
    expect(now.map((f) => f.name).sort()).toEqual([
      'screenshots/home.png',
      'screenshots/settings/general.png',
    ]);
    expect(now.find((f) => f.name === 'screenshots/home.png')?.screenshot?.width).toBe(60);
    expect(now.find((f) => f.name.endsWith('general.png'))?.screenshot?.keys[1]?.box?.x).toBe(12);
    expect((await client.files.list({ id: oldHome!.id })).length).toBe(0);
  });

  it('removes screenshots whose file is gone, and never a file it did not upload', async () => {
    await put('settings/general.png', makePng(200, 100));
    await put('home.png', makePng(50, 40));
    await put('screenshots.yml', MANIFEST);
    await run();
    // A person's reference file, and another repository's screenshot: not ours to remove.
    const mine = await client.files.upload({
      name: 'screenshots/home-old.png',
      content: makePng(5, 5),
      category: 'REFERENCE',
      labels: ['repo:acme/app'],
    });
    const theirs = await client.files.upload({
      name: 'screenshots/x.png',
      content: makePng(5, 5),
      category: 'REFERENCE',
      labels: [SCREENSHOT_LABEL, 'repo:acme/other'],
    });
    await unlink(join(dir, 'home.png'));
    await put('screenshots.yml', MANIFEST.replace('home.png: [home.title]\n', ''));
    const r = await run();
    expect(r).toMatchObject({ removed: ['home.png'], unchanged: ['settings/general.png'] });
    expect(r.sent).toBe(2);
    const names = (await client.files.list()).map((f) => f.name).sort();
    expect(names).toEqual([
      'screenshots/home-old.png',
      'screenshots/settings/general.png',
      'screenshots/x.png',
    ]);
    expect([mine.id, theirs.id].every((id) => id > 0)).toBe(true);
  });

  it('a dry run lists the changes and sends only the listing', async () => {
    await put('home.png', makePng(50, 40));
    await put('screenshots.yml', 'home.png: [home.title]\n');
    const before = client.transport.counters.requests;
    const r = await syncScreenshots({
      client,
      repository,
      screenshots: await readScreenshotFolder(dir),
      dryRun: true,
    });
    expect(r.uploaded).toEqual(['home.png']);
    expect(client.transport.counters.requests - before).toBe(1);
    expect(await listed()).toEqual([]);
  });
});

describe('screenshots upload: bad files and manifests are refused before anything is sent', () => {
  const problems = async () => {
    try {
      await readScreenshotFolder(dir);
    } catch (error) {
      if (error instanceof ScreenshotFolderError) return error.problems;
      throw error;
    }
    throw new Error('expected a ScreenshotFolderError');
  };

  it('names each bad PNG and what is wrong with it', async () => {
    const good = makePng(20, 10);
    const badCrc = Buffer.from(good);
    badCrc[20] = 99; // inside IHDR's width: the checksum no longer matches
    await put('a.png', Buffer.from('GIF89a not a png at all'));
    await put('b.png', good.subarray(0, good.length - 6));
    await put('c.png', badCrc);
    await put('d.png', good);
    await put(
      'screenshots.yml',
      'a.png: [k]\nb.png: [k]\nc.png: [k]\nd.png: [{ key: k, box: { x: 15, y: 0, w: 10, h: 5 } }]\n',
    );
    expect(await problems()).toEqual([
      'a.png is not a PNG image (the PNG signature is missing)',
      'b.png is a truncated PNG (it does not end with the IEND chunk)',
      'c.png is a damaged PNG (the IHDR checksum does not match)',
      'd.png: key "k": box {x: 15, y: 0, w: 10, h: 5} reaches beyond the 20×10 image',
    ]);
  });

  it('names manifest problems by their place', async () => {
    await put('a.png', makePng(4, 4));
    await put('b.png', makePng(4, 4));
    await put('screenshots.yml', 'a.png: [k, k]\nb.png: [{ key: k, box: { x: -1, y: 0, w: 0, h: 1 } }]\n');
    const [only] = await problems();
    expect(only).toContain('b.png[0]');
    expect(only).toContain('screenshots.yml:');
    await put('screenshots.yml', 'a.png: [k, k]\nmissing.png: [k]\nnotes.txt: [k]\n');
    expect(await problems()).toEqual([
      'screenshots.yml: "a.png": key "k" is listed twice; "notes.txt": only PNG files are taken',
    ]);
    await put('screenshots.yml', 'a.png: [k]\nmissing.png: [k]\n');
    expect(await problems()).toEqual([
      'b.png: not in screenshots.yml; list the keys it shows there',
      'screenshots.yml: "missing.png" names no PNG file in the folder',
    ]);
    await put('screenshots.yml', 'a.png: [k\n');
    expect((await problems())[0]).toMatch(/^screenshots\.yml: is not valid YAML \(line \d+\)/);
  });

  it('asks for a manifest when there is none', async () => {
    await put('a.png', makePng(4, 4));
    expect(await problems()).toEqual([
      'no manifest: add screenshots.yml (or .json) listing, for each PNG file, the keys it shows',
    ]);
  });

  it('reads the size from IHDR', () => {
    expect(readPng(makePng(321, 123))).toEqual({ width: 321, height: 123 });
  });
});

describe('PUT /v2/files/screenshot refuses what is no screenshot', () => {
  it('a file that is not REFERENCE, not a PNG, or a box outside the image', async () => {
    const api = await client.files.upload({ name: 'x.png', content: makePng(10, 10) });
    const notPng = await client.files.upload({ name: 'y.png', content: 'hello', category: 'REFERENCE' });
    const png = await client.files.upload({ name: 'z.png', content: makePng(10, 10), category: 'REFERENCE' });
    const put = (id: number, keys: unknown) =>
      p.call(`/v2/files/screenshot?id=${id}`, { method: 'PUT', json: { keys } });
    const message = async (res: Response) => ({
      status: res.status,
      message: ((await res.json()) as { message: string }).message,
    });
    expect(await message(await put(api.id, [{ key: 'k' }]))).toEqual({
      status: 400,
      message: `file ${api.id} is not a REFERENCE file; upload screenshots with category=REFERENCE`,
    });
    expect(await message(await put(notPng.id, [{ key: 'k' }]))).toEqual({
      status: 400,
      message: `file ${notPng.id} (y.png) is not a PNG image (the PNG signature is missing)`,
    });
    expect(await message(await put(png.id, [{ key: 'k', box: { x: 5, y: 5, w: 6, h: 1 } }]))).toEqual({
      status: 400,
      message: 'keys[0] (k): box {x: 5, y: 5, w: 6, h: 1} reaches beyond the 10×10 image',
    });
    expect((await put(png.id, [{ key: 'k' }, { key: 'k' }])).status).toBe(400);
    expect((await client.files.list({ id: png.id }))[0]?.screenshot).toBeUndefined();
  });
});
