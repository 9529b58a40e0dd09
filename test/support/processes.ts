import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface CliProcess {
  child: ChildProcess;
  /** Lines printed on stdout so far. */
  stdout: string[];
  stderr: string[];
  /** Resolves with the exit code once the process has ended. */
  exit: Promise<number | null>;
  /** Resolves with the first stdout line matching the pattern. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `svc-connector ARGS` (the repository's CLI) as a child process. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  return runScript(join(repoRoot, 'src/cli/main.ts'), args, { env });
}

/** Runs a Node script (an installed package's bin, the repository's CLI) as a child process. */
export function runScript(
  script: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): CliProcess {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      stdout.push(line);
      for (const w of [...waiters]) {
        const m = line.match(w.pattern);
        if (m) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
      nl = buffered.indexOf('\n');
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const exited = once(child, 'exit');
  return {
    child,
    stdout,
    stderr,
    exit: exited.then(([code]) => code as number | null),
    waitFor(pattern, timeoutMs = 20_000) {
      for (const line of stdout) {
        const m = line.match(pattern);
        if (m) return Promise.resolve(m);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no line matching ${pattern} within ${timeoutMs} ms; stderr: ${stderr.join('')}`),
            ),
          timeoutMs,
        );
        const onExit = () =>
          reject(new Error(`process exited before printing ${pattern}; stderr: ${stderr.join('')}`));
        child.once('exit', onExit);
        waiters.push({
          pattern,
          resolve: (m) => {
            clearTimeout(timer);
            child.off('exit', onExit);
            resolve(m);
          },
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
