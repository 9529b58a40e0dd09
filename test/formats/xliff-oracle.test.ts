/**
 * XLIFF 1.2 and 2.0 against the spec, with libxml2's xmllint as the oracle (issue 34, build item 2;
 * Debian package libxml2-utils).
 *
 * The OASIS schemas (xliff-core-1.2-strict.xsd, xliff_core_2.0.xsd) ship in no Debian or npm
 * package, so `xmllint --schema` validates against schemas written from the specs' documented
 * structure (test/support/xliff/*-from-spec.xsd: required attributes, element order, inline
 * nesting, enumerations), and the second reader is xmllint's XPath following the specs' rules:
 * - XLIFF 1.2: a unit per `<trans-unit>` (§2.2), `translate` from the nearest element that says
 *   (§2.3.2), its text the `<source>`;
 * - XLIFF 2.0: a unit per `<segment>` of a `<unit>` (§4.2.2.3), `translate` likewise (§4.3.1.50),
 *   its text the `<source>`;
 * - both: where a file's target language is its source language, the text is the `<target>`, as
 *   Symfony's XliffFileLoader reads it (`target ?? source`; issue 34, finding 11).
 * Checked: our reader's units are the oracle's (same order, ids, translatable, text once inline
 * codes are taken out, as XPath's string() does), and every XLIFF file our writers produce
 * (extract, sync deltas, targets written new, rendered over and edited) validates and reads back
 * through the oracle as the texts we meant.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractXliff } from '../../src/formats/exchange.ts';
import type { FormatModule, Unit } from '../../src/formats/model.ts';
import { formatByName } from '../../src/formats/registry.ts';
import { editTarget, newTarget } from '../../src/formats/target.ts';
import { xliff2Format } from '../../src/formats/xliff2/index.ts';
import { xliff12Format } from '../../src/formats/xliff12/index.ts';
import { debianTool } from '../support/debian-tool.ts';
import { xliffOracleUnits as oracleUnits, plain } from '../support/oracles/xliff.ts';

const xmllint = debianTool('xmllint', ['--version'], 'libxml2-utils');
const SCHEMA = {
  '1.2': 'test/support/xliff/xliff-1.2-from-spec.xsd',
  '2.0': 'test/support/xliff/xliff-2.0-from-spec.xsd',
} as const;
type Version = keyof typeof SCHEMA;

const dir = mkdtempSync(join(tmpdir(), 'svc-xliff-oracle-'));
let written = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(bytes: Uint8Array): string {
  const path = join(dir, `${written++}.xlf`);
  writeFileSync(path, bytes);
  return path;
}

/** `xmllint --schema`: '' when the file validates, else xmllint's complaints. */
function invalid(bytes: Uint8Array, version: Version): string {
  const run = spawnSync('xmllint', ['--noout', '--schema', SCHEMA[version], save(bytes)], {
    encoding: 'utf8',
  });
  return run.status === 0 ? '' : run.stderr;
}

function ours(format: FormatModule, bytes: Uint8Array) {
  return format.parse(bytes).map((u: Unit) => ({
    id: u.id,
    translatable: u.translatable,
    text: plain(u.source),
    target: u.target === undefined ? undefined : plain(u.target),
  }));
}

const read = (path: string) => new Uint8Array(readFileSync(path));
const FIXTURES: Record<Version, { format: FormatModule; files: string[] }> = {
  '1.2': {
    format: xliff12Format,
    files: [
      'test/fixtures/xliff12/angular-messages.xlf',
      'test/fixtures/xliff12/okapi-manual.xlf',
      'test/fixtures/xliff12/xcode-export-crlf.xlf',
      'test/fixtures/xliff12/symfony-messages+intl-icu.en.xlf',
      'test/fixtures/xliff12/symfony-messages+intl-icu.de.xlf',
      'test/fixtures/existing/xliff12/messages.xlf',
      'test/fixtures/existing/xliff12/messages.de.xlf',
      'test/fixtures/existing/xliff12/messages.ru.xlf',
    ],
  },
  '2.0': {
    format: xliff2Format,
    files: [
      'test/fixtures/xliff2/angular-messages.xlf',
      'test/fixtures/xliff2/multi-file-crlf.xlf',
      'test/fixtures/xliff2/oasis-sample.xlf',
      'test/fixtures/xliff2/symfony-keys.en.xlf',
      'test/fixtures/existing/xliff2/messages.xlf',
      'test/fixtures/existing/xliff2/messages.de.xlf',
      'test/fixtures/existing/xliff2/messages.ru.xlf',
    ],
  },
};
/** Fixtures that bend the spec on purpose (read as CAT tools read them): not held to the schema. */
const BENT: Record<string, string> = {
  'test/fixtures/xliff2/oasis-sample.xlf':
    '<originalData> after the segments (§4.2.2.3 wants it before them)',
};

/** A translation for every translatable unit of a file, keeping its inline codes. */
function translationsFor(format: FormatModule, bytes: Uint8Array): Map<string, string> {
  return new Map(
    format
      .parse(bytes)
      .filter((u) => u.translatable && u.source.trim() !== '')
      .map((u) => [u.id, `Ü ${u.source}`]),
  );
}

