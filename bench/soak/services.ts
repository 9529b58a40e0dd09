/**
 * The platform (`svc-connector server`) and the receiver (`svc-connector receiver`) as separate
 * child processes on fixed loopback ports, each on its own SQLite file, so either can be stopped
 * — SIGTERM to shut down gracefully, SIGKILL to crash — and started again on the same state.
 */
import { appendFileSync } from 'node:fs';
import { type CliProcess, runCli } from '../../test/support/processes.ts';

export type ServiceName = 'platform' | 'receiver';

export interface Service {
  name: ServiceName;
  /** 1 for the first start, counting up with each restart. */
  readonly instance: number;
  /** The running process's id (undefined while stopped). */
  pid(): number | undefined;
  /** When the running instance started (Date.now()). */
  readonly startedAt: number;
  start(): Promise<void>;
  /** Stops it with `signal`; a SIGTERM that does not end in exit code 0 is recorded in `unclean`. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Exits nobody asked for (crashes), and stops that did not exit cleanly. */
  readonly unclean: string[];
}

/** How long a start may take before the soak gives up on it. */
const START_TIMEOUT_MS = 60_000;

/**
 * A CLI service started with `args` and `env`, ready once stdout shows `ready`; what each instance
 * writes on stderr (its warnings and errors) is appended to `logFile` when it ends.
 */
export function cliService(
  name: ServiceName,
  args: string[],
  env: () => NodeJS.ProcessEnv,
  ready: RegExp,
  logFile: string,
): Service {
  let cli: CliProcess | undefined;
  let instance = 0;
  let startedAt = 0;
  let stopping = false;
  const unclean: string[] = [];
  const keep = (c: CliProcess, n: number, how: string) =>
    appendFileSync(logFile, `--- ${name} #${n} (${how})\n${c.stderr.join('')}`);
  return {
    name,
    get instance() {
      return instance;
    },
    get startedAt() {
      return startedAt;
    },
    unclean,
    pid: () => cli?.child.pid,
    async start() {
      instance++;
      stopping = false;
      startedAt = Date.now();
      const started = runCli(args, { LOG_LEVEL: 'warn', ...env() });
      cli = started;
      const n = instance;
      void started.exit.then((code) => {
        if (stopping || cli !== started) return;
        unclean.push(`${name} #${n} exited by itself (code ${code})`);
        keep(started, n, `exited by itself, code ${code}`);
      });
      await started.waitFor(ready, START_TIMEOUT_MS);
    },
    async stop(signal) {
      const running = cli;
      if (!running) return;
      stopping = true;
      const code = await running.stop(signal);
      keep(running, instance, `${signal}, exit ${code}`);
      cli = undefined;
      if (signal === 'SIGTERM' && code !== 0)
        unclean.push(
          `${name} #${instance} exited ${code} after SIGTERM: ${running.stderr.join('').slice(-400)}`,
        );
    },
  };
}

/** The platform, on `sqlite:<dataDir>/platform.db`, writing its first key to `<dataDir>/api-key`. */
export function platformService(o: { dataDir: string; port: number; env: NodeJS.ProcessEnv }): Service {
  return cliService(
    'platform',
    [
      'server',
      '--port',
      String(o.port),
      '--db',
      `sqlite:${o.dataDir}/platform.db`,
      '--key-file',
      `${o.dataDir}/api-key`,
    ],
    () => o.env,
    /platform listening on/,
    `${o.dataDir}/platform.log`,
  );
}

/** The receiver, on `sqlite:<dataDir>/receiver.db`; `env` is read at each start (the secret comes later). */
export function receiverService(o: { dataDir: string; port: number; env: () => NodeJS.ProcessEnv }): Service {
  return cliService(
    'receiver',
    ['receiver', '--port', String(o.port), '--db', `sqlite:${o.dataDir}/receiver.db`],
    o.env,
    /receiver listening on/,
    `${o.dataDir}/receiver.log`,
  );
}
