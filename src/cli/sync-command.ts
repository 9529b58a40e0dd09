import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { urlFromEnv } from '../config/env.ts';

/** `owner/name` of a GitHub remote URL (https or ssh), or undefined. */
export function repositoryOfRemote(url: string): { owner: string; repo: string } | undefined {
  const match = /[/:]([^/:]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url.trim());
  return match ? { owner: match[1]!, repo: match[2]! } : undefined;
}

/**
 * The web address of a repository for code links: the https form of its remote's host
 * (`git@ghe.example.com:o/r.git` → `https://ghe.example.com/o/r`), github.com otherwise.
 */
export function repositoryWebUrl(
  remote: string | undefined,
  repository: { owner: string; repo: string },
): string {
  const host =
    remote === undefined
      ? undefined
      : (/^https?:\/\/(?:[^@/]+@)?([^/:]+)/.exec(remote.trim()) ??
          /^(?:ssh:\/\/)?[^@/]+@([^/:]+)[:/]/.exec(remote.trim()))?.[1];
  return `https://${host ?? 'github.com'}/${repository.owner}/${repository.repo}`;
}

/** A git command's output in `cwd`, or undefined when it fails (no repository, no such ref). */
export function git(cwd: string, ...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function syncCommand(program: Command): void {
  program
    .command('sync')
    .description(
      "Run the GitHub Action's logic locally: upload changed source files, create a job or instant translations",
    )
    .option('--config <file>', 'configuration file', '.svc.yml')
    .option('--mode <mode>', 'job or instant (overrides the config)')
    .option('--dir <path>', 'repository checkout', '.')
    .option('--repo <owner/name>', 'repository the files belong to (default: the origin remote)')
    .option('--ref <branch>', 'branch the files are for (default: the current branch)')
    .option('--write', 'instant mode: wait for the translations and write them into the working tree')
    .option(
      '--all',
      'resend everything: ignore what earlier runs uploaded and recorded (existing translations are kept)',
    )
    .option('--dry-run', 'print what would be uploaded and created; change nothing')
    .addHelpText(
      'after',
      `
Environment: SVC_API_URL (default http://127.0.0.1:8080) and SVC_API_KEY.

Examples:
  svc-connector sync --dry-run
  svc-connector sync --mode instant --write`,
    )
    .action(async (opts: Record<string, string | boolean | undefined>) => {
      const apiKey = process.env.SVC_API_KEY;
      if (!apiKey) throw new Error('SVC_API_KEY is not set: export the platform API key');
      const dir = resolve(String(opts.dir));
      const mode = opts.mode as string | undefined;
      if (mode !== undefined && mode !== 'job' && mode !== 'instant')
        throw new Error(`--mode must be job or instant, got "${mode}"`);
      const { parseRepository } = await import('../github/client.ts');
      const remote = opts.repo ? undefined : git(dir, 'remote', 'get-url', 'origin');
      const repository = opts.repo
        ? parseRepository(String(opts.repo))
        : remote
          ? repositoryOfRemote(remote)
          : undefined;
      if (!repository) throw new Error('cannot tell the repository: pass --repo owner/name');
      const ref = (opts.ref as string | undefined) ?? git(dir, 'symbolic-ref', '--short', 'HEAD');
      if (!ref || ref === 'HEAD') throw new Error('cannot tell the branch: pass --ref BRANCH');

      const { createClient, limitsFromEnv } = await import('../api/index.ts');
      const { settingsFrom } = await import('../config/settings.ts');
      const { runSync } = await import('../sync/run.ts');
      const { syncSummary } = await import('../sync/summary.ts');
      const configFile = String(opts.config);
      const text = await readFile(join(dir, configFile), 'utf8').catch(() => {
        throw new Error(`${configFile}: no such file in ${dir}`);
      });
      const settings = settingsFrom(text, configFile, { mode, base: ref });
      const client = createClient({
        baseUrl: urlFromEnv(process.env, 'SVC_API_URL', 'http://127.0.0.1:8080'),
        apiKey,
        ...limitsFromEnv(process.env),
      });
      try {
        const result = await runSync({
          client,
          workspace: dir,
          settings,
          origin: { ...repository, ref, sha: git(dir, 'rev-parse', 'HEAD') },
          // The origin's default branch (`removed_keys: keep-until-merged`), when the clone knows it.
          defaultBranch: git(dir, 'symbolic-ref', '--short', 'refs/remotes/origin/HEAD')?.replace(
            /^origin\//,
            '',
          ),
          repositoryUrl: repositoryWebUrl(git(dir, 'remote', 'get-url', 'origin'), repository),
          dryRun: Boolean(opts.dryRun),
          all: Boolean(opts.all),
          ...(opts.write
            ? {
                sink: async (files) => {
                  for (const f of files) {
                    await mkdir(dirname(join(dir, f.path)), { recursive: true });
                    await writeFile(join(dir, f.path), f.content);
                    process.stdout.write(`wrote ${f.path}\n`);
                  }
                  return undefined;
                },
              }
            : {}),
          log: {
            info: (m) => process.stderr.write(`${m}\n`),
            debug: () => {},
            warning: (m) => process.stderr.write(`warning: ${m}\n`),
          },
        });
        const summary = { targets: settings.targets, dryRun: Boolean(opts.dryRun) };
        process.stdout.write(syncSummary(result, { ...summary, format: 'text' }));
        // Markdown only where it is rendered: a GitHub step summary, when run inside a workflow.
        const stepSummary = process.env.GITHUB_STEP_SUMMARY;
        if (stepSummary) await appendFile(stepSummary, syncSummary(result, summary));
        if (result.problems.length > 0) {
          for (const p of result.problems)
            process.stderr.write(`${p.path}:${p.line ?? 1}:${p.column ?? 1}: ${p.message}\n`);
          process.exitCode = 1;
        }
        if (result.failures.length > 0) {
          for (const f of result.failures)
            process.stderr.write(`${f.sourcePath} → ${f.target}: translation failed: ${f.message}\n`);
          process.exitCode = 1;
        }
      } finally {
        await client.close();
      }
    });
}
