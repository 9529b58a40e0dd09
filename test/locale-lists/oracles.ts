/**
 * The locale lists' own toolchains as oracles: what Android's build (libxml2's xmllint here),
 * Foundation (Python's plistlib), Rails (Ruby's YAML) and JavaScript (JSON.parse) read from a file
 * we wrote. Each throws when its tool refuses the file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { plistlib } from '../support/oracles/stringsdict.ts';

export { plistlib };

let dir: string | undefined;

/** The `name` attributes of `<locale>` elements under `<locale-config>`, as xmllint reads them. */
export function xmllintLocales(bytes: Uint8Array): string[] {
  dir ??= mkdtempSync(join(tmpdir(), 'svc-locale-lists-'));
  const path = join(dir, 'locales_config.xml');
  writeFileSync(path, bytes);
  const check = spawnSync('xmllint', ['--noout', path], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`xmllint refused the file: ${check.stderr}`);
  const run = spawnSync('xmllint', ['--xpath', "/locale-config/locale/@*[local-name()='name']", path], {
    encoding: 'utf8',
  });
  if (run.status !== 0 && run.status !== 10) throw new Error(`xmllint --xpath failed: ${run.stderr}`);
  return [...run.stdout.matchAll(/name="([^"]*)"/g)].map((m) => m[1]!);
}

/** What Rails gets from a YAML file: `YAML.safe_load` with symbols and aliases, as JSON (symbols as strings). */
export function rubyYaml(bytes: Uint8Array): unknown {
  const script =
    'require "yaml"; require "json"; print JSON.generate(YAML.safe_load(STDIN.read, permitted_classes: [Symbol], aliases: true))';
  const run = spawnSync('ruby', ['-e', script], { input: bytes, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ruby YAML.safe_load refused the file: ${run.stderr}`);
  return JSON.parse(run.stdout);
}
