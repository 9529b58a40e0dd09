import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/processes.ts';

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'src/cli/main.ts'), ...args], { encoding: 'utf8' });

describe('svc-connector extract / merge', () => {
  it('extracts XLIFF 1.2, and merging a translated XLIFF changes only the translated text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-xm-'));
    const source = join(dir, 'app.json');
    writeFileSync(source, '{\n  "title": "Settings",\n  "save": "Save"\n}\n');
    const xlf = join(dir, 'app.xlf');
    const extracted = cli('extract', source, '-o', xlf, '--target-lang', 'de');
    expect(extracted.status, extracted.stderr).toBe(0);
    const xliff = readFileSync(xlf, 'utf8');
    expect(xliff).toContain('<xliff version="1.2"');
    expect(xliff).toContain('<source>Settings</source>');
    writeFileSync(
      xlf,
      xliff.replace(
        '<source>Settings</source>',
        '<source>Settings</source>\n        <target>Einstellungen</target>',
      ),
    );
    const merged = cli('merge', source, xlf);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe('{\n  "title": "Einstellungen",\n  "save": "Save"\n}\n');
  });

  it('extract with copied targets then merge gives back the original byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-xm-'));
    const po = join(repoRoot, 'test/fixtures/po/de.po');
    const xlf = join(dir, 'de.xlf');
    expect(cli('extract', po, '-o', xlf, '--copy-source', '--target-lang', 'de').status).toBe(0);
    const out = join(dir, 'de.po');
    expect(cli('merge', po, xlf, '-o', out).status).toBe(0);
    expect(readFileSync(out).equals(readFileSync(po))).toBe(true);
  });

  it('reports bad input as file:line:col: message and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-xm-'));
    const bad = join(dir, 'broken.json');
    writeFileSync(bad, '{\n  "a": "b",\n  "c": \n}\n');
    const result = cli('extract', bad);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^broken\.json:\d+:\d+: .+|.*broken\.json:\d+:\d+: .+/m);
    const unknown = cli('extract', join(dir, 'nothing.xyz'));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/nothing\.xyz:1:1: cannot read: ENOENT/);
  });

  it('reads a file that bends a rule, printing file:line:col: warning: message on stderr, and exits 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-xm-'));
    const xlf = join(dir, 'out.xlf');
    const result = cli('extract', join(repoRoot, 'test/fixtures/xliff2/repeated-ids.xlf'), '-o', xlf);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      'repeated-ids.xlf:9:5: warning: duplicate unit id "title" (first on line 4); this one is addressed as "title~2"\n' +
        'repeated-ids.xlf:17:5: warning: <unit> without an id; it is addressed as "unit-3"\n',
    );
    expect(readFileSync(xlf, 'utf8')).toContain('<trans-unit id="title~2" resname="title~2"');
  });

  it('says on stderr, per file and reason, which units it leaves out on purpose (never silently)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-xm-'));
    const xlf = join(dir, 'out.xlf');
    const android = cli('extract', join(repoRoot, 'test/fixtures/android/newpipe_strings.xml'), '-o', xlf);
    expect(android.status, android.stderr).toBe(0);
    expect(android.stderr).toBe(
      'newpipe_strings.xml:18:50: warning: 5 units left out: translatable="false" (app_name, build_flavor, service_names[0], …)\n',
    );
    expect(readFileSync(xlf, 'utf8')).not.toContain('app_name');
    const arb = cli('extract', join(repoRoot, 'test/fixtures/arb/typed_en.arb'), '-o', xlf);
    expect(arb.stderr).toBe(
      'typed_en.arb:83:15: warning: 1 unit left out: ARB type "image" (not text) (appLogo)\n',
    );
    expect(readFileSync(xlf, 'utf8')).toContain('resname="remove"');
  });

  it('documents both commands in --help', () => {
    const help = execFileSync(process.execPath, [join(repoRoot, 'src/cli/main.ts'), '--help'], {
      encoding: 'utf8',
    });
    expect(help).toMatch(/extract/);
    expect(help).toMatch(/merge/);
  });
});
