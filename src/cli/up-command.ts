import { join, resolve } from 'node:path';
import type { Command } from 'commander';

export function upCommand(program: Command): void {
  program
    .command('up')
    .description(
      'Run the platform and the webhook receiver together on loopback (embedded SQLite under ./data)',
    )
    .option('--data <dir>', 'where the databases, the API key and the webhook secret are kept', './data')
    .option('--port <n>', 'platform port', '8080')
    .option('--receiver-port <n>', 'receiver port', '8090')
    .addHelpText(
      'after',
      `
The receiver opens pull requests with GITHUB_TOKEN (or GITHUB_APP_ID + GITHUB_APP_PRIVATE_KEY) on
GITHUB_API_URL, for the repositories in RECEIVER_ALLOWED_REPOS (default: any). On the first start
the API key is printed once and kept in DIR/api-key.`,
    )
    .action(async (opts: { data: string; port: string; receiverPort: string }) => {
      const port = (name: string, raw: string) => {
        const n = Number(raw);
        if (!Number.isInteger(n) || n < 0 || n > 65535)
          throw new Error(`--${name} must be 0–65535, got ${raw}`);
        return n;
      };
      // Loaded on use, as every command's modules: --help loads none (issue 35, item 9).
      const { default: pino } = await import('pino');
      const { logLevelFromEnv } = await import('../config/env.ts');
      const { requestIdMixin } = await import('../tracing/request-context.ts');
      const { assertPortFree } = await import('../http/listen.ts');
      const log = pino(
        { level: logLevelFromEnv(process.env, 'warn'), mixin: requestIdMixin },
        pino.destination(2),
      );
      // Busy ports are reported before the platform's and receiver's modules load.
      await assertPortFree(port('port', opts.port), '127.0.0.1');
      await assertPortFree(port('receiver-port', opts.receiverPort), '127.0.0.1', '--receiver-port');
      const { startLocalStack } = await import('./local-stack.ts');
      const stack = await startLocalStack({
        dataDir: resolve(opts.data),
        port: port('port', opts.port),
        receiverPort: port('receiver-port', opts.receiverPort),
        env: process.env,
        log,
      });
      if (stack.reissued)
        process.stderr.write(
          `${join(resolve(opts.data), 'api-key')} was missing: issued admin@localhost a new API key (kept there)\n`,
        );
      if (stack.created) process.stdout.write(`SVC_API_KEY=${stack.apiKey}\n`);
      // Handlers first: whoever reads "listening" may stop the stack at once.
      const stop = () => void stack.close().then(() => process.exit(0));
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      process.stdout.write(
        `platform listening on ${stack.platformUrl}\nreceiver listening on ${stack.receiverUrl}\n`,
      );
    });
}
