/**
 * A job as rich as a real one, synced from a repository in job mode: en → de and fr, context rules
 * (descriptions, length limits, placeholder meanings), an i18next plural, code links (`usage:`), a
 * screenshot with a key's box, a termbase and translation memory in the German memory.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Client } from '../../src/api/index.ts';
import { settingsFrom } from '../../src/config/settings.ts';
import { readScreenshotFolder } from '../../src/screenshots/local.ts';
import { syncScreenshots } from '../../src/screenshots/upload.ts';
import { runSync } from '../../src/sync/run.ts';
import type { TestPlatform } from '../support/platform.ts';
import { makePng } from '../support/png.ts';

const SHA = '89abcdef0123456789abcdef0123456789abcdef';

const CONFIG = `source: en
targets: [de, fr]
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
usage: 'src/**/*.{ts,tsx}'
context:
  - keys: 'settings.*'
    description: Labels on the settings screen's tabs
    max_length: 16
  - keys: 'cart.pay'
    description: Button at the bottom of the shopping cart
    max_length: 32
    max_width: { px: 180, font: Roboto-14 }
    placeholders: { total: { description: the cart's total with its currency, example: '€12.50' } }
  - keys: 'cart.items'
    placeholders: { count: number of articles in the cart }
`;

const STRINGS = {
  settings: { nav: 'Settings', tabs: { general: 'General', privacy: 'Privacy' } },
  cart: {
    title: 'Your shopping cart',
    pay: 'Pay {{total}} at checkout',
    items_one: '{{count}} item in your shopping cart',
    items_other: '{{count}} items in your shopping cart',
    empty: 'Your shopping cart is empty',
  },
  menu: Object.fromEntries(
    Array.from({ length: 14 }, (_, i) => [`entry${i + 1}`, `Menu entry number ${i + 1}`]),
  ),
};

const FILES: Record<string, string> = {
  'locales/en/app.json': `${JSON.stringify(STRINGS, null, 2)}\n`,
  'src/cart/Cart.tsx': `import { useTranslation } from 'react-i18next';

export function Cart({ total }: { total: string }) {
  const { t } = useTranslation();
  return (
    <footer>
      <button type="submit">{t('cart.pay', { total })}</button>
    </footer>
  );
}
`,
  'src/settings/Tabs.tsx': `export const tabs = (t: (k: string) => string) => [t('settings.tabs.general'), t('settings.tabs.privacy')];\n`,
};

/** A 320×200 "screen" with the pay button at (40, 140), 200×36. */
const SCREEN = makePng(320, 200, (x, y) =>
  x >= 40 && x < 240 && y >= 140 && y < 176 ? [11, 87, 208] : y < 40 ? [40, 60, 120] : [240, 240, 244],
);
const MANIFEST = `cart.png:
  - cart.title
  - key: cart.pay
    box: { x: 40, y: 140, w: 200, h: 36 }
`;

export const TERMS = 'source,target,notes\nshopping cart,Warenkorb,never “Einkaufswagen”\ncheckout,Kasse,\n';
export const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" segtype="sentence" adminlang="en" datatype="plaintext" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
<tu><tuv xml:lang="en"><seg>Pay {{total}} at checkout</seg></tuv><tuv xml:lang="de"><seg>{{total}} an der Kasse bezahlen</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Pay {{total}} now</seg></tuv><tuv xml:lang="de"><seg>Jetzt {{total}} bezahlen</seg></tuv></tu>
</body></tmx>`;

export interface RichJob {
  root: string;
  jobId: number;
  /** The German and French documents of the job's one file. */
  de: { documentId: number; memoryId: number };
  fr: { documentId: number; memoryId: number };
}

async function importInto(
  p: TestPlatform,
  memory: number,
  name: string,
  content: string,
  headerRow?: boolean,
) {
  const res = await p.call('/v2/memories/import', {
    method: 'POST',
    headers: {
      'svc-api': JSON.stringify({
        memory_id: memory,
        name,
        ...(headerRow === undefined ? {} : { has_header_row: headerRow }),
      }),
      'content-type': 'application/octet-stream',
    },
    body: content,
  });
  if (res.status >= 300) throw new Error(`import ${name}: ${res.status} ${await res.text()}`);
  await p.idle();
}

/** Syncs the repository in job mode, uploads its screenshots and fills the German memory. */
export async function richJob(client: Client, p: TestPlatform): Promise<RichJob> {
  const root = await mkdtemp(join(tmpdir(), 'full-card-'));
  const put = async (path: string, content: string | Uint8Array) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  };
  for (const [path, text] of Object.entries(FILES)) await put(path, text);
  await put('.svc.yml', CONFIG);
  await put('screens/cart.png', SCREEN);
  await put('screens/screenshots.yml', MANIFEST);
  const result = await runSync({
    client,
    workspace: root,
    settings: settingsFrom(CONFIG, '.svc.yml', { base: 'main' }),
    origin: { owner: 'acme', repo: 'shop', ref: 'main', sha: SHA },
    log: { info: () => {}, debug: () => {} },
  });
  await syncScreenshots({
    client,
    repository: { owner: 'acme', repo: 'shop' },
    screenshots: await readScreenshotFolder(join(root, 'screens')),
  });
  await p.idle();
  const projects = (await client.projects.list({})).filter((pr) => pr.job_id === result.job!.id);
  const of = (lang: string) => {
    const project = projects.find((pr) => pr.trglang === lang)!;
    return { documentId: project.document[0]!.id, memoryId: project.memory_id };
  };
  const de = of('de');
  await importInto(p, de.memoryId, 'terms.csv', TERMS, true);
  await importInto(p, de.memoryId, 'shop.tmx', TMX);
  return { root, jobId: result.job!.id, de, fr: of('fr') };
}
