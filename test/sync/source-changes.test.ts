/**
 * Issue 36, items 2–4, in six formats (nested JSON, ARB, Rails YAML, PO, Android, .strings),
 * synced as `sync --write` does: fixing a typo in the source sends nothing and keeps every
 * translation, listed to check; changing a word sends exactly that unit; a key removed with
 * `removed_keys: report` (or `keep-until-merged` off the default branch) stays in the targets and
 * is listed; reverting an edit or a removal sends nothing and restores the text people wrote,
 * byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { detectFormat } from '../../src/formats/registry.ts';
import { targetTranslations } from '../../src/formats/target.ts';
import { pullRequestBody } from '../../src/github/pull-request-body.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

const FILES = `files:
  - source: locales/en/shop.json
    translation: locales/%lang%/shop.json
  - source: lib/l10n/app_en.arb
    translation: lib/l10n/app_%lang%.arb
  - source: config/locales/en.yml
    translation: config/locales/%lang%.yml
  - source: po/shop.pot
    translation: po/%lang%/shop.po
  - source: app/src/main/res/values/strings.xml
    translation: app/src/main/res/values-%lang%/strings.xml
  - source: ios/en.lproj/Localizable.strings
    translation: ios/%lang%.lproj/Localizable.strings
`;
const CONFIG = `source: en\ntargets: [de, fr]\nmode: instant\n${FILES}`;
const withRemovals = (mode: string) => `${CONFIG}removed_keys: ${mode}\n`;

type Entries = [key: string, text: string][];

/** Each format: where its files live, how they are written, and its keys (ids as the format reads them). */
const FORMATS = {
  json: {
    path: (l: string) => `locales/${l}/shop.json`,
    keys: { empty: 'cart.empty', remove: 'cart.remove', clear: 'history.clear' },
    write: (_l: string, e: Entries) => {
      const groups = new Map<string, string[]>();
      for (const [key, text] of e) {
        const [group, name] = key.split('.') as [string, string];
        groups.set(group, [
          ...(groups.get(group) ?? []),
          `    ${JSON.stringify(name)}: ${JSON.stringify(text)}`,
        ]);
      }
      const body = [...groups].map(([g, lines]) => `  ${JSON.stringify(g)}: {\n${lines.join(',\n')}\n  }`);
      return `{\n${body.join(',\n')}\n}\n`;
    },
  },
  arb: {
    path: (l: string) => `lib/l10n/app_${l}.arb`,
    keys: { empty: 'cartEmpty', remove: 'removeItem', clear: 'clearHistory' },
    write: (l: string, e: Entries) =>
      `{\n  "@@locale": "${l}",\n${e.map(([k, t]) => `  ${JSON.stringify(k)}: ${JSON.stringify(t)}`).join(',\n')}\n}\n`,
  },
  yaml: {
    path: (l: string) => `config/locales/${l}.yml`,
    keys: { empty: 'cart.empty', remove: 'cart.remove', clear: 'history.clear' },
    write: (l: string, e: Entries) => {
      const groups = new Map<string, string[]>();
      for (const [key, text] of e) {
        const [group, name] = key.split('.') as [string, string];
        groups.set(group, [...(groups.get(group) ?? []), `    ${name}: ${JSON.stringify(text)}`]);
      }
      return `${l}:\n${[...groups].map(([g, lines]) => `  ${g}:\n${lines.join('\n')}\n`).join('')}`;
    },
  },
  android: {
    path: (l: string) => `app/src/main/res/values${l === 'en' ? '' : `-${l}`}/strings.xml`,
    keys: { empty: 'cart_empty', remove: 'cart_remove', clear: 'history_clear' },
    write: (_l: string, e: Entries) =>
      `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n${e.map(([k, t]) => `    <string name="${k}">${t}</string>\n`).join('')}</resources>\n`,
  },
  strings: {
    path: (l: string) => `ios/${l}.lproj/Localizable.strings`,
    keys: { empty: 'cart.empty', remove: 'cart.remove', clear: 'history.clear' },
    write: (_l: string, e: Entries) => e.map(([k, t]) => `"${k}" = ${JSON.stringify(t)};\n`).join(''),
  },
} as const;
type Name = keyof typeof FORMATS | 'po';

/** The source texts: before, and each format's typo fix of the first (case, spacing, end punctuation, quotes). */
const EN = { empty: 'Your cart is empty', remove: 'Remove this item', clear: 'Clear the history' };
const TYPO: Record<Name, string> = {
  json: 'Your cart is empty.',
  arb: 'Your Cart is empty',
  yaml: 'Your cart  is empty',
  po: 'Your cart is empty!',
  android: 'your cart is empty',
  strings: '“Your cart is empty”',
};
const WORD = 'Delete this item';
/** What people wrote in German (the odd spacing is theirs, and must survive byte for byte). */
const DE = {
  empty: 'Dein Warenkorb ist leer',
  remove: 'Diesen Artikel  entfernen',
  clear: 'Verlauf löschen',
};

