/**
 * The format's own tool, where one installs here, as the judge of a file we wrote (issue 34, build
 * item 2): a written file must load where the original loaded. JSON formats are loaded by
 * `JSON.parse` (what Flutter, i18next and Xcode's JSON readers follow: RFC 8259).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why the tool rejects the file, or undefined when it loads it. */
type Judge = (file: string, bytes: Uint8Array) => string | undefined;

function run(command: string, args: string[]): string | undefined {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000 });
  if (r.error) return `${command}: ${r.error.message}`;
  if (r.status === 0) return undefined;
  // The errors first: a tool's warnings (msgfmt's about a header field) are not why it failed.
  const lines = `${r.stderr}${r.stdout}`.trim().split('\n');
  const said = [...lines.filter((l) => !/warning:/.test(l)), ...lines.filter((l) => /warning:/.test(l))]
    .slice(0, 3)
    .join(' / ');
  return `${command} exit ${r.status}: ${said}`;
}

const jsonParse: Judge = (_file, bytes) => {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''));
    return undefined;
  } catch (error) {
    return `JSON.parse: ${(error as Error).message}`;
  }
};

const JUDGES: Partial<Record<string, { tool: string; judge: Judge }>> = {
  po: { tool: 'msgfmt --check', judge: (f) => run('msgfmt', ['--check', '-o', '/dev/null', f]) },
  yaml: {
    tool: "Ruby's YAML.safe_load",
    judge: (f) =>
      run('ruby', [
        '-ryaml',
        '-e',
        'YAML.safe_load(File.read(ARGV[0], encoding: "bom|utf-8"), aliases: true)',
        f,
      ]),
  },
  stringsdict: {
    tool: "Python's plistlib",
    judge: (f) => run('python3', ['-c', 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))', f]),
  },
  xliff12: { tool: 'xmllint (well-formed)', judge: (f) => run('xmllint', ['--noout', '--nonet', f]) },
  xliff2: { tool: 'xmllint (well-formed)', judge: (f) => run('xmllint', ['--noout', '--nonet', f]) },
  android: {
    tool: 'aapt2 compile',
    judge: (f) => {
      const out = mkdtempSync(join(tmpdir(), 'corpus-aapt2-'));
      try {
        return run('aapt2', ['compile', f, '-o', out]);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  },
  arb: { tool: 'JSON.parse', judge: jsonParse },
  json: { tool: 'JSON.parse', judge: jsonParse },
  xcstrings: { tool: 'JSON.parse', judge: jsonParse },
};

/** The tool that judges files of `format`, when one runs here. */
export function toolFor(format: string): { tool: string; judge: Judge } | undefined {
  return JUDGES[format];
}
