/**
 * `node test/support/receiver-paused.ts STEP --port N --db URL`: the receiver as
 * `svc-connector receiver` runs it (settings from the flags and the environment), with a hook
 * that stops the batch handler for good at STEP (after-download, before-commit, after-commit,
 * before-archive) and says so on stderr, so a test can kill -9 it at exactly that point.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { receiverSettingsFromEnv } from '../../receiver/settings.ts';
import { startReceiver } from '../../receiver/start.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' }, host: { type: 'string' }, db: { type: 'string' } },
});
const [step] = positionals;
if (!step) throw new TypeError('[receiver-paused] name the step to pause at');

const running = await startReceiver(receiverSettingsFromEnv(process.env, values), {
  log: pino({ level: 'warn' }, pino.destination(2)),
  onStep: async (at) => {
    if (at !== step) return;
    // Written straight to stderr (pino may buffer) so the test sees it before it kills.
    process.stderr.write(`paused at ${at}\n`);
    await new Promise(() => {});
  },
});
process.stdout.write(`receiver listening on ${running.url}\n`);
