/**
 * The unit-set oracles by format name, for the corpus (scripts/corpus, issue 34 build item 3) — the
 * same readers the oracle tests use (test/formats/*-oracle.test.ts). Each reads a source file as
 * the format's own tool (or a second reader of its documented rules) does, and puts our units in
 * its terms, so the two `id → text` maps compare key by key and text by text. Plural forms are
 * compared form by form (`id|category`, or the key the file keeps the form under).
 */
import { spawnSync } from 'node:child_process';
import { androidFormat } from '../../../src/formats/android/index.ts';
import type { PluralCategory, PluralForms, Unit } from '../../../src/formats/model.ts';
import { aaptReading } from './android.ts';
import { genL10n, notText } from './arb.ts';
import { csvComparable, csvOracleUnits } from './csv.ts';
import { jsonAsOracle, jsonLeaves } from './json.ts';
import { ourLeaves } from './leaves.ts';
import { markdownAsOracle, markdownOracleUnits } from './markdown.ts';
import { asProperties, loadProperties } from './properties.ts';
import { appleStrings } from './strings.ts';
import { oracleUnits as foundationUnits, ourUnits as ourStringsdictUnits, plistlib } from './stringsdict.ts';
import { textOracleUnits } from './text.ts';
import { catalogTexts } from './xcstrings.ts';
import { plain, type XliffVersion, xliffOracleUnits } from './xliff.ts';
import { rubyYamlLeaves, yamlAsOracle } from './yaml.ts';

export { describeMismatch, type UnitMismatch, unitMismatches } from './compare.ts';

/** Both sides of a comparison: our units and the oracle's, `id → text`. */
export interface OracleReading {
  ours: Map<string, string>;
  theirs: Map<string, string>;
}

export interface UnitOracle {
  /** How the report names it. */
  name: string;
  /** The command it runs, when it runs one (checked once: a missing tool means no comparison). */
  command?: [string, ...string[]];
  /**
   * Reads `bytes` (a source file, named `fileName`) and our translatable units of it; throws when
   * the oracle refuses the file.
   */
  read(bytes: Uint8Array, units: readonly Unit[], fileName: string): OracleReading;
}

const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** Plural forms as one entry per form, `id|category`. */
function byForm(entries: Iterable<[string, string | Partial<PluralForms>]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, text] of entries) {
    if (typeof text === 'string') out.set(id, text);
    else for (const c of CATEGORIES) if (text[c] !== undefined) out.set(`${id}|${c}`, text[c]!);
  }
  return out;
}

const sources = (units: readonly Unit[]) => new Map(units.map((u) => [u.id, u.source]));

function xliff(version: XliffVersion): UnitOracle {
  return {
    name: `xmllint XPath (XLIFF ${version} spec)`,
    command: ['xmllint', '--version'],
    read: (bytes, units) => {
      // Units pair up in document order: ours are named as the spec's are, except where an id
      // repeats (`file#id` when an earlier file used it, `id~N` within one file) or is missing.
      const theirs = new Map<string, string>();
      const spec = xliffOracleUnits(bytes, version).filter((u) => u.translatable);
      for (const [i, u] of spec.entries()) {
        const mine = units[i]?.id;
        const same =
          mine !== undefined &&
          (mine === u.qualified ||
            u.id === '' ||
            (mine.startsWith(u.id) && /^~\d+$/.test(mine.slice(u.id.length))));
        theirs.set(same ? mine : u.id, u.text);
      }
      return { ours: new Map(units.map((u) => [u.id, plain(u.source)])), theirs };
    },
  };
}

const ORACLES: Partial<Record<string, UnitOracle>> = {
  android: {
    name: 'aapt package + dump',
    command: ['aapt', 'version'],
    // aapt compiles every string, translatable="false" ones too: ours are those and the units given.
    read: (bytes, units, fileName) => {
      const given = new Set(units.map((u) => u.id));
      let all: Unit[] = [];
      try {
        all = androidFormat.parse(bytes, { fileName });
      } catch {
        // A file we refuse: aapt's strings are all ones we miss.
      }
      return aaptReading(
        bytes,
        all.filter((u) => !u.translatable || given.has(u.id)),
        all,
      );
    },
  },
  arb: {
    name: "gen-l10n's rules",
    read: (bytes, units) => {
      const theirs = new Map(
        [...genL10n(bytes).messages].filter(([, m]) => !notText(m)).map(([id, m]) => [id, m.value]),
      );
      // A repeated key: json.decode keeps the last value; our earlier copies (`key~N`) it never sees.
      return { ours: ourLeaves(units, (id) => id, theirs), theirs };
    },
  },
  csv: {
    name: 'csv-parse (RFC 4180)',
    read: (bytes, units) => ({
      ours: csvComparable(sources(units)),
      theirs: csvComparable(csvOracleUnits(bytes)),
    }),
  },
  markdown: {
    name: 'markdown-it (CommonMark + GFM tables)',
    read: (bytes, units) => ({ ours: markdownAsOracle(units), theirs: markdownOracleUnits(bytes) }),
  },
  text: {
    name: "text-lines' line rule",
    read: (bytes, units) => ({ ours: sources(units), theirs: textOracleUnits(bytes) }),
  },
  properties: {
    name: 'java.util.Properties.load',
    command: ['java', '-version'],
    read: (bytes, units) => {
      const loaded = loadProperties({ file: bytes }).file!;
      return {
        ours: new Map(Object.entries(asProperties(units, loaded))),
        theirs: new Map(Object.entries(loaded)),
      };
    },
  },
  strings: {
    name: "Apple's .strings rules",
    read: (bytes, units) => ({ ours: sources(units), theirs: appleStrings(bytes) }),
  },
  stringsdict: {
    name: "Python's plistlib",
    command: ['python3', '-c', 'import plistlib'],
    read: (bytes, units) => {
      const ids = new Set(units.map((u) => u.id));
      return {
        ours: byForm([...ourStringsdictUnits(bytes)].filter(([id]) => ids.has(id))),
        theirs: byForm(foundationUnits(plistlib(bytes))),
      };
    },
  },
  xcstrings: {
    name: "Xcode's catalog shape",
    read: (bytes, units) => {
      const { texts, translatable } = catalogTexts(bytes);
      return {
        ours: byForm(units.map((u) => [u.id, u.sourcePlural ?? u.source])),
        theirs: byForm(
          [...texts].filter(([id]) => translatable.get(id) !== false).map(([id, t]) => [id, t.text]),
        ),
      };
    },
  },
  xliff12: xliff('1.2'),
  xliff2: xliff('2.0'),
  yaml: {
    name: "Ruby's YAML (Psych)",
    command: ['ruby', '--version'],
    read: (bytes, units) => {
      const theirs = rubyYamlLeaves(bytes);
      return { ours: yamlAsOracle(units, theirs), theirs };
    },
  },
  json: {
    name: 'JSON.parse key paths (i18next)',
    read: (bytes, units) => {
      const theirs = jsonLeaves(bytes);
      return { ours: jsonAsOracle(units, theirs), theirs };
    },
  },
};

const runs = new Map<string, boolean>();

/** The unit-set oracle of a format, when it has one and its tool runs here. */
export function unitOracle(format: string): UnitOracle | undefined {
  const oracle = ORACLES[format];
  if (!oracle?.command) return oracle;
  const [command, ...args] = oracle.command;
  if (!runs.has(command)) runs.set(command, !spawnSync(command, args, { stdio: 'ignore' }).error);
  return runs.get(command) ? oracle : undefined;
}
