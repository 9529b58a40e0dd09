import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/processes.ts';

const qa = (...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'src/cli/main.ts'), 'qa', ...args], { encoding: 'utf8' });
const app = join(repoRoot, 'test/fixtures/qa/app');

describe('svc-connector qa', () => {
  it('exits 1 on errors and prints the JSON findings', () => {
    const run = qa('--root', app, '--format', 'json');
    expect(run.status, run.stderr).toBe(1);
    const { findings } = JSON.parse(run.stdout) as { findings: { rule: string }[] };
    expect(findings).toHaveLength(26);
  });

  it('exits 0 with warnings only, and --terms adds term findings', () => {
    const run = qa('--root', join(repoRoot, 'examples/app'));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      '0 errors, 9 warnings, 0 notices in 0 target files (0 units checked)',
    );
    const absolute = qa('--root', repoRoot, '--config', join(repoRoot, 'test/fixtures/qa/existing.svc.yml'));
    expect(absolute.status, absolute.stderr).toBe(0);
    expect(absolute.stdout).toContain('0 errors, 65 warnings, 0 notices in 28 target files');
    const withTerms = qa(
      '--root',
      app,
      '--format',
      'github',
      '--terms',
      join(repoRoot, 'test/fixtures/qa/terms.csv'),
    );
    expect(withTerms.stdout).toContain(
      '::warning file=locales/de.json,line=6,col=18,title=term (de)::term "shopping cart" should be translated as "Warenkorb" [cart.checkout]',
    );
  });

  it('exits 2 with a clear message on bad usage or config', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-qa-'));
    const cases: [string[], string][] = [
      [
        ['--root', app, '--format', 'sarif'],
        'svc-connector qa: --format must be text, github or json, got "sarif"\n',
      ],
      [['--root', join(dir, 'nope')], `svc-connector qa: --root ${join(dir, 'nope')}: no such directory\n`],
      [
        ['--root', dir],
        `svc-connector qa: .svc.yml: not found in ${dir}: add one at the repository root (source, targets, files)\n`,
      ],
      [
        ['--root', app, '--terms', join(dir, 'none.tbx')],
        `svc-connector qa: --terms ${join(dir, 'none.tbx')}: cannot read the file\n`,
      ],
    ];
    for (const [args, message] of cases) {
      const run = qa(...args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toBe(message);
    }
    writeFileSync(join(dir, '.svc.yml'), 'source: en\ntargets: [de]\nfiles: []\n');
    const bad = qa('--root', dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('svc-connector qa: .svc.yml: files: must list at least one entry\n');
    const unknown = qa('--bogus');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("error: unknown option '--bogus'");
  });
});
