/**
 * `npm run demo`: the whole loop on examples/app, on this machine only. The platform and the
 * webhook receiver run as `svc-connector up` runs them (SQLite files in a temporary folder), a
 * local GitHub double (test/support/fake-github: GitHub's REST API over a real bare git
 * repository) holds examples/app as `acme/example-app`, and the committed Action (dist/index.js)
 * runs the way a GitHub runner runs it:
 *   1. job mode: the source files are uploaded and one job created; the platform delivers it
 *      (SVC_AUTO_DELIVER_MS), the signed JOB_DELIVER webhook reaches the receiver, which opens the PR;
 *   2. instant mode: a source string changes, only that file is uploaded and machine-translated,
 *      and the receiver adds the result to the same PR — except for Japanese, which the example's
 *      `ship:` gate holds back until people review the new string (machine output is not reviewed).
 * It waits until every target language's file carries the change or the PR says the language is
 * held back, then prints `PR: <url>`, the languages held back and why, what changed per language
 * (files, and the keys the instant update changed) and the pull request's diff. The URL is the local double's: on a terminal the demo keeps it up until Enter or Ctrl-C;
 * otherwise (CI) it says so and exits 0.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Octokit } from '@octokit/rest';
import pino from 'pino';
import { poll } from '../src/api/index.ts';
import { startLocalStack } from '../src/cli/local-stack.ts';
import { settingsFrom, sourcesOf, targetPathOf } from '../src/config/settings.ts';
import { checkout, runAction } from '../test/support/action-runner.ts';
import { startFakeGitHub } from '../test/support/fake-github/index.ts';

const app = join(import.meta.dirname, 'app');
const say = (line: string) => process.stderr.write(`» ${line}\n`);

async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = await readFile(path, 'utf8');
  }
  return out;
}

/** The keys of a string file: JSON's dotted paths, Android's string names. */
function entriesOf(path: string, text: string): Map<string, string> {
  const entries = new Map<string, string>();
  if (text === '') return entries;
  if (path.endsWith('.json')) {
    const walk = (value: unknown, prefix: string) => {
      if (value !== null && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
      else entries.set(prefix, String(value));
    };
    walk(JSON.parse(text), '');
  } else {
    for (const m of text.matchAll(/<(string|plurals)\s+name="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g))
      entries.set(m[2]!, m[3]!);
  }
  return entries;
}
const keysOf = (path: string, text: string) => [...entriesOf(path, text).keys()];
function changedKeys(path: string, before: string, after: string): string[] {
  const old = entriesOf(path, before);
  return [...entriesOf(path, after)].filter(([k, v]) => old.get(k) !== v).map(([k]) => k);
}

const work = await mkdtemp(join(tmpdir(), 'svc-demo-'));
const gh = await startFakeGitHub({
  repos: [{ owner: 'acme', name: 'example-app', defaultBranch: 'main', files: await filesOf(app) }],
});
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const octokit = new Octokit({ auth: gh.token, baseUrl: gh.url, log: quiet });
const stack = await startLocalStack({
  dataDir: join(work, 'data'),
  port: 0,
  receiverPort: 0,
  env: {
    SVC_AUTO_DELIVER_MS: '500',
    RECEIVER_ALLOWED_REPOS: 'acme/*',
    // The receiver reaches GitHub as an App, as deployed: installation tokens start workflows and
    // may create the QA check run.
    GITHUB_API_URL: gh.url,
    GITHUB_APP_ID: String(gh.app.id),
    GITHUB_APP_PRIVATE_KEY: gh.app.privateKey,
    SVC_WEBHOOK_RETRY_SCALE: '0.01',
    // A real machine translation provider, when one is configured (README: SVC_MT_PROVIDER).
    ...Object.fromEntries(
      Object.entries(process.env).filter(([k]) => /^SVC_(MT|OPENAI|LIBRETRANSLATE)_/.test(k)),
    ),
  },
  log: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
});
say(`platform ${stack.platformUrl}, receiver ${stack.receiverUrl}, GitHub double ${gh.url}`);

const repo = { owner: 'acme', repo: 'example-app' };
const settings = settingsFrom(await readFile(join(app, '.svc.yml'), 'utf8'), '.svc.yml', { base: 'main' });
async function action(mode: 'job' | 'instant') {
  const workspace = await checkout(gh.repoPath(repo.owner, repo.repo));
  try {
    const run = await runAction({
      inputs: { 'api-url': stack.platformUrl, 'api-key': stack.apiKey, mode },
      workspace,
      repository: `${repo.owner}/${repo.repo}`,
      env: { GITHUB_API_URL: gh.url },
    });
    if (run.code !== 0) throw new Error(`the Action failed:\n${run.stdout}${run.stderr}`);
    return run.outputs;
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
/** The text of a file on the l10n branch ('' while there is none). */
const onBranch = async (path: string) => {
  try {
    const { data } = await octokit.rest.repos.getContent({ ...repo, path, ref: 'svc-l10n/main' });
    return !Array.isArray(data) && 'content' in data
      ? Buffer.from(data.content, 'base64').toString('utf8')
      : '';
  } catch {
    return '';
  }
};
const wait = <T>(what: () => Promise<T>, until: (v: T) => boolean) =>
  poll(what, {
    until,
    intervalMs: 200,
    maxIntervalMs: 1000,
    timeoutMs: Number(process.env.DEMO_TIMEOUT_MS ?? 120_000),
  });

try {
  const job = await action('job');
  say(
    `job mode: uploaded ${job['uploaded-count']} files, job ${job['job-id']} created; waiting for delivery and the PR`,
  );
  const [pr] = await wait(
    async () => gh.pulls(repo.owner, repo.repo),
    (list) => list.length > 0,
  );
  // The file the instant update changes, and its translation in every target language.
  const changedSource = 'locales/en/checkout.json';
  const targetsOf = (source: string) =>
    settings.targets.map((lang) => ({ lang, path: targetPathOf(settings, source, lang) }));
  const before = new Map<string, string>();
  for (const t of targetsOf(changedSource))
    before.set(
      t.path,
      await wait(
        () => onBranch(t.path),
        (text) => text !== '',
      ),
    );

  await gh.commitAs(
    repo.owner,
    repo.repo,
    'main',
    {
      [changedSource]: (await readFile(join(app, changedSource), 'utf8')).replace(
        '"Pay now"',
        '"Pay securely now"',
      ),
    },
    'Reword the pay button',
  );
  const instant = await action('instant');
  say(
    `instant mode: uploaded ${instant['uploaded-count']} changed file, skipped ${instant['skipped-count']}; waiting until ${settings.targets.join(', ')} carry the change or are held back`,
  );
  // Every language's file, not the first to arrive: the receiver may commit them one by one. A
  // language its gate holds back keeps its file as last shipped; the PR body says so.
  const after = new Map<string, string>();
  const held = new Map<string, string>();
  const heldRow = async (lang: string) => {
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pr!.number });
    return (data.body ?? '').split('\n').find((l) => l.startsWith(`| ${lang} | all | **held back** |`));
  };
  for (const t of targetsOf(changedSource)) {
    const seen = await wait(
      async () => ({ text: await onBranch(t.path), row: await heldRow(t.lang) }),
      ({ text, row }) => (text !== '' && text !== before.get(t.path)) || row !== undefined,
    );
    if (seen.row) held.set(t.lang, seen.row);
    else after.set(t.path, seen.text);
  }

  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    ...repo,
    basehead: 'main...svc-l10n/main',
  });
  const { data: pull } = await octokit.rest.pulls.get({ ...repo, pull_number: pr!.number });
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out(`PR: ${pull.html_url}`);
  // The receiver creates the QA check on the head right after its commit.
  const checks = await wait(
    async () => (await octokit.rest.checks.listForRef({ ...repo, ref: pull.head.sha })).data.check_runs,
    (runs) => runs.some((run) => run.status === 'completed'),
  );
  for (const run of checks.filter((r) => r.status === 'completed')) {
    const { data: annotations } = await octokit.rest.checks.listAnnotations({
      ...repo,
      check_run_id: run.id,
    });
    out(`Check: ${run.name}: ${run.conclusion} (${annotations.length} annotation(s))`);
    for (const a of annotations.slice(0, 5))
      out(`  ${a.path}:${a.start_line}: ${a.annotation_level}: ${a.message}`);
  }
  out(
    process.stdin.isTTY
      ? "(served by the demo's local GitHub double: it works until you press Enter or Ctrl-C)"
      : "(served by the demo's local GitHub double: the URL is gone when the demo ends)",
  );
  out();
  for (const [lang, row] of held) {
    const [, , , , figures, missing] = row.split('|').map((c) => c.trim());
    out(
      `Held back: ${lang} — ${figures}; to ship: ${missing}. Its files stay as they were last shipped (the gate in examples/app/.svc.yml: ship.languages.${lang}).`,
    );
  }
  if (held.size > 0) out();
  const inPull = new Set((data.files ?? []).map((f) => f.filename));
  const sources = (await sourcesOf(settings, app)).map((s) => s.path);
  out('What changed, per language:');
  for (const lang of settings.targets) {
    out(`  ${lang}:`);
    for (const source of sources) {
      const path = targetPathOf(settings, source, lang);
      if (!inPull.has(path)) continue;
      const keys = keysOf(path, await onBranch(path));
      const changed = after.has(path) ? changedKeys(path, before.get(path)!, after.get(path)!) : [];
      out(
        `    ${path}: ${keys.length} key(s) translated` +
          (changed.length > 0 ? `; the instant update changed ${changed.join(', ')}` : ''),
      );
    }
  }
  out();
  out(
    `The translations come from the platform's machine translation provider, here "${process.env.SVC_MT_PROVIDER || 'offline'}".`,
  );
  if (!process.env.SVC_MT_PROVIDER || process.env.SVC_MT_PROVIDER === 'offline')
    out(
      'The offline provider writes pseudo-translations (a deterministic stand-in, not real German, French or Japanese). ' +
        'For real ones run the demo again with SVC_MT_PROVIDER=openai (SVC_OPENAI_BASE_URL, SVC_OPENAI_API_KEY, SVC_OPENAI_MODEL) ' +
        'or SVC_MT_PROVIDER=libretranslate (SVC_LIBRETRANSLATE_URL); see the README, "Translation memory and machine translation".',
    );
  out();
  for (const file of data.files ?? [])
    process.stdout.write(
      `diff --git a/${file.filename} b/${file.filename}\n--- a/${file.filename}\n+++ b/${file.filename}\n${file.patch ?? ''}\n`,
    );
  if (process.stdin.isTTY) {
    say('press Enter or Ctrl-C to stop the demo (and its GitHub double)');
    await new Promise<void>((resolve) => {
      process.stdin.once('data', () => resolve());
      process.once('SIGINT', () => resolve());
    });
    process.stdin.pause();
  }
} finally {
  await stack.close();
  await gh.close();
  await rm(work, { recursive: true, force: true });
}
