/**
 * Issue 38, items 3 and 4 end to end: a job-mode sync with `usage:` sends code links; screenshots
 * uploaded for the same repository; the editor page, the XLIFF of the job's document and the
 * screenshot route show them, and another organization sees none of it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { readScreenshotFolder } from '../../src/screenshots/local.ts';
import { syncScreenshots } from '../../src/screenshots/upload.ts';
import { runSync, type SyncResult } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { makePng } from '../support/png.ts';
import { workbenchClient } from './client.ts';

export const SHA = '0123456789abcdef0123456789abcdef01234567';

export const CONFIG = `source: en
targets: [de]
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
usage: 'src/**/*.{ts,tsx}'
`;

export const FILES: Record<string, string> = {
  'locales/en/app.json': JSON.stringify(
    {
      settings: { nav: 'Settings', tabs: { general: 'General', privacy: 'Privacy' } },
      inbox: { empty: 'No messages' },
    },
    null,
    2,
  ),
  'src/settings/Tabs.tsx': `import { useTranslation } from 'react-i18next';

export function Tabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('settings.nav')}>
      <a href="#general">{t('settings.tabs.general')}</a>
      <a href="#privacy">{t('settings.tabs.privacy')}</a>
    </nav>
  );
}
`,
  'src/inbox.ts': `export const emptyText = (t: (k: string) => string) => t("settings.tabs.general");\n`,
};

/** A 320×200 "screen": a grey bar with a white tab at (24, 80), 120×32. */
export const SCREEN = makePng(320, 200, (x, y) =>
  x >= 24 && x < 144 && y >= 80 && y < 112 ? [255, 255, 255] : y < 40 ? [40, 60, 120] : [225, 228, 235],
);
export const MANIFEST = `settings.png:
  - settings.nav
  - key: settings.tabs.general
    box: { x: 24, y: 80, w: 120, h: 32 }
`;

/** A checkout with the files, synced in job mode at SHA; the screenshots uploaded for acme/app. */
export async function syncedJob(client: Client, p: TestPlatform) {
  const root = await mkdtemp(join(tmpdir(), 'ctx-shots-'));
  const put = async (path: string, content: string | Uint8Array) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  };
  for (const [path, text] of Object.entries(FILES)) await put(path, text);
  await put('.svc.yml', CONFIG);
  await put('screens/settings.png', SCREEN);
  await put('screens/screenshots.yml', MANIFEST);
  const infos: string[] = [];
  const result: SyncResult = await runSync({
    client,
    workspace: root,
    settings: settingsFrom(CONFIG, '.svc.yml', { base: 'main' }),
    origin: { owner: 'acme', repo: 'app', ref: 'main', sha: SHA },
    log: { info: (m) => infos.push(m), debug: () => {} },
  });
  const shots = await syncScreenshots({
    client,
    repository: { owner: 'acme', repo: 'app' },
    screenshots: await readScreenshotFolder(join(root, 'screens')),
  });
  await p.idle();
  const projects = await client.projects.list({});
  const project = projects.find((pr) => pr.job_id === result.job!.id)!;
  return { root, result, shots, infos, documentId: project.document[0]!.id };
}

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
    expect(page.html.match(/class="context-panel code-links-panel"/g)).toHaveLength(3);
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
    expect(page.html.match(/class="context-panel screenshots-panel"/g)).toHaveLength(2);
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
