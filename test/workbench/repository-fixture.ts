/** A repository with code using its keys and a screenshot, synced in job mode (issue 38, items 3 and 4). */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Client } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { readScreenshotFolder } from '../../src/screenshots/local.ts';
import { syncScreenshots } from '../../src/screenshots/upload.ts';
import { runSync, type SyncResult } from '../../src/sync/run.ts';
import type { TestPlatform } from '../support/platform.ts';
import { makePng } from '../support/png.ts';

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
