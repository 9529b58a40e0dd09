/**
 * Issue 34, findings 5, 7 and 10 (PO), synced end to end (instant mode, writing) against a real
 * platform with its offline MT (pseudo-translation), every catalog written then checked with GNU
 * gettext (`msgfmt --check --statistics`, Debian package gettext):
 * - every entry of the template reaches every language's catalog (finding 5: the French catalog
 *   never had "0 of %(cnt)s selected"; the Russian one keeps "Cannot delete %(name)s" as an
 *   obsolete `#~` entry, revived with its translation as msgmerge would);
 * - printf directives of python-format / c-format / python-brace-format messages (`%r`,
 *   `%(name)s`, `%d`, `%%`, `{name}`) are never translated (finding 7: `%r` became `%ŕ`);
 * - each catalog's own header is the law (finding 10): French nplurals=3, Russian nplurals=4,
 *   `Language: be_BY` and a fuzzy header stay byte for byte, and plural entries get as many
 *   msgstr[i] as the file's own Plural-Forms says.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { debianTool } from '../support/debian-tool.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

const gettext = debianTool('msgfmt', ['--version'], 'gettext');
const fixture = (path: string) => readFileSync(join('test/fixtures/po', path), 'utf8');
const headerOf = (text: string) => text.slice(0, text.indexOf('\n\n'));

const CONFIG = `source: en
targets: [fr, ru, be]
mode: instant
files:
  - source: locale/django.pot
    translation: locale/%lang%/LC_MESSAGES/django.po
`;
const TARGETS = {
  fr: 'django-admin-fr.po',
  ru: 'django-admin-ru.po',
  be: 'ajenti-be_BY.po',
} as const;
type Lang = keyof typeof TARGETS;
const LANGS = Object.keys(TARGETS) as Lang[];
const pathOf = (lang: Lang) => `locale/${lang}/LC_MESSAGES/django.po`;

let p: TestPlatform;
let client: Client;
let first: SyncResult;
const written = new Map<Lang, string>();
let ws: Awaited<ReturnType<typeof workspaceSync>>;
const put = (path: string, bytes: string | Uint8Array) => ws.put(path, bytes);
const read = (path: string) => ws.read(path);
const sync = () => ws.sync();

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'po-catalogs' });
  await put('locale/django.pot', fixture('django-admin.pot'));
  for (const lang of LANGS) await put(pathOf(lang), fixture(TARGETS[lang]));
  first = await sync();
  for (const lang of LANGS) written.set(lang, await read(pathOf(lang)));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await p?.close();
  await ws?.remove();
});

const sourceUnits = () => poFormat.parse(new TextEncoder().encode(fixture('django-admin.pot')));
const unitsOf = (text: string) => poFormat.parse(new TextEncoder().encode(text));

describe('a sync over Django-shaped catalogs', () => {
  it('runs without failures and brings every template entry to every language (finding 5)', () => {
    expect(first.failures ?? []).toEqual([]);
    const ids = sourceUnits().map((u) => u.id);
    for (const lang of LANGS) {
      const units = unitsOf(written.get(lang)!);
      expect(
        units.map((u) => u.id),
        lang,
      ).toEqual(ids);
      for (const unit of units) {
        expect(unit.target ?? unit.targetPlural?.other ?? '', `${lang}: ${unit.id}`).not.toBe('');
      }
    }
  });

  it("keeps every translation people wrote, and each catalog's header byte for byte (finding 10)", () => {
    for (const lang of LANGS) {
      const before = fixture(TARGETS[lang]);
      expect(headerOf(written.get(lang)!), lang).toBe(headerOf(before));
      const after = new Map(unitsOf(written.get(lang)!).map((u) => [u.id, u]));
      for (const unit of unitsOf(before)) {
        if (unit.target !== undefined) expect(after.get(unit.id)?.target, unit.id).toBe(unit.target);
        if (unit.targetPlural) expect(after.get(unit.id)?.targetPlural, unit.id).toEqual(unit.targetPlural);
      }
    }
  });

  it('revives an entry the Russian catalog keeps as obsolete, with the translation people wrote there', () => {
    const ru = written.get('ru')!;
    expect(ru).not.toContain('#~');
    const unit = unitsOf(ru).find((u) => u.id === 'Cannot delete %(name)s');
    expect(unit?.target).toBe('Не удается удалить %(name)s');
  });

  it('writes as many msgstr[i] as the catalog’s own nplurals', () => {
    const nplurals = { fr: 3, ru: 4, be: 4 };
    for (const lang of LANGS) {
      const text = written.get(lang)!;
      for (const block of text.split(/\n\n/).filter((b) => b.includes('msgid_plural'))) {
        const forms = block.match(/^msgstr\[\d+\]/gm) ?? [];
        expect(forms.length, `${lang}: ${block.slice(0, 80)}`).toBe(nplurals[lang]);
      }
    }
  });

  it('never translates a printf or brace directive (finding 7)', () => {
    for (const lang of LANGS) {
      const text = written.get(lang)!;
      expect(text).not.toMatch(/%[^\x00-\x7f]/);
      const units = new Map(unitsOf(text).map((u) => [u.id, u]));
      expect(units.get('The value of %r must be a list or tuple, not %r.')?.target).toMatch(
        /^[^%]*%r[^%]*%r[^%]*$/,
      );
      expect(units.get('%(percent)d%% done')?.target).toMatch(/%\(percent\)d%%/);
      expect(units.get('{name} has {count} unsaved changes')?.target).toMatch(/\{name\}.*\{count\}/);
    }
  });

  it.skipIf(gettext.skipped)('GNU gettext accepts every catalog written: msgfmt --check', async () => {
    for (const lang of LANGS) {
      const file = join(ws.root, pathOf(lang));
      const run = spawnSync('msgfmt', ['--check', '--statistics', '-o', '/dev/null', file], {
        encoding: 'utf8',
      });
      expect(run.stderr + run.stdout, lang).not.toMatch(/fatal|error/);
      expect(run.status, `${lang}: ${run.stderr}`).toBe(0);
      // Every entry translated, none fuzzy: the statistics name only translated messages.
      expect(run.stderr.trim(), lang).toMatch(/^\d+ translated messages?\.$/);
      // msgcat reads back the texts our reader sees.
      const back = execFileSync('msgcat', ['--no-wrap', file], { encoding: 'utf8' });
      expect(
        unitsOf(back).map((u) => [u.id, u.target ?? u.targetPlural]),
        lang,
      ).toEqual(unitsOf(written.get(lang)!).map((u) => [u.id, u.target ?? u.targetPlural]));
    }
  });

  it('a second sync changes no byte', async () => {
    const second = await sync();
    expect(second.failures ?? []).toEqual([]);
    for (const lang of LANGS) expect(await read(pathOf(lang)), lang).toBe(written.get(lang));
  });
});