type Texts = { empty: string; remove: string; clear?: string | undefined };
const entries = (keys: Record<keyof typeof EN, string>, t: Texts): Entries =>
  (['empty', 'remove', 'clear'] as const).flatMap((k) => (t[k] === undefined ? [] : [[keys[k], t[k]!]]));

const POT = (t: Texts) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${entries(
    { empty: '', remove: '', clear: '' },
    t,
  )
    .map(([, text]) => `msgid ${JSON.stringify(text)}\nmsgstr ""\n`)
    .join('\n')}`;
const PO_DE = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n${(['empty', 'remove', 'clear'] as const).map((k) => `msgid ${JSON.stringify(EN[k])}\nmsgstr ${JSON.stringify(DE[k])}\n`).join('\n')}`;

/** A PO unit's id is its text: each role under each text it has in this test. */
const PO_IDS = { empty: [EN.empty, TYPO.po], remove: [EN.remove, WORD], clear: EN.clear };

let p: TestPlatform;
let client: Client;
let ws: Awaited<ReturnType<typeof workspaceSync>>;

/** Puts the English sources with `texts` (the typo fix per format when `typo`). */
async function putSources(t: { typo?: boolean; remove?: string; clear?: boolean }) {
  for (const [name, f] of Object.entries(FORMATS)) {
    const texts = {
      empty: t.typo ? TYPO[name as Name] : EN.empty,
      remove: t.remove ?? EN.remove,
      clear: t.clear === false ? undefined : EN.clear,
    };
    await ws.put(f.path('en'), f.write('en', entries(f.keys, texts)));
  }
  await ws.put(
    'po/shop.pot',
    POT({
      empty: t.typo ? TYPO.po : EN.empty,
      remove: t.remove ?? EN.remove,
      clear: t.clear === false ? undefined : EN.clear,
    }),
  );
}

/** Every target's translations by format and language, keyed by the unit's role (empty, remove, clear). */
async function translations() {
  const out = new Map<string, Map<string, unknown>>();
  const read = async (
    name: Name,
    lang: string,
    path: string,
    sourcePath: string,
    ids: Record<string, string | readonly string[]>,
  ) => {
    const source = new TextEncoder().encode(await ws.read(sourcePath));
    const format = detectFormat(sourcePath, source)!;
    const units = format.parse(source, { fileName: sourcePath });
    const found = targetTranslations(format, new TextEncoder().encode(await ws.read(path)), lang, {
      fileName: path,
      sourceUnits: units,
    });
    const roles = new Map<string, unknown>();
    for (const [role, candidates] of Object.entries(ids))
      for (const id of [candidates].flat()) if (found.has(id)) roles.set(role, found.get(id));
    out.set(`${name} ${lang}`, roles);
  };
  for (const lang of ['de', 'fr']) {
    for (const [name, f] of Object.entries(FORMATS))
      await read(name as Name, lang, f.path(lang), f.path('en'), f.keys);
    await read('po', lang, `po/${lang}/shop.po`, 'po/shop.pot', PO_IDS);
  }
  return out;
}

const body = (run: SyncResult) =>
  pullRequestBody({
    via: 'instant translation',
    sourceLang: 'en',
    files: [],
    failures: [],
    warnings: [],
    units: run.targets!.units,
    at: new Date('2026-11-29T12:00:00Z'),
  });

let first: Map<string, Map<string, unknown>>;

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'source-changes' });
  await putSources({});
  for (const f of Object.values(FORMATS)) await ws.put(f.path('de'), f.write('de', entries(f.keys, DE)));
  await ws.put('po/de/shop.po', PO_DE);
  const run = await ws.sync();
  expect(run.failures).toEqual([]);
  expect(run.targets?.unitsSent).toBe(18);
  first = await translations();
}, 120_000);

afterAll(async () => {
  await client?.close();
  await p?.close();
  await ws?.remove();
});

describe('a typo fixed in the source', () => {
  let run: SyncResult;
  beforeAll(async () => {
    await putSources({ typo: true });
    run = await ws.sync();
  }, 60_000);

  it('sends nothing and keeps every translation as it was, in every language', async () => {
    expect(run.failures).toEqual([]);
    expect(run.targets?.unitsSent).toBe(0);
    expect(await translations()).toEqual(first);
  });

  it('is listed once per key to check, with its languages', () => {
    expect(body(run)).toContain(
      [
        '**Kept after a small source edit — check** (only spacing, case, punctuation at the ends or quotes changed; the translations are kept, nothing sent)',
        '',
        '- `locales/en/shop.json` `cart.empty` (de, fr)',
        '- `lib/l10n/app_en.arb` `cartEmpty` (de, fr)',
        '- `config/locales/en.yml` `cart.empty` (de, fr)',
        '- `po/shop.pot` `Your cart is empty!` (de, fr)',
        '- `app/src/main/res/values/strings.xml` `cart_empty` (de, fr)',
        '- `ios/en.lproj/Localizable.strings` `cart.empty` (de, fr)',
        '',
      ].join('\n'),
    );
    expect(run.targets!.units.find((u) => u.target === 'de')!.translated).toBe(0);
  });
});

