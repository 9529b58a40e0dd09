/**
 * `npm run demo`: the whole loop on examples/app, on this machine only. The platform and the
 * webhook receiver run as `svc-connector up` runs them (SQLite files in a temporary folder), a
 * local GitHub double (test/support/fake-github: GitHub's REST API over a real bare git
 * repository) holds examples/app as `acme/example-app`, and the committed Action (dist/index.js)
 * runs the way a GitHub runner runs it:
 *   1. job mode: the source files are uploaded and one job created; the platform delivers it
 *      (SVC_AUTO_DELIVER_MS), the signed JOB_DELIVER webhook reaches the receiver, which opens the PR;
 *   2. instant mode: a source string changes, only that file is uploaded and machine-translated,
 *      and the receiver adds the result to the same PR.
 * Ends by printing `PR: <url>` and the pull request's diff; exits 0.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Octokit } from '@octokit/rest';
import pino from 'pino';
import { poll } from '../src/api/index.ts';
import { startLocalStack } from '../src/cli/local-stack.ts';
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
  env: { SVC_AUTO_DELIVER_MS: '500', RECEIVER_ALLOWED_REPOS: 'acme/*', SVC_WEBHOOK_RETRY_SCALE: '0.01' },
  log: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
  github: async () => octokit,
});
say(`platform ${stack.platformUrl}, receiver ${stack.receiverUrl}, GitHub double ${gh.url}`);

const repo = { owner: 'acme', repo: 'example-app' };
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
  const before = await onBranch('locales/de/checkout.json');

  await gh.commitAs(
    repo.owner,
    repo.repo,
    'main',
    {
      'locales/en/checkout.json': (await readFile(join(app, 'locales/en/checkout.json'), 'utf8')).replace(
        '"Pay now"',
        '"Pay securely now"',
      ),
    },
    'Reword the pay button',
  );
  const instant = await action('instant');
  say(
    `instant mode: uploaded ${instant['uploaded-count']} changed file, skipped ${instant['skipped-count']}; waiting for the PR update`,
  );
  await wait(
    () => onBranch('locales/de/checkout.json'),
    (now) => now !== before,
  );

  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    ...repo,
    basehead: 'main...svc-l10n/main',
  });
  const { data: pull } = await octokit.rest.pulls.get({ ...repo, pull_number: pr!.number });
  process.stdout.write(`PR: ${pull.html_url}\n\n`);
  for (const file of data.files ?? [])
    process.stdout.write(
      `diff --git a/${file.filename} b/${file.filename}\n--- a/${file.filename}\n+++ b/${file.filename}\n${file.patch ?? ''}\n`,
    );
} finally {
  await stack.close();
  await gh.close();
  await rm(work, { recursive: true, force: true });
}
