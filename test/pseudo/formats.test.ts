/**
 * Pseudo targets in every format (issue 38, item 6): each written file is read back by our own
 * reader with the source's unit ids and the plural categories the pseudo-locale's language has;
 * each text carries its key and placeholders identical to the source's (QA's placeholder rule
 * set finds nothing); and the format's own tools accept it — msgfmt for PO,
 * java.util.Properties, Ruby's YAML, aapt, plistlib, xmllint against the XLIFF schemas, and the
 * other oracles test/support/oracles runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pluralCategories } from '../../src/formats/kit/plural-forms.ts';
import { type FormatModule, placeholdersOf, type Unit } from '../../src/formats/model.ts';
import { detectFormat, FORMATS } from '../../src/formats/registry.ts';
import { pseudoFile } from '../../src/pseudo/file.ts';
import { decodeMarkedText, stripMarkers } from '../../src/pseudo/markers.ts';
import { pseudoProfile } from '../../src/pseudo/profiles.ts';
import { checkFile } from '../../src/qa/check-file.ts';
import { unitPlaceholderIssues } from '../../src/qa/placeholders.ts';
import { translationOf } from '../../src/qa/unit.ts';
import { debianTool } from '../support/debian-tool.ts';
import { unitMismatches, unitOracle } from '../support/oracles/index.ts';
import { catalogTexts } from '../support/oracles/xcstrings.ts';
import { plain, xliffOracleUnits } from '../support/oracles/xliff.ts';

/** Realistic English sources, at least one per registered format. */
const FIXTURES = [
  'android/strings.xml',
  'android/messaging.xml',
  'arb/app_en.arb',
  'arb/typed_en.arb',
  'csv/app-strings.csv',
  'json/i18next-nested.json',
  'json/icu-messages.json',
  'json/flat-keys.json',
  'markdown/docs-page.md',
  'po/messages.pot',
  'po/django-admin.pot',
  'po/format-flags.pot',
  'properties/messages.properties',
  'properties/help_en.properties',
  'strings/InfoPlist.strings',
  'strings/Localizable-utf16.strings',
  'stringsdict/Localizable.stringsdict',
  'stringsdict/Workouts.stringsdict',
  'text/release-notes.txt',
  'xcstrings/Localizable.xcstrings',
  'xliff12/angular-messages.xlf',
  'xliff12/symfony-messages+intl-icu.en.xlf',
  'xliff2/angular-messages.xlf',
  'xliff2/symfony-keys.en.xlf',
  'yaml/rails-en.yml',
  'yaml/app-strings.yaml',
].map((path) => {
  const bytes = new Uint8Array(readFileSync(join('test/fixtures', path)));
  return { path, bytes, format: detectFormat(path, bytes)! };
});

