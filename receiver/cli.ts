import type { Command } from 'commander';
import pino, { type Logger } from 'pino';
import { logLevelFromEnv, withEnvName } from '../src/config/env.ts';
import { parseDatabaseUrl } from '../src/db/url.ts';
import { requestIdMixin } from '../src/tracing/request-context.ts';
import type { ReceiverServices, ReceiverServicesFactory } from './dispatch.ts';
import type { RunningReceiver } from './main.ts';
import { secretKey } from './verify.ts';

const DB_HELP =
  'sqlite:PATH (default sqlite:./data/receiver.db), sqlite::memory: or postgres://… (env SVC_RECEIVER_DATABASE_URL)';

function databaseUrl(opt: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (opt !== undefined) return opt;
  const fromEnv = env.SVC_RECEIVER_DATABASE_URL;
  if (fromEnv) withEnvName('SVC_RECEIVER_DATABASE_URL', () => parseDatabaseUrl(fromEnv));
  return fromEnv || undefined;
}

/** SVC_WEBHOOK_SECRET: one `whsec_…` secret, or several separated by spaces or commas (rotation). */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const secrets = (env.SVC_WEBHOOK_SECRET ?? '').split(/[\s,]+/).filter(Boolean);
  if (secrets.length === 0) {
    throw new Error(
      "SVC_WEBHOOK_SECRET is not set: give the webhook configuration's signing secret (whsec_…)",
    );
  }
  // A secret that is not base64 would otherwise fail every delivery, not the start.
  for (const secret of secrets) withEnvName('SVC_WEBHOOK_SECRET', () => secretKey(secret));
  return secrets;
}

/**
 * The handlers' factory from receiver/handlers/index.ts (`createReceiverServices`), loaded on use
 * so `--help` and `dead-letters` need none of the GitHub side.
 */
async function loadServicesFactory(): Promise<ReceiverServicesFactory> {
  const mod = (await import('./handlers/index.ts')) as { createReceiverServices?: unknown };
  if (typeof mod.createReceiverServices !== 'function') {
    throw new Error('receiver/handlers/index.ts does not export createReceiverServices');
  }
  return mod.createReceiverServices as ReceiverServicesFactory;
}

export interface ReceiverCliOptions {
  port: string;
  host: string;
  db?: string;
}

/**
 * What `receiver` does before it waits for signals: reads the secret(s), builds the services,
 * opens the database and listens. Exported for tests; the command adds the signal handling.
 */
export async function runReceiver(
  opts: ReceiverCliOptions,
  context: { env: NodeJS.ProcessEnv; createServices?: ReceiverServicesFactory | undefined; log?: Logger },
): Promise<{ running: RunningReceiver; services: ReceiverServices }> {
  const { env } = context;
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be 0–65535, got ${opts.port}`);
  }
  const log =
    context.log ?? pino({ level: logLevelFromEnv(env, 'info'), mixin: requestIdMixin }, pino.destination(2));
  const secrets = secretsFromEnv(env);
  // Loaded on use: --help and dead-letters need no HTTP server.
  const { startReceiver, RECEIVER_TIMEOUTS } = await import('./main.ts');
  const { timeoutsFromEnv } = await import('../src/http/server-timeouts.ts');
  const timeouts = timeoutsFromEnv(env, RECEIVER_TIMEOUTS);
  const { openReceiverDatabase, DEFAULT_RECEIVER_DATABASE_URL } = await import('./store/open.ts');
  const database = await openReceiverDatabase(databaseUrl(opts.db, env) ?? DEFAULT_RECEIVER_DATABASE_URL);
  let services: ReceiverServices | undefined;
  try {
    services = await (context.createServices ?? (await loadServicesFactory()))({ env, log, db: database.db });
    const running = await startReceiver({
      port,
      host: opts.host,
      database,
      secrets,
      dispatcher: services.dispatcher,
      checkPlatform: services.checkPlatform,
      ...(services.reconcile ? { reconcile: services.reconcile } : {}),
      ...(services.storeOnly ? { storeOnly: services.storeOnly } : {}),
      ...workerFromEnv(env),
      timeouts,
      log,
    });
    return { running, services };
  } catch (err) {
    await services?.close?.();
    await database.close();
    throw err;
  }
}

/** SVC_RECEIVER_LEASE_MS and SVC_RECEIVER_POLL_MS: how long a handler's claim lasts, how often the queue is read. */
function workerFromEnv(env: NodeJS.ProcessEnv): { worker?: { leaseMs?: number; pollMs?: number } } {
  const ms = (name: string) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`${name} must be a whole number of milliseconds, got "${raw}"`);
    return n;
  };
  const leaseMs = ms('SVC_RECEIVER_LEASE_MS');
  const pollMs = ms('SVC_RECEIVER_POLL_MS');
  if (leaseMs === undefined && pollMs === undefined) return {};
  return { worker: { ...(leaseMs ? { leaseMs } : {}), ...(pollMs ? { pollMs } : {}) } };
}

/**
 * Adds `receiver [--port] [--host] [--db]` (run the webhook receiver) and
 * `receiver dead-letters [--retry ID] [--db]` to the CLI. `createServices` builds the dispatcher
 * and platform check (default: receiver/handlers/index.ts).
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
    .action(async (opts: ReceiverCliOptions) => {
      const { running, services } = await runReceiver(opts, { env: process.env, createServices });
      process.stdout.write(`receiver listening on ${running.url}\n`);
      const stop = () => {
        void running
          .close()
          .then(() => services.close?.())
          .then(() => process.exit(0));
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });

  receiver
    .command('dead-letters')
    .description('List events the receiver gave up on, or put one back in line')
    .option('--retry <id>', 'retry this dead event (attempts reset to 0)')
    .option('--db <url>', DB_HELP)
    .action(async (_opts: unknown, command: Command) => {
      // `--db` may be given before or after `dead-letters`; commander hands it to either command.
      const opts = command.optsWithGlobals<{ retry?: string; db?: string }>();
      const { openReceiverDatabase, DEFAULT_RECEIVER_DATABASE_URL } = await import('./store/open.ts');
      const { formatDeadLetters } = await import('./dead-letters-table.ts');
      const { listDeadLetters, retryDeadLetter } = await import('./store/dead-letters.ts');
      const database = await openReceiverDatabase(
        databaseUrl(opts.db, process.env) ?? DEFAULT_RECEIVER_DATABASE_URL,
      );
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
