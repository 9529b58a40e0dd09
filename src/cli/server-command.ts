import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { withEnvName } from '../config/env.ts';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from '../db/url.ts';
import { assertPortFree } from '../http/listen.ts';

/** SVC_DATABASE_URL, checked here so that its error names it. */
function databaseUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SVC_DATABASE_URL;
  if (!raw) return undefined;
  withEnvName('SVC_DATABASE_URL', () => parseDatabaseUrl(raw));
  return raw;
}

export function serverCommand(program: Command): void {
  program
    .command('server')
    .description('Run the translation platform API (the embedded default all other parts talk to)')
    .option('--port <n>', 'port to listen on', '8080')
    .option('--host <h>', 'address to listen on; plain HTTP only on loopback', '127.0.0.1')
    .option('--db <url>', 'sqlite:PATH, sqlite::memory: or postgres://… (env SVC_DATABASE_URL)')
    .option('--key-file <path>', 'on first start, also write the bootstrap API key to this file')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM)')
    .option('--tls-key <file>', 'private key for --tls-cert (PEM)')
    .option('--trust-proxy', 'plain HTTP on any address because a proxy in front terminates TLS')
    .addHelpText(
      'after',
      `
On an empty database it creates organization "default", user admin@localhost (admin) and one API
key, and prints SVC_API_KEY=svc_… once. Send the key as HTTP Basic key:key.

Examples:
  svc-connector server                                # SQLite under ./data, http://127.0.0.1:8080
  svc-connector server --db postgres://svc@localhost/svc --port 9000
  svc-connector server --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem`,
    )
    .action(async (opts: Record<string, string | boolean | undefined>) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error(`--port must be 0–65535, got ${opts.port}`);
      // A busy port is reported before the server's modules load (seconds on a busy machine).
      await assertPortFree(port, String(opts.host));
      // Loaded on use: extract, merge and --help need none of the server.
      const { startServer } = await import('../../server/main.ts');
      const running = await startServer({
        port,
        host: String(opts.host),
        databaseUrl:
          (opts.db as string | undefined) ?? databaseUrlFromEnv(process.env) ?? DEFAULT_DATABASE_URL,
        ...(opts.tlsCert ? { tlsCert: String(opts.tlsCert) } : {}),
        ...(opts.tlsKey ? { tlsKey: String(opts.tlsKey) } : {}),
        trustProxy: Boolean(opts.trustProxy),
      });
      if (running.bootstrapKey) {
        process.stdout.write(`SVC_API_KEY=${running.bootstrapKey}\n`);
        if (opts.keyFile) writeFileSync(String(opts.keyFile), `${running.bootstrapKey}\n`, { mode: 0o600 });
      } else if (opts.keyFile) {
        process.stderr.write(
          `database already initialised: its first API key was printed on its first start only, so ${opts.keyFile} ` +
            'was not written; create another with a key you hold (POST /v2/api-keys)\n',
        );
      }
      // Handlers first: whoever reads "listening" may stop the server at once.
      const stop = () => void running.close().then(() => process.exit(0));
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      process.stdout.write(`platform listening on ${running.url}\n`);
    });
}