describe('XLIFF: xmllint as the oracle', () => {
  it.runIf(xmllint.required)('has xmllint in CI (.ci/run installs the Debian package libxml2-utils)', () => {
    expect.fail('xmllint is missing in CI: .ci/run must install the Debian package libxml2-utils');
  });

  describe.skipIf(!xmllint.available)('with xmllint', () => {
    for (const version of ['1.2', '2.0'] as const) {
      const { format, files } = FIXTURES[version];
      for (const file of files) {
        const name = file.replace('test/fixtures/', '');
        const bytes = read(file);

        it(`${name}: our units are the spec's units (ids, translatable, text, target)`, () => {
          const mine = ours(format, bytes);
          const spec = oracleUnits(bytes, version).map(({ qualified, ...u }, i) =>
            mine[i]?.id === qualified ? { ...u, id: qualified } : u,
          );
          expect(mine).toEqual(spec);
        });

        if (BENT[file]) {
          it(`${name}: bends the spec (${BENT[file]}), which the schema sees`, () => {
            expect(invalid(bytes, version)).not.toBe('');
          });
          continue;
        }

        it(`${name}: validates, and so does every target we write from it, reading back as meant`, () => {
          expect(invalid(bytes, version)).toBe('');
          const translations = translationsFor(format, bytes);
          const rendered = format.render(bytes, translations, { targetLang: 'fr' });
          const created = newTarget(format, bytes, translations, { targetLang: 'fr' });
          const ids = format.parse(bytes).map((u) => u.id);
          for (const out of [rendered, created]) {
            expect(invalid(out, version)).toBe('');
            const back = oracleUnits(out, version);
            expect(back).toHaveLength(ids.length);
            ids.forEach((id, i) => {
              const meant = translations.get(id);
              if (meant !== undefined) expect(back[i]!.target, id).toBe(plain(meant));
            });
          }
        });
      }
    }

    it('a target edited to take units it lacks validates and keeps what people wrote', () => {
      const cases = [
        [
          '1.2',
          'test/fixtures/xliff12/symfony-messages+intl-icu.en.xlf',
          'test/fixtures/xliff12/symfony-messages+intl-icu.de.xlf',
        ],
        [
          '1.2',
          'test/fixtures/existing/xliff12/messages.xlf',
          'test/fixtures/existing/xliff12/messages.de.xlf',
        ],
        [
          '2.0',
          'test/fixtures/existing/xliff2/messages.xlf',
          'test/fixtures/existing/xliff2/messages.de.xlf',
        ],
      ] as const;
      for (const [version, sourcePath, targetPath] of cases) {
        const { format } = FIXTURES[version];
        const source = read(sourcePath);
        const target = read(targetPath);
        const before = new Map(oracleUnits(target, version).map((u) => [u.id, u.target]));
        const missing = format
          .parse(source)
          .filter((u) => u.translatable && !before.get(u.id))
          .map((u) => [u.id, `Neu: ${u.source}`] as const);
        expect(missing.length, targetPath).toBeGreaterThan(0);
        const out = editTarget(
          format,
          target,
          { source, set: new Map(missing), remove: new Set() },
          { targetLang: 'de' },
        );
        expect(invalid(out, version), targetPath).toBe('');
        const after = new Map(oracleUnits(out, version).map((u) => [u.id, u.target]));
        for (const [id, text] of before) if (text) expect(after.get(id)).toBe(text);
        for (const [id, text] of missing) expect(after.get(id)).toBe(plain(text));
      }
    });

    it('extract and the sync deltas (extract with only) validate as XLIFF 1.2 and carry every unit', () => {
      const sources: [string, string][] = [
        ['json', 'test/fixtures/json/i18next-nested.json'],
        ['json', 'test/fixtures/json/icu-messages.json'],
        ['yaml', 'test/fixtures/yaml/rails-en.yml'],
        ['po', 'test/fixtures/po/messages.pot'],
        ['android', 'test/fixtures/android/strings.xml'],
        ['arb', 'test/fixtures/arb/app_en.arb'],
        ['xliff12', 'test/fixtures/xliff12/okapi-manual.xlf'],
        ['xliff12', 'test/fixtures/xliff12/symfony-messages+intl-icu.en.xlf'],
        ['xliff2', 'test/fixtures/xliff2/angular-messages.xlf'],
      ];
      for (const [name, path] of sources) {
        const format = formatByName(name)!;
        const bytes = read(path);
        const units = format.parse(bytes, { fileName: path }).filter((u) => u.translatable && !u.leftOut);
        const base = { fileName: path, sourceLang: 'en', targetLang: 'ru' };
        const only = new Set(units.filter((_, i) => i % 2 === 0).map((u) => u.id));
        const outputs = {
          extract: extractXliff(format, bytes, base),
          copySource: extractXliff(format, bytes, { ...base, copySource: true }),
          delta: extractXliff(format, bytes, { ...base, only }),
        };
        for (const [kind, out] of Object.entries(outputs)) {
          expect(invalid(out, '1.2'), `${path} ${kind}`).toBe('');
          const texts = oracleUnits(out, '1.2').map((u) => u.text);
          const singles = units.filter((u) => !u.sourcePlural && (kind !== 'delta' || only.has(u.id)));
          // The unit's text as the CAT tool reads it. An XLIFF input's inline codes travel as text
          // (escaped), so a CAT tool shows `<bpt id="1">` where the input had a code.
          for (const u of singles) expect(texts, `${path} ${kind} ${u.id}`).toContain(u.source);
        }
      }
    });
  });
});
