/**
 * Android's resource compiler as the oracle (issue 34, build items 2 and 3; Debian package aapt,
 * the Android 10 aapt, which builds string resources by aapt2's rules): files are packaged with
 * `aapt package` and read back with `aapt dump --values resources`.
 * test/formats/android-oracle.test.ts says what is checked with it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REFERENCE } from '../../../src/formats/android/read.ts';
import type { PluralCategory, PluralForms, Unit } from '../../../src/formats/model.ts';

/** A compiled value: a string, a reference to another resource, or a bag (array items, plural quantities). */
export type Value =
  | { kind: 'string'; text: string }
  | { kind: 'reference' }
  | { kind: 'bag'; items: Map<string, string> };

/** aapt's bag keys for plural quantities (ResTable_map::ATTR_OTHER … ATTR_MANY). */
const QUANTITY: Record<string, PluralCategory> = {
  '0x01000004': 'other',
  '0x01000005': 'zero',
  '0x01000006': 'one',
  '0x01000007': 'two',
  '0x01000008': 'few',
  '0x01000009': 'many',
};

/** `(string16) "…"` as `aapt dump` prints it (ResTable::normalizeForOutput: \\, \n and \" escaped). */
function dumped(line: string): string | undefined {
  const m = /\(string(?:8|16)\) "(.*)"$/.exec(line);
  return m ? m[1]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)) : undefined;
}

/**
 * Compiles `files` (paths under res/) with `aapt package` and reads them back with
 * `aapt dump --values resources`: values by configuration (`default`, `de`, …) and name.
 */
export function compile(
  files: Record<string, Uint8Array>,
  stubs: readonly string[] = [],
): { configs: Map<string, Map<string, Value>>; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-aapt-'));
  try {
    return compileIn(dir, files, stubs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function compileIn(
  dir: string,
  files: Record<string, Uint8Array>,
  stubs: readonly string[],
): { configs: Map<string, Map<string, Value>>; stderr: string } {
  writeFileSync(
    join(dir, 'AndroidManifest.xml'),
    '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.oracle"/>\n',
  );
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'res', path)), { recursive: true });
    writeFileSync(join(dir, 'res', path), bytes);
  }
  // Strings the fixtures refer to (`@string/no_videos`) but another file of the app defines.
  if (stubs.length > 0)
    writeFileSync(
      join(dir, 'res/values/zz_oracle_stubs.xml'),
      `<resources>\n${stubs.map((n) => `  <string name="${n}">stub</string>\n`).join('')}</resources>\n`,
    );
  const apk = join(dir, 'out.apk');
  const build = spawnSync(
    'aapt',
    ['package', '-f', '-M', join(dir, 'AndroidManifest.xml'), '-S', join(dir, 'res'), '-F', apk],
    {
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`aapt package failed:\n${build.stderr}`);
  const dump = spawnSync('aapt', ['dump', '--values', 'resources', apk], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const configs = new Map<string, Map<string, Value>>();
  let config: Map<string, Value> | undefined;
  let pending: { name: string; type: string } | undefined;
  let bag: Map<string, string> | undefined;
  for (const line of dump.stdout.split('\n')) {
    const c = /^\s+config (.+):$/.exec(line);
    if (c) {
      // Each resource type lists its configurations again: one map per configuration for all types.
      const name = c[1]!.replace('(default)', 'default');
      config = configs.get(name) ?? new Map();
      configs.set(name, config);
      continue;
    }
    const r = /^\s+resource 0x[0-9a-f]+ [\w.]+:(\w+)\/([\w.]+): (.*)$/.exec(line);
    if (r && config) {
      bag = undefined;
      pending = { type: r[1]!, name: r[2]! };
      if (r[3] === '<bag>') {
        bag = new Map();
        config.set(pending.name, { kind: 'bag', items: bag });
        pending = undefined;
      } else if (r[3]!.startsWith('t=0x01')) {
        config.set(pending.name, { kind: 'reference' });
        pending = undefined;
      }
      continue;
    }
    const item = /^\s+#(\d+) \(Key=(0x[0-9a-f]+)\): (.*)$/.exec(line);
    if (item && bag) {
      const text = item[3]!.startsWith('(reference)') ? REF : dumped(item[3]!);
      if (text !== undefined) bag.set(QUANTITY[item[2]!] ?? item[1]!, plain(text));
      continue;
    }
    const text = dumped(line);
    if (text !== undefined && pending && config) {
      config.set(pending.name, { kind: 'string', text: plain(text) });
      pending = undefined;
    }
  }
  for (const stub of stubs) configs.get('default')?.delete(stub);
  return { configs, stderr: build.stderr };
}

/**
 * Text with anything tag-shaped taken out, on both sides: aapt keeps styled markup (`<b>`) as spans
 * apart from the string, while our unit keeps it inline, and a unit cannot tell `<b>` written as
 * markup from `&lt;b&gt;` written as text (which aapt keeps in the string).
 */
export const plain = (text: string) => text.replace(/<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g, '');
/** An array item or plural quantity that refers to another resource. */
const REF = '(reference)';

/** What our reader says a configuration holds, in aapt's terms (a plural's categories as bag keys). */
export function expected(
  units: readonly Unit[],
  text: (u: Unit) => string | PluralForms,
): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const unit of units) {
    if (unit.id.includes('#')) continue;
    const array = /^(.+)\[(\d+)\]$/.exec(unit.id);
    const value = text(unit);
    // A donottranslate file's references carry the file's reason, the stronger one.
    const reference =
      unit.leftOut === REFERENCE || (unit.leftOut !== undefined && /^@\w+\/[\w.]+$/.test(unit.source));
    if (reference && !array) out.set(unit.id, { kind: 'reference' });
    else if (array) {
      const bag = out.get(array[1]!) ?? { kind: 'bag', items: new Map<string, string>() };
      if (bag.kind === 'bag') bag.items.set(array[2]!, reference ? REF : plain(value as string));
      out.set(array[1]!, bag);
    } else if (typeof value !== 'string')
      out.set(unit.id, {
        kind: 'bag',
        items: new Map(Object.entries(value).map(([k, v]) => [k, plain(v)])),
      });
    else out.set(unit.id, { kind: 'string', text: plain(value) });
  }
  return out;
}

