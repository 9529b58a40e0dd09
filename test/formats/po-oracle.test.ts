/**
 * GNU gettext as the PO oracle (issue 34, build item 2; Debian package gettext):
 * - the unit set our reader sees is the one gettext sees: the same translated / fuzzy /
 *   untranslated counts as `msgfmt --statistics`, and the same ids (msgctxt\u0004msgid) as the
 *   compiled catalog of every entry (`msgen` copies each msgid into an empty msgstr, `msgfmt
 *   --use-fuzzy` compiles them all); the texts of translated entries are those msgfmt compiles;
 * - every PO file our writer makes (a catalog patched in place, a new entry inserted from the
 *   template, a template rendered into German and Russian) passes `msgfmt --check --statistics`
 *   and its compiled catalog gives back the texts we meant, msgstr[i] by the file's Plural-Forms.
 * The compiled `.mo` is read here by its documented layout (magic, count, two tables of
 * length/offset pairs: the gettext manual's "The Format of GNU MO Files").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PluralForms, Unit } from '../../src/formats/model.ts';
import { filePlurals } from '../../src/formats/po/header.ts';
import { poFormat } from '../../src/formats/po/index.ts';
import { readPo } from '../../src/formats/po/read.ts';
import { debianTool } from '../support/debian-tool.ts';

const gettext = debianTool('msgfmt', ['--version'], 'gettext');
const FIXTURES = [
  'po/de.po',
  'po/ru.po',
  'po/ja-crlf.po',
  'po/messages.pot',
  'po/django-admin.pot',
  'po/django-admin-fr.po',
  'po/django-admin-ru.po',
  'po/ajenti-be_BY.po',
  'po/hello-escapes-de.po',
  'po/sphinx-python-format.pot',
  'po/sphinx-python-format-de.po',
  'existing/po/de.po',
  'existing/po/ru.po',
  'existing/po/messages.pot',
  'qa/app/po/de.po',
];
const bytesOf = (path: string) => readFileSync(join('test/fixtures', path));
const dir = mkdtempSync(join(tmpdir(), 'svc-po-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(command: string, args: string[], input?: Uint8Array) {
  const result = spawnSync(command, args, { input, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr?.toString() ?? '' };
}

/** The entries of a compiled catalog: key (msgctxt\u0004msgid, then \0msgid_plural) → msgstr forms. */
function readMo(mo: Buffer): Map<string, string[]> {
  const le = mo.readUInt32LE(0) === 0x950412de;
  const u32 = (at: number) => (le ? mo.readUInt32LE(at) : mo.readUInt32BE(at));
  const count = u32(8);
  const text = (table: number, i: number) =>
    mo.toString('utf8', u32(table + 8 * i + 4), u32(table + 8 * i + 4) + u32(table + 8 * i));
  const out = new Map<string, string[]>();
  for (let i = 0; i < count; i++) out.set(text(u32(12), i), text(u32(16), i).split('\0'));
  out.delete(''); // the header
  return out;
}

/** Compiles PO text; the .mo entries (fuzzy ones too with `useFuzzy`) and msgfmt's statistics. */
function compile(po: Uint8Array, options: { check?: boolean; useFuzzy?: boolean } = {}) {
  const mo = join(dir, 'out.mo');
  rmSync(mo, { force: true });
  const args = ['--statistics', '-o', mo, '-'];
  if (options.check) args.unshift('--check');
  if (options.useFuzzy) args.unshift('--use-fuzzy');
  const result = run('msgfmt', args, po);
  return {
    ...result,
    entries: result.status === 0 ? readMo(readFileSync(mo)) : new Map<string, string[]>(),
  };
}

const idOf = (key: string) => key.split('\0')[0]!;

/**
 * Every entry of a PO file as gettext's `msgexec` hands it to a command (header left out): id
 * (msgctxt\u0004msgid) → msgstr, or msgstr[i] in order.
 */
