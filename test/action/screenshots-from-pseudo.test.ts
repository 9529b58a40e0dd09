/**
 * The Action with `screenshots-from-pseudo: true`: the source is synced, then the screenshots'
 * keys are read from the pseudo text beside each PNG (a long key resolved from its digest among
 * the configured sources) and uploaded; a warning is an annotation naming the file.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { markText } from '../../src/pseudo/markers.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { makePng } from '../support/png.ts';

const LONG = 'legal.terms_of_service_and_privacy_policy_acceptance_notice_at_checkout';

let p: TestPlatform;
let workspace: string;
const saved = { ...process.env };

beforeAll(async () => {
  p = await startPlatform();
  workspace = await mkdtemp(join(tmpdir(), 'svc-action-pseudo-'));
  await mkdir(join(workspace, 'locales'));
  await mkdir(join(workspace, 'e2e/shots'), { recursive: true });
  await writeFile(
    join(workspace, '.svc.yml'),
    'source: en\ntargets: [de]\nfiles:\n  - source: locales/en.json\n    translation: locales/%lang%.json\n',
  );
  await writeFile(
    join(workspace, 'locales/en.json'),
    JSON.stringify({
      home: { title: 'Welcome' },
      legal: { [LONG.slice('legal.'.length)]: 'By checking out…' },
    }),
  );
  await writeFile(join(workspace, 'e2e/shots/home.png'), makePng(100, 60));
  await writeFile(
    join(workspace, 'e2e/shots/home.json'),
    JSON.stringify([
      { text: markText('home.title', '[Ŵéļçöɱé]'), box: { x: 4, y: 4, w: 50.5, h: 20 } },
      { text: markText(LONG, '[Ɓý çĥéçķîñĝ öûţ…]'), box: { x: 4, y: 30, w: 90, h: 12 } },
      { text: markText('home.gone', '[Ĝöñé]'), box: { x: 4, y: 44, w: 20, h: 12 } },
    ]),
  );
});
afterAll(async () => {
  await p.close();
  await rm(workspace, { recursive: true, force: true });
});
afterEach(() => {
  process.env = { ...saved };
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

describe('Action input screenshots-from-pseudo', () => {
  it('uploads the screenshots with the keys read from their pseudo text', async () => {
    Object.assign(process.env, {
      'INPUT_API-URL': p.url,
      'INPUT_API-KEY': p.key,
      INPUT_SCREENSHOTS: 'e2e/shots',
      'INPUT_SCREENSHOTS-FROM-PSEUDO': 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_REF: 'refs/heads/main',
    });
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    const { run } = await import('../../src/action/main.ts');
    await run(process.env);
    vi.restoreAllMocks();
    const log = out.join('');
    expect(process.exitCode, log).toBeUndefined();
    expect(log).toContain(
      '::warning title=svc-connector%3A screenshots::e2e/shots: home.json: key "home.gone" is no unit of the configured sources; uploaded as read',
    );
    expect(log).toContain('screenshots: 1 uploaded, 0 replaced, 0 relabelled, 0 unchanged, 0 removed');
    const files = (await (await p.call('/v2/files?labels=svc:screenshot')).json()) as {
      name: string;
      labels: string[];
      screenshot: unknown;
    }[];
    expect(files.map((f) => [f.name, f.labels, f.screenshot])).toEqual([
      [
        'screenshots/home.png',
        ['repo:acme/shop', 'svc:screenshot'],
        {
          width: 100,
          height: 60,
          keys: [
            { key: 'home.gone', box: { x: 4, y: 44, w: 20, h: 12 } },
            { key: 'home.title', box: { x: 4, y: 4, w: 51, h: 20 } },
            { key: LONG, box: { x: 4, y: 30, w: 90, h: 12 } },
          ],
        },
      ],
    ]);
  }, 60_000);
});
