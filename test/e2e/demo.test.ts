import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/processes.ts';

describe('npm run demo', () => {
  it('runs the loop in job and instant mode, waits for every language (or its gate holding it back), prints what changed per language, the PR and its diff, and exits 0 without a terminal', async () => {
    const child = spawn(process.execPath, [join(repoRoot, 'examples/demo.ts')], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).toContain('instant mode: uploaded 1 changed file, skipped 2');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^PR: http:\/\/127\.0\.0\.1:\d+\/acme\/example-app\/pull\/1\nCheck: svc-connector \/ l10n QA: success \(0 annotation\(s\)\)\n\(served by the demo's local GitHub double: the URL is gone when the demo ends\)\n/,
    );
    // Every target language carries the instant update before anything is printed — but Japanese,
    // which the example's gate holds back (its new string is machine output, not reviewed).
    for (const lang of ['de', 'fr'])
      expect(stdout).toContain(
        `  ${lang}:\n    locales/${lang}/checkout.json: 5 key(s) translated; the instant update changed pay\n`,
      );
    expect(stdout).toContain('  ja:\n    locales/ja/checkout.json: 5 key(s) translated\n');
    expect(stdout).toContain(
      'Held back: ja — 100 % translated, 94 % reviewed (gate 100); to ship: 1 unit left to review. Its files stay as they were last shipped',
    );
    // The app's locale list (created: Android's per-app language picker) names every language that
    // shipped; Japanese stays, its files as last shipped.
    expect(stdout).toContain('+++ b/android/app/src/main/res/xml/locales_config.xml');
    expect(stdout).toContain(
      '+    <locale android:name="en"/>\n+    <locale android:name="de"/>\n+    <locale android:name="fr"/>\n+    <locale android:name="ja"/>\n',
    );
    expect(stdout).toContain('The offline provider writes pseudo-translations');
    expect(stdout).toContain('SVC_MT_PROVIDER=openai');
    for (const path of [
      'locales/de/checkout.json',
      'locales/ja/common.json',
      'android/app/src/main/res/values-fr/strings.xml',
    ])
      expect(stdout).toContain(`+++ b/${path}`);
  }, 180_000);
});
