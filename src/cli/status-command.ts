import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { urlFromEnv } from '../config/env.ts';
import { CliExit } from './exit.ts';
import { git, repositoryOfRemote } from './sync-command.ts';

/** Bad usage or configuration: explained on stderr, exit code 2. */
function usage(message: string): never {
  process.stderr.write(`svc-connector status: ${message}\n`);
  throw new CliExit(2);
}

/**
 * `svc-connector status`: each language's progress as the last sync recorded it for a branch
 * (src/ship/progress.ts) — what the pull request body and the receiver's badge say.
 */
export function statusCommand(program: Command): void {
  program
    .command('status')
    .description('Print each language: units, translated, reviewed, its gate, shipped or held back')
    .option('--config <file>', 'configuration file', '.svc.yml')
    .option('--dir <path>', 'repository checkout', '.')
    .option('--repo <owner/name>', 'repository (default: the origin remote)')
    .option('--ref <branch>', 'branch (default: the current branch)')
    .option('--format <format>', 'text or json', 'text')
    .addHelpText('after', '\nEnvironment: SVC_API_URL (default http://127.0.0.1:8080) and SVC_API_KEY.')
    .exitOverride((error) => {
      throw new CliExit(error.exitCode === 0 ? 0 : 2);
    })
    .action(async (opts: { config: string; dir: string; repo?: string; ref?: string; format: string }) => {
      if (opts.format !== 'text' && opts.format !== 'json')
        usage(`--format must be text or json, got "${opts.format}"`);
      const apiKey = process.env.SVC_API_KEY;
      if (!apiKey) usage('SVC_API_KEY is not set: export the platform API key');
      const dir = resolve(opts.dir);
      const { parseRepository } = await import('../github/client.ts');
      const remote = opts.repo ? undefined : git(dir, 'remote', 'get-url', 'origin');
      const repository = opts.repo
        ? parseRepository(opts.repo)
        : remote
          ? repositoryOfRemote(remote)
          : undefined;
      if (!repository) usage('cannot tell the repository: pass --repo owner/name');
      const ref = opts.ref ?? git(dir, 'symbolic-ref', '--short', 'HEAD');
      if (!ref || ref === 'HEAD') usage('cannot tell the branch: pass --ref BRANCH');
      const { ConfigError, loadConfig } = await import('../config/index.ts');
      const text = await readFile(join(dir, opts.config), 'utf8').catch(() =>
        usage(`${opts.config}: no such file in ${dir}`),
      );
      let config: ReturnType<typeof loadConfig>;
      try {
        config = loadConfig(text, { fileName: opts.config });
      } catch (error) {
        if (error instanceof ConfigError) usage(error.message);
        throw error;
      }
      const { createClient } = await import('../api/index.ts');
      const { recordedState } = await import('../contracts/sync-state.ts');
      const { progressOf, renderProgress } = await import('../ship/progress.ts');
      const client = createClient({
        baseUrl: urlFromEnv(process.env, 'SVC_API_URL', 'http://127.0.0.1:8080'),
        apiKey,
      });
      try {
        const state = await recordedState(
          client,
          { ...repository, ref },
          {
            warn: (m) => process.stderr.write(`warning: ${m}\n`),
          },
        );
        const progress = progressOf(config, state);
        process.stdout.write(
          opts.format === 'json' ? `${JSON.stringify({ languages: progress })}\n` : renderProgress(progress),
        );
      } finally {
        await client.close();
      }
    });
}