describe('a typo fix', () => {
  it('is told in the run’s summary too, per target, to check (no pull request may carry it)', async () => {
    const { syncSummary } = await import('../../src/sync/summary.ts');
    await putSources({});
    await ws.sync();
    await putSources({ typo: true });
    const run = await ws.sync();
    const summary = syncSummary(run, { targets: ['de', 'fr'], format: 'text' });
    expect(summary).toContain('Source changes that kept translations');
    expect(summary).toContain(
      'locales/de/shop.json (de): kept after a small source edit — check: "cart.empty"',
    );
    await putSources({});
    await ws.sync();
  });
});

describe('a word changed in the source', () => {
  let before: Map<string, Map<string, unknown>>;
  let run: SyncResult;
  beforeAll(async () => {
    before = await translations();
    await putSources({ typo: true, remove: WORD });
    run = await ws.sync();
  }, 60_000);

  it('sends exactly that unit, in each language', async () => {
    expect(run.failures).toEqual([]);
    expect(run.targets?.unitsSent).toBe(12);
    const now = await translations();
    for (const [at, roles] of now) {
      expect(roles.get('empty'), at).toEqual(before.get(at)!.get('empty'));
      expect(roles.get('clear'), at).toEqual(before.get(at)!.get('clear'));
      expect(roles.get('remove'), at).not.toEqual(before.get(at)!.get('remove'));
    }
  });

  it('and a revert sends nothing: the translation before comes back, people’s byte for byte', async () => {
    const files = new Map<string, string>();
    await putSources({ typo: true });
    const revert = await ws.sync();
    expect(revert.failures).toEqual([]);
    expect(revert.targets?.unitsSent).toBe(0);
    expect(await translations()).toEqual(before);
    for (const f of Object.values(FORMATS)) files.set(f.path('de'), await ws.read(f.path('de')));
    expect(files.get('locales/de/shop.json')).toContain('"remove": "Diesen Artikel  entfernen"');
    expect(await ws.read('po/de/shop.po')).toContain(
      'msgid "Remove this item"\nmsgstr "Diesen Artikel  entfernen"',
    );
    expect(body(revert)).toContain(
      [
        '**Restored from an earlier version** (the source text came back: its earlier translation is written again, nothing sent)',
        '',
        '- `locales/en/shop.json` `cart.remove` (de, fr)',
        '- `lib/l10n/app_en.arb` `removeItem` (de, fr)',
        '- `config/locales/en.yml` `cart.remove` (de, fr)',
        '- `po/shop.pot` `Remove this item` (de, fr)',
        '- `app/src/main/res/values/strings.xml` `cart_remove` (de, fr)',
        '- `ios/en.lproj/Localizable.strings` `cart.remove` (de, fr)',
        '',
      ].join('\n'),
    );
  });
});

describe('a key removed from the source', () => {
  let before: Map<string, Map<string, unknown>>;
  beforeAll(async () => {
    before = await translations();
    await putSources({ typo: true, clear: false });
  }, 60_000);

  it('with report, stays in every target and is listed per language with its count', async () => {
    const run = await ws.sync({ config: withRemovals('report') });
    expect(run.targets?.unitsSent).toBe(0);
    for (const f of Object.values(FORMATS)) expect(await ws.read(f.path('de'))).toContain('Verlauf löschen');
    expect(await ws.read('po/de/shop.po')).toContain('msgstr "Verlauf löschen"');
    expect(body(run)).toContain(
      [
        '**de: removed from the source, kept in the target** (6 translations; removed_keys: report)',
        '',
        '- `locales/de/shop.json` `history.clear`',
        '- `lib/l10n/app_de.arb` `clearHistory`',
        '- `config/locales/de.yml` `history.clear`',
        '- `po/de/shop.po` `Clear the history`',
        '- `app/src/main/res/values-de/strings.xml` `history_clear`',
        '- `ios/de.lproj/Localizable.strings` `history.clear`',
      ].join('\n'),
    );
    expect(body(run)).toContain('**fr: removed from the source, kept in the target** (6 translations;');
    expect(body(run)).not.toContain('removed** (no longer in the source)');
  });

  it('with keep-until-merged, stays until a run on the default branch', async () => {
    const feature = await ws.sync({ config: withRemovals('keep-until-merged'), ref: 'feature' });
    expect(body(feature)).toContain('(6 translations; until the change is on the default branch)');
    for (const [at, roles] of await translations()) expect(roles.has('clear'), at).toBe(true);
    const main = await ws.sync({ config: withRemovals('keep-until-merged') });
    expect(main.targets?.unitsSent).toBe(0);
    for (const [, roles] of await translations()) expect(roles.has('clear')).toBe(false);
    expect(body(main)).toContain('**de: removed** (no longer in the source)');
  });

  it('added again, sends nothing and gets people’s text back, byte for byte, in every language', async () => {
    await putSources({ typo: true });
    const run = await ws.sync();
    expect(run.failures).toEqual([]);
    expect(run.targets?.unitsSent).toBe(0);
    expect(await translations()).toEqual(before);
    expect(await ws.read('ios/de.lproj/Localizable.strings')).toContain(
      '"history.clear" = "Verlauf löschen";',
    );
    expect(body(run)).toContain('- `app/src/main/res/values/strings.xml` `history_clear` (de, fr)');
  });
});

