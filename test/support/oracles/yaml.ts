/**
 * Rails YAML read by Ruby's own YAML (Psych; Debian package ruby) as the oracle (issue 34, build
 * items 2 and 3). The file must load with `YAML.safe_load` (aliases, dates and symbols permitted, as
 * Rails loads locale files); then Psych's node tree, typed by Psych's own scalar scanner (what
 * `safe_load` would make of each plain scalar), gives every string at its key path — keys joined with `.` (a `.`, `[`
 * or `\` inside a key backslash-escaped, as our ids write them), sequence items as `[n]`; a single
 * root key naming a locale (`en:`, `pt-BR:`) is the locale, not part of the path (rails-i18n's
 * layout). An alias (`*name`) or merge (`<<:`) repeats the anchor's text, which is a unit once, at
 * the anchor: the copies are not leaves here. A key repeated in a mapping is read once, with its
 * last value, as the Hash Rails loads has it. Rails' plural hashes (`one:`/`other:` …) are leaves like any other key here; our plural
 * units are taken apart into them (leaves.ts).
 *
 * What Psych reads differs from YAML 1.2 where a file relies on YAML 1.1: an unquoted `yes`, `no`,
 * `on`, `off` is a boolean to Ruby (and so to Rails), a key `no:` (Norwegian) is `false`.
 */
import { spawnSync } from 'node:child_process';
import type { Unit } from '../../../src/formats/model.ts';
import { ourLeaves } from './leaves.ts';

const SCRIPT = `
require "yaml"; require "json"; require "date"
scanner = Psych::ScalarScanner.new(Psych::ClassLoader::Restricted.new(%w[Date Time Symbol], []))
STR = ["tag:yaml.org,2002:str", "!"]
text = lambda do |n|
  return nil unless n.is_a?(Psych::Nodes::Scalar)
  return n.value if n.quoted || STR.include?(n.tag) || n.style == Psych::Nodes::Scalar::LITERAL || n.style == Psych::Nodes::Scalar::FOLDED
  v = scanner.tokenize(n.value)
  v.is_a?(String) ? v : nil
end
key = lambda { |n| n.is_a?(Psych::Nodes::Scalar) ? (n.quoted ? n.value : scanner.tokenize(n.value).to_s) : "?" }
conv = lambda do |n|
  case n
  when Psych::Nodes::Mapping
    pairs = n.children.each_slice(2).reject { |k, _| k.is_a?(Psych::Nodes::Scalar) && !k.quoted && k.value == "<<" }
    # A repeated key: the last one wins, as in the Hash Rails loads.
    last = {}; pairs.each { |k, v| last[key.call(k)] = v }
    { "h" => last.map { |k, v| [k, conv.call(v)] } }
  when Psych::Nodes::Sequence then { "a" => n.children.map { |c| conv.call(c) } }
  when Psych::Nodes::Scalar then text.call(n)
  else nil
  end
end
input = STDIN.read.force_encoding("UTF-8").sub(/\\A\\uFEFF/, "")
# Rails loads the file so: what it refuses is refused here too.
YAML.safe_load(input, permitted_classes: [Date, Time, Symbol], aliases: true)
print JSON.generate(conv.call(YAML.parse(input)&.root))
`;

type Tree = string | null | { h: [string, Tree][] } | { a: Tree[] };

const escapeKey = (key: string) => key.replace(/[\\.[]/g, (c) => `\\${c}`);
const LOCALE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;
const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
/** A root key naming a language CLDR knows (so a root key `app:` is not taken for one). */
const isLocale = (key: string) => LOCALE.test(key) && languages.of(key.split(/[-_]/)[0]!) !== undefined;

/** Every string Ruby's YAML loads from a file, by key path. */
export function rubyYamlLeaves(bytes: Uint8Array): Map<string, string> {
  const run = spawnSync('ruby', ['-e', SCRIPT], {
    input: bytes,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error || run.status !== 0)
    throw new Error(`ruby YAML.safe_load: ${run.error ?? run.stderr.trim()}`);
  let tree = JSON.parse(run.stdout) as Tree;
  if (tree && typeof tree === 'object' && 'h' in tree && tree.h.length === 1) {
    const [key, value] = tree.h[0]!;
    if (isLocale(key) && value && typeof value === 'object' && 'h' in value) tree = value;
  }
  const out = new Map<string, string>();
  const walk = (node: Tree, path: string) => {
    if (typeof node === 'string') out.set(path, node);
    else if (node && 'h' in node)
      for (const [k, v] of node.h) walk(v, path === '' ? escapeKey(k) : `${path}.${escapeKey(k)}`);
    else if (node && 'a' in node) for (const [i, v] of node.a.entries()) walk(v, `${path}[${i}]`);
  };
  walk(tree, '');
  return out;
}

/** Our units as leaves: a plural unit's forms at `id.category`. */
export const yamlAsOracle = (units: readonly Unit[], theirs: ReadonlyMap<string, string>) =>
  ourLeaves(units, (id, c) => `${id}.${c}`, theirs);