function msgexec(
  po: Uint8Array,
  which: '--no-obsolete' | '--only-obsolete' = '--no-obsolete',
): Map<string, string[]> {
  // Obsolete `#~` entries are no messages; msgattrib leaves them out (or keeps only them, made active).
  const filtered = run(
    'msgattrib',
    [which, ...(which === '--only-obsolete' ? ['--clear-obsolete'] : []), '-'],
    po,
  );
  expect(filtered.status, filtered.stderr).toBe(0);
  po = filtered.stdout;
  // A context, even an empty one, is marked with `c` (printenv fails when it is unset).
  const script =
    'printf "%s\\037%s\\037%s\\037" "$(printenv MSGEXEC_MSGCTXT >/dev/null && echo c)$MSGEXEC_MSGCTXT" "$MSGEXEC_MSGID" "$MSGEXEC_PLURAL_FORM"; cat; printf "\\036"';
  const result = run('msgexec', ['-i', '-', 'sh', '-c', script], po);
  expect(result.status, result.stderr).toBe(0);
  const out = new Map<string, string[]>();
  for (const record of result.stdout.toString('utf8').split('\x1e').slice(0, -1)) {
    const [context, msgid, , msgstr] = record.split('\x1f') as [string, string, string, string];
    if (msgid === '' && context === '') continue;
    const id = context === '' ? msgid : `${context.slice(1)}\u0004${msgid}`;
    out.set(id, [...(out.get(id) ?? []), msgstr]);
  }
  return out;
}
const translated = (u: Unit) => u.target !== undefined || u.targetPlural !== undefined;

/** The msgstr[i] our reader's forms stand for, through the file's own Plural-Forms. */
function formsByIndex(bytes: Uint8Array, forms: PluralForms): string[] {
  const { mapping } = filePlurals(readPo(bytes, {}));
  return mapping.categoryOf.map((category) => forms[category] ?? '');
}

describe.skipIf(gettext.skipped)('GNU gettext reads what our reader reads', () => {
  it.each(FIXTURES)('%s: the same units, counts and texts as msgfmt', (path) => {
    const bytes = bytesOf(path);
    const units = poFormat.parse(bytes);
    // Counts, as msgfmt --statistics gives them.
    const stats = compile(bytes).stderr;
    const count = (re: RegExp) => Number(re.exec(stats)?.[1] ?? 0);
    const fuzzy = (u: Unit) => u.flags.includes('fuzzy');
    expect(
      {
        translated: units.filter((u) => translated(u) && !fuzzy(u)).length,
        fuzzy: units.filter((u) => translated(u) && fuzzy(u)).length,
        untranslated: units.filter((u) => !translated(u)).length,
      },
      stats,
    ).toEqual({
      translated: count(/(\d+) translated message/),
      fuzzy: count(/(\d+) fuzzy translation/),
      untranslated: count(/(\d+) untranslated message/),
    });
    // Every entry, as msgexec hands it over: context, msgid, form index and msgstr.
    const entries = msgexec(bytes);
    expect(units.map((u) => u.id)).toEqual([...entries.keys()]);
    for (const unit of units) {
      const forms = entries.get(unit.id)!;
      if (!unit.sourcePlural) {
        expect(forms, unit.id).toEqual([unit.target ?? '']);
        continue;
      }
      const empty = forms.map(() => '');
      expect(forms, unit.id).toEqual(unit.targetPlural ? formsByIndex(bytes, unit.targetPlural) : empty);
    }
    // The texts msgfmt compiles are those of the translated, not fuzzy, units.
    const compiled = compile(bytes).entries;
    expect([...compiled.keys()].map(idOf).sort()).toEqual(
      units
        .filter((u) => translated(u) && !fuzzy(u))
        .map((u) => u.id)
        .sort(),
    );
    for (const [key, forms] of compiled) {
      const [id, plural] = key.split('\0');
      const unit = units.find((u) => u.id === id)!;
      if (plural === undefined) expect(forms, id).toEqual([unit.target]);
      else {
        expect(unit.sourcePlural, id).toEqual({ one: id!.split('\u0004').at(-1), other: plural });
        expect(forms, id).toEqual(formsByIndex(bytes, unit.targetPlural!));
      }
    }
  });
});

/** A translation that keeps every directive and the leading/trailing newlines msgfmt --check compares. */
function meant(source: string, lang: string): string {
  const [, lead, core, trail] = /^(\n*)([\s\S]*?)(\n*)$/.exec(source)!;
  return `${lead}${lang.toUpperCase()} “${core}” \\ "q"\ttab${trail}`;
}

