import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import { codeKeysOf, findKeyUses, unitUses } from '../../src/context/code-links.ts';
import { listUsageFiles, readUsageFiles } from '../../src/context/usage-files.ts';
import { formatByName } from '../../src/formats/registry.ts';

const SETTINGS_TSX = `import { useTranslation } from 'react-i18next';
// Don't rename these keys: the mobile app shares them.
export function SettingsTabs({ tab }: { tab: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("settings.nav")}>
      <Tab label={t('settings.tabs.general')} />
      <Tab label={t('settings.tabs.privacy')} />
      <Tab label={t(\`settings.tabs.\${tab}\`)} />
      <p>{t('common:settings.tabs.general')}</p>
    </nav>
  );
}
`;

const INBOX_TS = `export const inboxTitle = (t: TFunction, n: number) =>
  t('inbox.unread', { count: n });
const notAKey = 'settings.tabs.general is the first tab';
export const KEYS = [
  "settings.tabs.privacy",
];
`;

const EN_JSON = JSON.stringify(
  {
    settings: { nav: 'Settings', tabs: { general: 'General', privacy: 'Privacy', unused: 'Unused' } },
    inbox: { unread_one: '{{count}} unread', unread_other: '{{count}} unread' },
    'flat.key': 'A flat key with a dot',
  },
  null,
  2,
);

describe('findKeyUses: a literal search for every key in one pass', () => {
  const files = [
    { path: 'src/inbox.ts', text: INBOX_TS },
    { path: 'src/settings/tabs.tsx', text: SETTINGS_TSX },
  ];
  const keys = new Set([
    'settings.nav',
    'settings.tabs.general',
    'settings.tabs.privacy',
    'inbox.unread',
    'x',
  ]);
  const uses = findKeyUses(files, keys);

  it('finds quoted and backticked literals, with the line of each', () => {
    expect(uses.get('settings.nav')).toEqual({
      first: [{ path: 'src/settings/tabs.tsx', line: 6 }],
      total: 1,
    });
    expect(uses.get('settings.tabs.privacy')).toEqual({
      first: [
        { path: 'src/inbox.ts', line: 5 },
        { path: 'src/settings/tabs.tsx', line: 8 },
      ],
      total: 2,
    });
  });

  it("counts i18next's namespace:key, and not a key inside longer text or a template with a placeholder", () => {
    // Line 7 and the namespaced use on line 10; not the sentence in inbox.ts or the template on line 9.
    expect(uses.get('settings.tabs.general')).toEqual({
      first: [
        { path: 'src/settings/tabs.tsx', line: 7 },
        { path: 'src/settings/tabs.tsx', line: 10 },
      ],
      total: 2,
    });
  });

  it('leaves out keys used nowhere', () => {
    expect(uses.has('x')).toBe(false);
  });

  it('keeps at most `cap` links per key but counts every use', () => {
    const text = Array.from({ length: 12 }, (_, i) => `t('k') // ${i}`).join('\n');
    expect(findKeyUses([{ path: 'a.ts', text }], new Set(['k']), 5).get('k')).toEqual({
      first: [1, 2, 3, 4, 5].map((line) => ({ path: 'a.ts', line })),
      total: 12,
    });
  });

  it('an apostrophe in a comment costs only the rest of its line', () => {
    const text = "// it's fine\nt('k')\n";
    expect(findKeyUses([{ path: 'a.ts', text }], new Set(['k'])).get('k')?.first).toEqual([
      { path: 'a.ts', line: 2 },
    ]);
  });
});

describe('codeKeysOf: the key code spells for a unit id', () => {
  it('unescapes key paths, drops suffixes and PO contexts, and offers Rails keys without their language root', () => {
    expect(codeKeysOf('settings.tabs.general')).toEqual(['settings.tabs.general']);
    expect(codeKeysOf('flat\\.key')).toEqual(['flat.key']);
    expect(codeKeysOf('place#ordinal')).toEqual(['place']);
    expect(codeKeysOf('menu\u0004Open')).toEqual(['Open']);
    expect(codeKeysOf('en.settings.title', 'en')).toEqual(['en.settings.title', 'settings.title']);
  });

  it('maps real i18next JSON units to their uses', () => {
    const units = formatByName('json')!.parse(new TextEncoder().encode(EN_JSON), { fileName: 'en.json' });
    const ids = units.map((u) => u.id);
    const keys = new Set(ids.flatMap((id) => codeKeysOf(id)));
    const uses = findKeyUses(
      [
        { path: 'src/inbox.ts', text: INBOX_TS },
        { path: 'src/x.ts', text: "t('flat.key')" },
      ],
      keys,
    );
    const byUnit = unitUses(ids, uses);
    const plural = ids.find((id) => id.startsWith('inbox.unread'))!;
    expect(byUnit.get(plural)?.first).toEqual([{ path: 'src/inbox.ts', line: 2 }]);
    expect(byUnit.get('flat\\.key')?.first).toEqual([{ path: 'src/x.ts', line: 1 }]);
    expect(byUnit.has('settings.tabs.unused')).toBe(false);
  });
});