const msgfmt = debianTool('msgfmt', ['--version'], 'gettext');
const xmllint = debianTool('xmllint', ['--version'], 'libxml2-utils');
const SCHEMA: Record<string, string> = {
  xliff12: 'test/support/xliff/xliff-1.2-from-spec.xsd',
  xliff2: 'test/support/xliff/xliff-2.0-from-spec.xsd',
};
const dir = mkdtempSync(join(tmpdir(), 'svc-pseudo-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let saved = 0;
function save(bytes: Uint8Array, ext: string): string {
  const path = join(dir, `${saved++}.${ext}`);
  writeFileSync(path, bytes);
  return path;
}

/** What a target holds for its units after reading it back (its text, target or localization). */
function readBack(
  format: FormatModule,
  bytes: Uint8Array,
  lang: string,
  source: readonly Unit[],
  path: string,
) {
  const units = format.parse(bytes, {
    fileName: path,
    sourceUnits: source,
    ...(format.holds === 'all' ? { targetLang: lang } : {}),
  });
  return new Map(units.filter((u) => u.translatable).map((u) => [u.id, translationOf(u, format.holds)]));
}

const formsOf = (t: string | Record<string, string | undefined>) =>
  typeof t === 'string' ? { other: t } : (t as Record<string, string>);

it.runIf(msgfmt.required || xmllint.required)('has msgfmt and xmllint in CI', () => {
  expect.fail('.ci/run must install the Debian packages gettext and libxml2-utils');
});

it('covers every registered format', () => {
  expect(new Set(FIXTURES.map((f) => f.format.name))).toEqual(new Set(FORMATS.map((f) => f.name)));
});

describe.each(['en-XA', 'ar-XB'])('pseudo %s with --mark-keys', (lang) => {
  const profile = pseudoProfile(lang);
  for (const { path, bytes, format } of FIXTURES) {
    describe(`${path} (${format.name})`, () => {
      const source = format.parse(bytes, { fileName: path }).filter((u) => u.translatable);
      const out = pseudoFile(format, bytes, { profile, markKeys: true, fileName: path, sourceLang: 'en' });
      const back = readBack(format, out.bytes, lang, source, path);

      it('reads back with the same unit ids, each text pseudo and marked with its key', () => {
        expect([...back.keys()].sort()).toEqual(source.map((u) => u.id).sort());
        const keys = source.map((u) => u.id);
        let rtl = 0;
        for (const unit of source) {
          const text = back.get(unit.id);
          expect(text, unit.id).toBeDefined();
          for (const [category, form] of Object.entries(formsOf(text!))) {
            if (form.trim() === '') continue;
            const found = decodeMarkedText(form, { keys });
            expect(found[0], `${unit.id}|${category}`).toMatchObject({ key: unit.id, complete: true });
            const visible = stripMarkers(form);
            expect(visible).toMatch(/^\s*\[[\s\S]*\]\s*$/);
            if (visible.includes('\u202e')) rtl++;
          }
        }
        // Right-to-left in ar-XB (a text that is only a URL or a placeholder has no word to turn).
        if (profile.rtl) expect(rtl).toBeGreaterThan(source.length / 2);
        else expect(rtl).toBe(0);
      });

      it("has the plural categories the pseudo-locale's language needs, every form pseudo", () => {
        for (const unit of source.filter((u) => u.sourcePlural)) {
          const forms = formsOf(back.get(unit.id)!);
          const categories = Object.keys(forms);
          const type = unit.flags.includes('ordinal') ? 'ordinal' : 'cardinal';
          if (lang === 'en-XA')
            expect(categories.sort(), unit.id).toEqual(Object.keys(unit.sourcePlural!).sort());
          else
            for (const c of pluralCategories(lang, type)) expect(categories, `${unit.id}: ${c}`).toContain(c);
          for (const [c, form] of Object.entries(forms))
            expect(stripMarkers(form), `${unit.id}|${c}`).not.toBe(
              unit.sourcePlural![c as 'other'] ?? unit.source,
            );
        }
      });

      it("keeps every placeholder: QA's rule set finds none missing, extra, renamed or reordered", () => {
        // Form by form, each against the source form it was made from.
        for (const unit of source) {
          const text = back.get(unit.id)!;
          const binding = format.placeholderBinding?.(unit) ?? {};
          const src = unit.sourcePlural ?? { other: unit.source };
          for (const [c, form] of Object.entries(formsOf(text))) {
            const from = src[c as 'other'] ?? src.other;
            const issues = unitPlaceholderIssues(from, form, {
              inlineCodes: format.inlineCodes,
              syntaxes: placeholdersOf(format, unit),
              ...binding,
            });
            expect(issues, `${unit.id}|${c}: ${form}`).toEqual([]);
          }
        }
        // And as `svc-connector qa` checks the file: no placeholder or syntax finding at all.
        const { findings } = checkFile({
          format,
          sourcePath: path,
          targetPath: path,
          source: bytes,
          target: out.bytes,
          sourceLang: 'en',
          lang,
        });
        // QA compares a plural's tags over the union of its forms, counted: ar-XB's six forms hold
        // the tag of the source's two three times over. Form by form (above) they are the same.
        const plurals = new Set(source.filter((u) => u.sourcePlural).map((u) => u.id));
        const broken = findings.filter(
          (f) =>
            /^placeholder|syntax$/.test(f.rule) &&
            !(f.rule === 'placeholder-extra' && plurals.has(f.key) && /placeholder </.test(f.message)),
        );
        expect(broken).toEqual([]);
      });

      const oracle = format.holds === undefined ? unitOracle(format.name) : undefined;
      it.runIf(oracle)("is read by the format's own tool as our reader reads it", () => {
        const units = format.parse(out.bytes, { fileName: path });
        const { ours, theirs } = oracle!.read(
          out.bytes,
          units.filter((u) => u.translatable),
          path,
        );
        expect(unitMismatches(ours, theirs)).toEqual([]);
        expect(theirs.size).toBeGreaterThan(0);
      });

      it.runIf(format.name === 'po' && msgfmt.available)(
        'passes msgfmt --check with every entry translated',
        () => {
          const run = spawnSync(
            'msgfmt',
            ['--check', '--statistics', '-o', '/dev/null', save(out.bytes, 'po')],
            {
              encoding: 'utf8',
              env: { ...process.env, LC_ALL: 'C' },
            },
          );
          expect(run.status, run.stderr).toBe(0);
          expect(run.stderr).toMatch(new RegExp(`^${source.length} translated messages?\\.$`, 'm'));
        },
      );

      it.runIf(format.name in SCHEMA && xmllint.available)(
        'validates against the XLIFF schema, and xmllint reads the targets we wrote',
        () => {
          const run = spawnSync(
            'xmllint',
            ['--noout', '--schema', SCHEMA[format.name]!, save(out.bytes, 'xlf')],
            {
              encoding: 'utf8',
            },
          );
          expect(run.status, run.stderr).toBe(0);
          const spec = xliffOracleUnits(out.bytes, format.name === 'xliff12' ? '1.2' : '2.0');
          const targets = format.parse(out.bytes).map((u) => plain(u.target ?? ''));
          expect(spec.map((u) => u.target ?? '')).toEqual(targets);
        },
      );

      it.runIf(format.holds === 'all')(
        "holds the pseudo-locale in the catalog as Xcode's shape reads it",
        () => {
          const { texts } = catalogTexts(out.bytes, lang);
          for (const unit of source) expect(texts.has(unit.id), unit.id).toBe(true);
        },
      );
    });
  }
});

describe('a file in ISO-8859-1 (legacy text and CSV files)', () => {
  const path = 'text/latin1-menu.txt';
  const bytes = new Uint8Array(readFileSync(join('test/fixtures', path)));
  const format = detectFormat(path, bytes)!;

  it('takes the accents Latin-1 holds and no markers for en-XA, and stays Latin-1', () => {
    const out = pseudoFile(format, bytes, {
      profile: pseudoProfile('en-XA'),
      markKeys: true,
      fileName: path,
    });
    expect(out.latin1).toBe(true);
    const lines = format.parse(out.bytes).map((u) => u.source);
    // f, r and m have no Latin-1 stand-in; é and è were not ASCII letters to begin with.
    expect(lines[0]).toBe('[Çåfé Çrèmé · méñû one t]');
    expect(Buffer.from(out.bytes).every((b) => b < 0x80 || b >= 0xa0)).toBe(true);
    expect(decodeMarkedText(new TextDecoder('latin1').decode(out.bytes))).toEqual([]);
  });

  it("refuses ar-XB with the writer's message: bidi controls are not Latin-1", () => {
    expect(() => pseudoFile(format, bytes, { profile: pseudoProfile('ar-XB'), fileName: path })).toThrow(
      'translation of l1 has characters this Latin-1 file cannot hold',
    );
  });
});