function translationsFor(units: readonly Unit[], lang: string): Map<string, string | PluralForms> {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  return new Map(
    units.map((u): [string, string | PluralForms] => {
      if (!u.sourcePlural) return [u.id, meant(u.source, lang)];
      const forms: PluralForms = { other: meant(u.sourcePlural.other, lang) };
      for (const c of categories)
        forms[c] = meant(c === 'one' ? u.sourcePlural.one! : u.sourcePlural.other, lang);
      return [u.id, forms];
    }),
  );
}

/** msgfmt --check accepts `written`, and its compiled entries are the translations we meant. */
function expectAccepted(written: Uint8Array, translations: Map<string, string | PluralForms>, label: string) {
  const result = compile(written, { check: true });
  // Header fields a template leaves at xgettext's defaults are warned of; nothing else may be.
  const complaints = result.stderr
    .split('\n')
    .filter((l) => /error|warning/i.test(l) && !/warning: header field/.test(l));
  expect(complaints, label).toEqual([]);
  expect(result.status, `${label}: ${result.stderr}`).toBe(0);
  const { mapping } = filePlurals(readPo(written, {}));
  for (const [key, forms] of result.entries) {
    const meantText = translations.get(idOf(key));
    if (meantText === undefined) continue;
    if (typeof meantText === 'string') expect(forms, key).toEqual([meantText]);
    else {
      expect(forms.length, key).toBe(mapping.nplurals);
      for (const [category, index] of mapping.indexOf)
        expect(forms[index], `${key} ${category}`).toBe(meantText[category]);
    }
  }
  // Every translation we wrote is compiled (none left fuzzy or empty).
  expect([...result.entries.keys()].map(idOf), label).toEqual(
    expect.arrayContaining([...translations.keys()]),
  );
}

const LANG_OF: Record<string, string> = {
  'po/de.po': 'de',
  'po/ru.po': 'ru',
  'po/ja-crlf.po': 'ja',
  'po/django-admin-fr.po': 'fr',
  'po/django-admin-ru.po': 'ru',
  'po/ajenti-be_BY.po': 'be',
  'po/hello-escapes-de.po': 'de',
  'po/sphinx-python-format-de.po': 'de',
  'existing/po/de.po': 'de',
  'existing/po/ru.po': 'ru',
  'qa/app/po/de.po': 'de',
};

describe.skipIf(gettext.skipped)('GNU gettext accepts what our writer writes', () => {
  it.each(Object.entries(LANG_OF))('%s: every unit translated in place (%s)', (path, lang) => {
    const bytes = bytesOf(path);
    const translations = translationsFor(poFormat.parse(bytes), lang);
    expectAccepted(poFormat.render(bytes, translations, { targetLang: lang }), translations, path);
  });

  it.each([
    ['po/messages.pot', 'de'],
    ['po/messages.pot', 'ru'],
    ['po/django-admin.pot', 'fr'],
    ['po/django-admin.pot', 'ru'],
    ['existing/po/messages.pot', 'ru'],
  ])('%s rendered as a new %s catalog', (path, lang) => {
    const bytes = bytesOf(path);
    const translations = translationsFor(poFormat.parse(bytes), lang);
    expectAccepted(
      poFormat.render(bytes, translations, { targetLang: lang }),
      translations,
      `${path} ${lang}`,
    );
  });

  it.each([
    ['po/django-admin-fr.po', 'fr'],
    ['po/django-admin-ru.po', 'ru'],
    ['po/ajenti-be_BY.po', 'be'],
  ])('%s: the template’s entries it lacks inserted, under its own header', (path, lang) => {
    const template = bytesOf('po/django-admin.pot');
    const target = bytesOf(path);
    const held = new Set(poFormat.parse(target).map((u) => u.id));
    // What the catalog keeps as obsolete comes back with the translation people wrote there.
    const kept = [...msgexec(target, '--only-obsolete')].filter(([, forms]) => forms.some((f) => f !== ''));
    for (const [id] of kept) held.add(id);
    const translations = translationsFor(
      poFormat.parse(template).filter((u) => !held.has(u.id)),
      lang,
    );
    const written = poFormat.edit!(
      target,
      { source: template, set: translations, remove: new Set() },
      { targetLang: lang },
    );
    expectAccepted(written, translations, path);
    const after = msgexec(written);
    for (const [id, forms] of kept) expect(after.get(id), id).toEqual(forms);
    expect(poFormat.parse(written).map((u) => u.id)).toEqual(poFormat.parse(template).map((u) => u.id));
  });
});