describe('usage files on disk', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'usage-'));
    const put = async (path: string, text: string | Buffer) => {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    };
    await put('src/settings/tabs.tsx', SETTINGS_TSX);
    await put('src/inbox.ts', INBOX_TS);
    await put('src/logo.ts', Buffer.from([0x89, 0x50, 0x00, 0x01]));
    await put('src/big.ts', `t('settings.nav')\n${'x'.repeat(1024 * 1024)}`);
    await put('src/node_modules/lib/index.ts', "t('settings.nav')");
    await put('docs/readme.md', "t('settings.nav')");
    await symlink(join(root, 'docs'), join(root, 'src/linked'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('lists what the globs match, never node_modules or a symbolic link', async () => {
    expect(await listUsageFiles(root, ['src/**/*.{ts,tsx}'])).toEqual([
      'src/big.ts',
      'src/inbox.ts',
      'src/logo.ts',
      'src/settings/tabs.tsx',
    ]);
  });

  it('skips binary and very large files, saying why', async () => {
    const read = await readUsageFiles(root, ['src/**/*.{ts,tsx}']);
    expect(read.files.map((f) => f.path)).toEqual(['src/inbox.ts', 'src/settings/tabs.tsx']);
    expect(read.skipped).toEqual([
      { path: 'src/big.ts', reason: 'larger than 1 MiB' },
      { path: 'src/logo.ts', reason: 'binary' },
    ]);
  });
});

describe('usage: in .svc.yml', () => {
  const BASE = `source: en
targets: [de]
files:
  - source: locales/en/*.json
    translation: locales/%lang%/%file%
`;
  const message = (text: string) => {
    try {
      loadConfig(text);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('expected a ConfigError');
  };

  it('takes one glob or a list, normalized', () => {
    expect(loadConfig(`${BASE}usage: './src/**/*.{ts,tsx}'\n`).usage).toEqual(['src/**/*.{ts,tsx}']);
    expect(loadConfig(`${BASE}usage: [src/**/*.ts, app/**/*.vue]\n`).usage).toEqual([
      'src/**/*.ts',
      'app/**/*.vue',
    ]);
    expect(loadConfig(BASE).usage).toBeUndefined();
  });

  it('names the problem and the key', () => {
    expect(message(`${BASE}usage: '../other/**/*.ts'\n`)).toContain('usage: must stay inside the repository');
    expect(message(`${BASE}usage: [src/**/*.ts, '/abs/*.ts']\n`)).toContain(
      'usage[1]: must be relative to the repository root',
    );
    expect(message(`${BASE}usage: []\n`)).toBe('.svc.yml: usage: must list at least one pattern');
    expect(message(`${BASE}usage: 12\n`)).toContain(
      "must be a glob or a list of globs, like 'src/**/*.{ts,tsx}'",
    );
  });
});

describe('code links go in requests the platform takes', () => {
  it('splits by unit count and by body size', async () => {
    const { chunks } = await import('../../src/sync/code-links.ts');
    const small = Array.from({ length: 4500 }, (_, i) => ({
      id: `k${i}`,
      total: 1,
      links: [{ path: 'a.ts', line: 1 }],
    }));
    expect(chunks(small).map((c) => c.length)).toEqual([2000, 2000, 500]);
    const long = `src/${'deep/'.repeat(150)}file.tsx`;
    const big = Array.from({ length: 1000 }, (_, i) => ({
      id: `k${i}`,
      total: 5,
      links: Array.from({ length: 5 }, (_, line) => ({ path: long, line: line + 1 })),
    }));
    const parts = chunks(big);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(big);
    for (const part of parts) expect(JSON.stringify(part).length).toBeLessThan(600 * 1024);
  });
});
