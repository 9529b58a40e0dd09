// Only types at the top: `svc-connector --help` loads none of the receiver (issue 35, item 9);
// each command loads what it needs when it runs.
import type { Command } from 'commander';
import type { Logger } from 'pino';
import type { ReceiverServicesFactory } from './contracts.ts';
import type { ReceiverFlags } from './settings.ts';
import type { StartedReceiver } from './start.ts';

const DB_HELP =
  'sqlite:PATH (default sqlite:./data/receiver.db), sqlite::memory: or postgres://… (env SVC_RECEIVER_DATABASE_URL)';

/**
 * What `receiver` does before it waits for signals: reads the settings from the flags and the
 * environment and starts the receiver (start.ts). Exported for tests, which may build the
 * services themselves; the command adds the signal handling.
 */
export async function runReceiver(
  flags: ReceiverFlags,
  context: { env: NodeJS.ProcessEnv; createServices?: ReceiverServicesFactory | undefined; log?: Logger },
): Promise<{ running: StartedReceiver; services: StartedReceiver['services'] }> {
  const { env } = context;
  const { receiverSettingsFromEnv } = await import('./settings.ts');
  const settings = receiverSettingsFromEnv(env, flags);
  const log = context.log ?? (await defaultLog(env));
  // Loaded on use: --help and dead-letters need neither the HTTP server nor the GitHub side.
  const { startReceiver } = await import('./start.ts');
  const running = await startReceiver(settings, {
    log,
    ...(context.createServices ? { services: context.createServices } : {}),
  });
  return { running, services: running.services };
}

/** pino on stderr at LOG_LEVEL (default info), each line with its request id. */
async function defaultLog(env: NodeJS.ProcessEnv): Promise<Logger> {
  const { default: pino } = await import('pino');
  const { logLevelFromEnv } = await import('../src/config/env.ts');
  const { requestIdMixin } = await import('../src/tracing/request-context.ts');
  return pino({ level: logLevelFromEnv(env, 'info'), mixin: requestIdMixin }, pino.destination(2));
}

/** Stops the receiver on SIGTERM or SIGINT, then exits. */
export function stopOnSignals(running: StartedReceiver): void {
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * Adds `receiver [--port] [--host] [--db]` (run the webhook receiver) and
 * `receiver dead-letters [--retry ID] [--db]` to the CLI. `createServices` builds the handlers
 * and platform check instead of the settings' (tests).
 */
export function receiverCommand(program: Command, createServices?: ReceiverServicesFactory): void {
  const receiver = program
    .command('receiver')
    .description('Run the webhook receiver: verify platform events, store them durably, open pull requests')
    .option('--port <n>', 'port to listen on', '8090')
    .option('--host <h>', 'address to listen on', '127.0.0.1')
    .option('--db <url>', DB_HELP)
    .addHelpText(
      'after',
      `
Environment: SVC_WEBHOOK_SECRET (whsec_…; several separated by spaces while rotating), SVC_API_URL,
SVC_API_KEY, GITHUB_TOKEN or GITHUB_APP_ID + GITHUB_APP_PRIVATE_KEY, GITHUB_API_URL,
RECEIVER_ALLOWED_REPOS. The platform's webhook configuration points at http(s)://HOST:PORT/webhooks.
GET /healthz, /readyz and /metrics serve probes and Prometheus.`,
    )
    .action(async (opts: ReceiverFlags) => {
      const { running } = await runReceiver(opts, { env: process.env, createServices });
      process.stdout.write(`receiver listening on ${running.url}\n`);
      stopOnSignals(running);
    });

  receiver
    .command('dead-letters')
    .description('List events the receiver gave up on, or put one back in line')
    .option('--retry <id>', 'retry this dead event (attempts reset to 0)')
    .option('--db <url>', DB_HELP)
    .action(async (_opts: unknown, command: Command) => {
      // `--db` may be given before or after `dead-letters`; commander hands it to either command.
      const opts = command.optsWithGlobals<{ retry?: string; db?: string }>();
      const { receiverDatabaseUrl } = await import('./settings.ts');
      const { openReceiverDatabase } = await import('./store/open.ts');
      const { formatDeadLetters } = await import('./dead-letters-table.ts');
      const { listDeadLetters, retryDeadLetter } = await import('./store/dead-letters.ts');
      const database = await openReceiverDatabase(receiverDatabaseUrl(opts.db, process.env));
      try {
        if (opts.retry === undefined) {
          process.stdout.write(formatDeadLetters(await listDeadLetters(database.db)));
          return;
        }
        const id = Number(opts.retry);
        if (!Number.isInteger(id) || id <= 0) throw new Error(`--retry needs an event id, got ${opts.retry}`);
        if (!(await retryDeadLetter(database.db, id, Date.now()))) {
          throw new Error(`no dead event with id ${id}`);
        }
        process.stdout.write(`event ${id} is pending again; a running receiver picks it up\n`);
      } finally {
        await database.close();
      }
    });
}