/** Maps compared as plain objects, so a difference shows by name. */
export const view = (m: Map<string, Value> | undefined) =>
  Object.fromEntries(
    [...(m ?? [])].map(([k, v]) => [k, v.kind === 'bag' ? Object.fromEntries([...v.items].sort()) : v]),
  );

/** A compiled configuration as `id → text`: bag items as `name[i]` (arrays) or `name|category` (plurals). */
function flat(values: Map<string, Value> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, v] of values ?? []) {
    if (v.kind === 'string') out.set(name, v.text);
    else if (v.kind === 'reference') out.set(name, REF);
    else for (const [k, text] of v.items) out.set(/^\d+$/.test(k) ? `${name}[${k}]` : `${name}|${k}`, text);
  }
  return out;
}

/** Names aapt says a file refers to but no file defines (`@string/other_file_name`). */
const missingNames = (stderr: string) =>
  [...stderr.matchAll(/with value '@string\/([\w.]+)'/g)].map((m) => m[1]!);

/**
 * One default values file as aapt compiles it, and `units` (our units of it, left-out ones
 * included) in aapt's terms; `all` is every unit the file has, to know which names it defines.
 * Strings it refers to that other files of the app define are stubbed (up to three rounds), as
 * the oracle test stubs them.
 */
export function aaptReading(
  bytes: Uint8Array,
  units: readonly Unit[],
  all: readonly Unit[] = units,
): { ours: Map<string, string>; theirs: Map<string, string> } {
  const names = new Set(all.map((u) => u.id.replace(/[[#|].*$/, '')));
  let stubs = [
    ...new Set(
      all
        .filter((u) => u.leftOut !== undefined)
        .map((u) => /^\s*@string\/([\w.]+)\s*$/.exec(u.source)?.[1])
        .filter((n): n is string => n !== undefined && !names.has(n)),
    ),
  ];
  for (let round = 0; ; round++) {
    try {
      const { configs } = compile({ 'values/strings.xml': bytes }, stubs);
      return {
        ours: flat(expected(units, (u) => u.sourcePlural ?? u.source)),
        theirs: flat(configs.get('default')),
      };
    } catch (error) {
      const more = missingNames((error as Error).message).filter((n) => !stubs.includes(n) && !names.has(n));
      if (round === 3 || more.length === 0) throw error;
      stubs = [...stubs, ...more];
    }
  }
}