describe('in job mode', () => {
  const jobRun = async (config: string) => {
    const { runSync } = await import('../../src/sync/run.ts');
    const { settingsFrom } = await import('../../src/config/settings.ts');
    return runSync({
      client,
      workspace: ws.root,
      settings: settingsFrom(config.replace('mode: instant', 'mode: job'), '.svc.yml', { base: 'main' }),
      origin: { owner: 'acme', repo: 'source-changes', ref: 'main' },
      defaultBranch: 'main',
    });
  };

  it('with small: review (the default), the kept translation arrives in the workbench prefilled and open for review', async () => {
    const { KEPT_NOTE } = await import('../../server/work/handlers/document-import.ts');
    await putSources({});
    expect((await ws.sync()).failures).toEqual([]);
    const before = await translations();
    await putSources({ typo: true });
    const run = await jobRun(CONFIG);
    expect(run.job).toBeDefined();
    // The catalog's msgid with the typo was translated in this file's first test: it comes back
    // restored (as people had it for this very text), nothing to check; the five others go out.
    expect(run.uploaded.map((u) => u.file.path).sort()).toEqual([
      'app/src/main/res/values/strings.xml',
      'config/locales/en.yml',
      'ios/en.lproj/Localizable.strings',
      'lib/l10n/app_en.arb',
      'locales/en/shop.json',
    ]);
    await p.idle();
    const db = p.database.db;
    const documents = await db
      .selectFrom('documents')
      .innerJoin('projects', 'projects.id', 'documents.project_id')
      .where('projects.job_id', '=', run.job!.id)
      .select(['documents.id', 'documents.name', 'projects.trglang'])
      .execute();
    expect(documents).toHaveLength(10);
    const segments = await db
      .selectFrom('document_segments')
      .where(
        'document_id',
        'in',
        documents.map((d) => d.id),
      )
      .select(['document_id', 'unit_id', 'source', 'target', 'status', 'origin', 'notes'])
      .execute();
    const typos = segments.filter((s) => Object.values(TYPO).includes(s.source));
    // One unit per file per language, each with the translation people had, open for review.
    expect(typos).toHaveLength(10);
    for (const s of typos) {
      expect(s.status, s.unit_id).toBe('translated');
      expect(s.origin).toBe('kept');
      expect(s.notes?.split('\n')[0]).toBe(KEPT_NOTE);
    }
    const de = typos.filter((s) => documents.find((d) => d.id === s.document_id)!.trglang.startsWith('de'));
    expect(new Set(de.map((s) => s.target))).toEqual(new Set([DE.empty]));
    // Nothing else is marked kept: only the small edits ask for a check.
    for (const s of segments.filter((x) => !typos.includes(x))) {
      expect(s.origin, s.unit_id).not.toBe('kept');
      expect(s.notes ?? '', s.unit_id).not.toContain(KEPT_NOTE);
    }
    // Nothing is written before the delivery.
    expect(await translations()).toEqual(before);
    await putSources({});
    await jobRun(CONFIG);
  });

  it('with small: keep, a typo fix uploads nothing and creates no job: no unit needs a person', async () => {
    await putSources({});
    expect((await ws.sync()).failures).toEqual([]);
    const before = await translations();
    await putSources({ typo: true });
    const run = await jobRun(`${CONFIG}on_source_change:\n  small: keep\n`);
    expect(run.uploaded).toEqual([]);
    expect(run.job).toBeUndefined();
    expect(run.skipped).toHaveLength(6);
    expect(await translations()).toEqual(before);
    await putSources({});
    expect((await ws.sync()).targets?.unitsSent).toBe(0);
  });
});
