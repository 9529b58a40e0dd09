/**
 * Issue 34, build item 1 ("protect every placeholder style of every format from translation"):
 * a gettext entry's format flag names its placeholders, and msgfmt --check counts them — Qt's
 * and KDE's `%1`/`%L1`/`%n`, Boost.Format's `%1%`, envsubst's `$NAME`/`${NAME}`, Lisp's `~D`/`~A`
 * and C99's `%<PRIu64>` in a c-format message. A sync (instant mode, writing, offline MT's
 * pseudo-translation, which accents every letter it is given) must hand none of them to machine
 * translation, and GNU gettext (Debian package gettext) must accept every catalog written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.ts';
import { placeholdersOf } from '../../src/formats/model.ts';
import { findPlaceholders } from '../../src/formats/placeholders.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import type { SyncResult } from '../../src/sync/run.ts';
import { debianTool } from '../support/debian-tool.ts';
import { startPlatform, type TestPlatform } from '../support/platform.ts';
import { workspaceSync } from '../support/workspace-sync.ts';

const gettext = debianTool('msgfmt', ['--version'], 'gettext');
const TEMPLATE = readFileSync(join('test/fixtures/po/format-flags.pot'));
const PEOPLE_DE = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: src/ui/mainwindow.cpp:212
#, qt-format
msgid "Saved %1 of %2 notes to %3"
msgstr "%1 von %2 Notizen in %3 gespeichert"
`;
const CONFIG = `source: en
targets: [de, ru]
mode: instant
files:
  - source: po/notes.pot
    translation: po/%lang%.po
`;
const LANGS = ['de', 'ru'] as const;

let p: TestPlatform;
let client: Client;
let first: SyncResult;
let ws: Awaited<ReturnType<typeof workspaceSync>>;
const written = new Map<string, string>();

beforeAll(async () => {
  p = await startPlatform();
  client = createClient({ baseUrl: p.url, apiKey: p.key });
  ws = await workspaceSync({ client, config: CONFIG, repo: 'po-format-flags' });
  await ws.put('po/notes.pot', TEMPLATE);
  await ws.put('po/de.po', PEOPLE_DE);
  first = await ws.sync();
  for (const lang of LANGS) written.set(lang, await ws.read(`po/${lang}.po`));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await p?.close();
  await ws?.remove();
});

/** The placeholders of one text the way the entry's flag reads them, as written. */
const placeholders = (text: string, flags: readonly string[]) =>
  findPlaceholders(text, {
    syntaxes: placeholdersOf(poFormat, { flags: [...flags] } as unknown as Parameters<
      typeof placeholdersOf
    >[1]),
  })
    .map((ph) => ph.text)
    .sort();

describe('gettext format flags name the placeholders machine translation must not touch', () => {
  it('reads each flag’s placeholders, and none where no flag names the style', () => {
    expect(placeholders('Saved %1 of %2 notes to %3', ['qt-format'])).toEqual(['%1', '%2', '%3']);
    expect(placeholders('Synced %L1 changes', ['qt-format'])).toEqual(['%L1']);
    expect(placeholders('%n notes deleted', ['qt-plural-format'])).toEqual(['%n']);
    expect(placeholders('Exported %1% pages to %2%', ['boost-format'])).toEqual(['%1%', '%2%']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst's ${NAME}, not a template
    expect(placeholders('Installing into $PREFIX for ${USER}', ['sh-format'])).toEqual([
      '$PREFIX',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst's ${NAME}
      '${USER}',
    ]);
    expect(placeholders('Deleted ~D notes from ~:A~%', ['lisp-format'])).toEqual(['~%', '~:A', '~D']);
    expect(placeholders('Stored %<PRIu64> bytes in %s', ['c-format'])).toEqual(['%<PRIu64>', '%s']);
    // Without the flag these are prose: `$5` is a price, `~a` a tilde, `%1` nothing printf reads.
    expect(placeholders('Costs $PRICE, up %1 today ~about', [])).toEqual([]);
  });

  it('the sync runs without failures and keeps the translation people wrote', () => {
    expect(first.failures ?? []).toEqual([]);
    const de = new Map(poFormat.parse(new TextEncoder().encode(written.get('de')!)).map((u) => [u.id, u]));
    expect(de.get('Saved %1 of %2 notes to %3')?.target).toBe('%1 von %2 Notizen in %3 gespeichert');
  });

  it('every placeholder of every entry arrives untranslated in every language', () => {
    const source = poFormat.parse(TEMPLATE);
    for (const lang of LANGS) {
      const units = new Map(
        poFormat.parse(new TextEncoder().encode(written.get(lang)!)).map((u) => [u.id, u]),
      );
      for (const unit of source) {
        const target = units.get(unit.id)!;
        const texts = target.targetPlural ? Object.values(target.targetPlural) : [target.target ?? ''];
        const meant = placeholders(unit.sourcePlural?.other ?? unit.source, unit.flags);
        for (const text of texts) {
          expect(text, `${lang}: ${unit.id}`).not.toBe('');
          expect(placeholders(text, unit.flags), `${lang}: ${unit.id} → ${text}`).toEqual(meant);
        }
      }
    }
  });

  it.skipIf(gettext.skipped)('GNU gettext accepts every catalog written: msgfmt --check', () => {
    for (const lang of LANGS) {
      const run = spawnSync(
        'msgfmt',
        ['--check', '--statistics', '-o', '/dev/null', join(ws.root, `po/${lang}.po`)],
        {
          encoding: 'utf8',
        },
      );
      expect(run.stderr, lang).not.toMatch(/fatal|error|doesn't exist|not a valid/);
      expect(run.status, `${lang}: ${run.stderr}`).toBe(0);
    }
  });
});
