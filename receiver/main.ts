/**
 * `node receiver/main.ts`: the receiver from the environment alone, as `svc-connector receiver`
 * without flags runs it (PORT-less: 127.0.0.1:8090 unless the environment's settings say more).
 */
import { runReceiver, stopOnSignals } from './cli.ts';

const { running } = await runReceiver({}, { env: process.env });
process.stdout.write(`receiver listening on ${running.url}\n`);
stopOnSignals(running);
