/**
 * Ruby's YAML (Psych, on libyaml) as the YAML oracle (issue 34, build item 2; Debian package
 * ruby): Rails reads its locale files with it.
 * - the units our reader sees are the string leaves `YAML.safe_load` gives, with the same texts —
 *   quoted and plain scalars over several lines included (openfoodnetwork's `en.yml` has quoted
 *   ones whose continuation lines stand at the key's column, which libyaml reads and the YAML 1.2
 *   `yaml` package refuses); a Rails plural hash is one unit whose forms are its leaves;
 * - every file our writer makes (each unit translated in place, people's multi-line scalars
 *   replaced) loads back in Ruby as the texts we meant.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Unit } from '../../src/formats/model.ts';
import { yamlFormat } from '../../src/formats/yaml/index.ts';
import { joinPath, readYaml } from '../../src/formats/yaml/read.ts';
import { debianTool } from '../support/debian-tool.ts';

const ruby = debianTool('ruby', ['-e', '1'], 'ruby');
// Files without aliases: Psych expands an alias into more leaves, where we count the anchor once.
const FIXTURES = [
  'yaml/multiline-scalars.yml',
  'yaml/ofn-multiline-quoted-en.yml',
  'yaml/app-strings.yaml',
  'yaml/devise-de-crlf.yml',
  'yaml/rails-wordless-en.yml',
];
const bytesOf = (path: string) => readFileSync(join('test/fixtures', path));
const dir = mkdtempSync(join(tmpdir(), 'svc-yaml-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each file's string leaves as `YAML.safe_load` reads them: key path (strings, sequence indexes) and text. */
const LEAVES = `
require "yaml"; require "json"
def leaves(node, path, out)
  case node
  when Hash then node.each { |k, v| leaves(v, path + [k.to_s], out) }
  when Array then node.each_with_index { |v, i| leaves(v, path + [i], out) }
  when String then out << [path, node]
  end
  out
end
print JSON.generate(ARGV.map { |f| leaves(YAML.safe_load(File.read(f, encoding: "bom|utf-8"), permitted_classes: [Symbol]), [], []) })
`;

function load(files: Uint8Array[]): [(string | number)[], string][][] {
  const paths = files.map((bytes, i) => {
    const path = join(dir, `${i}.yml`);
    writeFileSync(path, bytes);
    return path;
  });
  const run = spawnSync('ruby', ['-e', LEAVES, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`ruby failed: ${run.error ?? run.stderr}`);
  return JSON.parse(run.stdout) as [(string | number)[], string][][];
}

/** Ruby's leaves under our ids: a Rails root-locale key is not part of them. */
function asIds(leaves: [(string | number)[], string][], rooted: boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, text] of leaves) {
    let id = '';
    for (const step of rooted ? path.slice(1) : path)
      id = typeof step === 'number' ? `${id}[${step}]` : joinPath(id, step);
    out.set(id, text);
  }
  return out;
}

/** Our units as leaves: a plural unit's forms are `id.one`, `id.other`, …. */
function ours(units: readonly Unit[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const unit of units) {
    if (!unit.sourcePlural) out.set(unit.id, unit.source);
    else
      for (const [category, text] of Object.entries(unit.sourcePlural))
        out.set(`${unit.id}.${category}`, text);
  }
  return out;
}

/** Text that needs quoting, escapes and line breaks in YAML. */
const meant = (unit: Unit, i: number) =>
  [`Zeile ${i}: „${unit.source.slice(0, 20)}“ # no comment`, `  it's "quoted": \\ done\n`, 'Ende'].join(
    i % 2 === 0 ? '\n' : ' ',
  );

describe.skipIf(ruby.skipped)("Ruby's YAML.safe_load reads what our reader reads", () => {
  const files = FIXTURES.map(bytesOf);
  const loaded = ruby.skipped ? [] : load(files);

  it.each(FIXTURES.map((f, i) => [f, i] as const))(
    '%s: the same string leaves with the same texts',
    (_file, i) => {
      const bytes = files[i]!;
      const rooted = readYaml(bytes, {}).roots.length > 0;
      expect(ours(yamlFormat.parse(bytes))).toEqual(asIds(loaded[i]!, rooted));
    },
  );

  it('every file we write loads in Ruby as the texts we meant, multi-line scalars replaced whole', () => {
    const written = files.map((bytes) => {
      const units = yamlFormat.parse(bytes).filter((u) => !u.sourcePlural);
      const translations = new Map(units.map((u, i) => [u.id, meant(u, i)]));
      return { bytes: yamlFormat.render(bytes, translations, { targetLang: 'de' }), translations };
    });
    const reloaded = load(written.map((w) => w.bytes));
    written.forEach(({ bytes, translations }, i) => {
      const rooted = readYaml(bytes, {}).roots.length > 0;
      const read = asIds(reloaded[i]!, rooted);
      for (const [id, text] of translations) expect(read.get(id), `${FIXTURES[i]} ${id}`).toBe(text);
    });
  });
});
