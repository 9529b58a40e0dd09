/**
 * Issue 38, items 3 and 4 end to end: a job-mode sync with `usage:` sends code links; screenshots
 * uploaded for the same repository; the editor page, the XLIFF of the job's document and the
 * screenshot route show them, and another organization sees none of it.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workbenchClient } from './client.ts';
import { SCREEN, SHA, syncedJob } from './repository-fixture.ts';

let p: TestPlatform;
let client: Client;
let synced: Awaited<ReturnType<typeof syncedJob>>;

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  synced = await syncedJob(client, p);
});
afterAll(async () => {
  await client?.close();
  await p?.close();
  if (synced) await rm(synced.root, { recursive: true, force: true });
});

const URL_BASE = `https://github.com/acme/app/blob/${SHA}`;

describe('code links from usage:', () => {
  it('the sync scans the code once and sends one request for the file', () => {
    expect(synced.result.codeLinks).toMatchObject({ searched: 2, linkedUnits: 3, requests: 1, skipped: [] });
    expect(
      synced.infos.some((m) => /^code links: 3 unit\(s\) used in 2 searched file\(s\) \(\d+ ms\)$/.test(m)),
    ).toBe(true);
  });

  it('the editor shows each unit the lines using its key, pinned to the commit', async () => {
    const wb = workbenchClient(p.url);
    await wb.signIn(p.key);
    const page = await wb.get(`/workbench/documents/${synced.documentId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      `<a href="${URL_BASE}/src/inbox.ts#L1" target="_blank" rel="noopener noreferrer">src/inbox.ts:1</a>`,
    );
    expect(page.html).toContain(`<a href="${URL_BASE}/src/settings/Tabs.tsx#L7"`);
    expect(page.html).toContain(`<a href="${URL_BASE}/src/settings/Tabs.tsx#L6"`);
    // inbox.empty is used nowhere: its card has no code panel. Three panels for three keys.
    expect(page.html.match(/aria-labelledby="panel-code-links-/g)).toHaveLength(3);
  });

  it("the job's document (XLIFF) carries the code links and screenshots as notes", async () => {
    const xliff = await client.documents.download(synced.documentId, { xliff: true, as: 'text' });
    expect(xliff).toContain(
      `<note>Used in code: src/inbox.ts:1 (${URL_BASE}/src/inbox.ts#L1), src/settings/Tabs.tsx:7 (${URL_BASE}/src/settings/Tabs.tsx#L7)</note>`,
    );
    expect(xliff).toContain('<note>Screenshot: settings.png at x 24, y 80, 120×32 px</note>');
    expect(xliff).toContain('<note>Screenshot: settings.png</note>');
  });
});

describe('screenshots in the editor', () => {
  it("shows the screenshot with the key's box as an SVG rectangle in image pixels", async () => {
    const wb = workbenchClient(p.url);
    await wb.signIn(p.key);
    const page = await wb.get(`/workbench/documents/${synced.documentId}`);
    const id = (await client.files.list({ labels: ['svc:screenshot'] }))[0]!.id;
    expect(page.html).toContain(
      `<img src="/workbench/screenshots/${id}" width="320" height="200" loading="lazy" alt="Screenshot settings.png, the string outlined in red">`,
    );
    expect(page.html).toContain(
      '<svg viewBox="0 0 320 200" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="key-box" x="24" y="80" width="120" height="32"',
    );
    // settings.nav is shown on it without a box; two cards show the screenshot.
    expect(page.html.match(/aria-labelledby="panel-screenshots-/g)).toHaveLength(2);
    expect(page.html).toContain('settings.png (where on screen is not marked)');
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self'");
  });

  it('serves the image to its organization, and the same 404 to another or for a file that is no screenshot', async () => {
    const id = (await client.files.list({ labels: ['svc:screenshot'] }))[0]!.id;
    const wb = workbenchClient(p.url);
    await wb.signIn(p.key);
    const res = await fetch(`${p.url}/workbench/screenshots/${id}`, {
      headers: { cookie: [...wb.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(SCREEN)).toBe(true);

    const source = (await client.files.list()).find((f) => f.name === 'locales/en/app.json')!.id;
    expect((await wb.get(`/workbench/screenshots/${source}`)).status).toBe(404);

    const other = await p.addOrganization('other');
    const theirs = workbenchClient(p.url);
    await theirs.signIn(other.key);
    const refused = await theirs.get(`/workbench/screenshots/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.html).not.toContain('PNG');
    expect((await theirs.get(`/workbench/documents/${synced.documentId}`)).status).toBe(404);
    // Signed out: sent to sign in, no image.
    const anonymous = await workbenchClient(p.url).get(`/workbench/screenshots/${id}`);
    expect(anonymous.status).toBe(303);
  });
});
